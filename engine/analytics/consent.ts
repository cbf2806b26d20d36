/**
 * The consent store of a visit, which destinations and the banner subscribe to (the rules
 * themselves: consentRules.ts), and the per-destination decision: a destination runs when its
 * consent category is granted and, under a TCF CMP, when its purposes and its vendor are consented
 * (vendorConsent.ts). Under the built-in banner (or a generic CMP) the category the visitor chose is
 * the signal for every vendor of that category.
 */
import { writeItem } from '../core/safeStorage.ts';
import type { ConsentCategory, ConsentChoice, DestinationConfig } from './types.ts';
import { CONSENT_STORAGE_KEY, storedChoice, type ConsentRule, type ConsentRules } from './consentRules.ts';
import { TCF_PURPOSES } from './cmp.ts';
import { destinationAllowed, vendorAllowed, type TcfSignal } from './vendorConsent.ts';

export * from './consentRules.ts';
/** The visitor's choice per category (Segment's `context.consent.categoryPreferences`): one implementation, in segmentConsent.ts. */
export { categoryPreferences } from './segmentConsent.ts';

/** What the visitor decided (or the rule's defaults) and whether they have decided yet. */
export interface ConsentState extends ConsentChoice {
  decided: boolean;
  /**
   * Where the choice comes from: the built-in banner (or a generic CMP, or the rule's defaults), or a
   * TCF CMP, whose vendor-level answer is `tcf` once it has answered. Absent: the banner.
   */
  source?: 'banner' | 'tcf';
  tcf?: TcfSignal;
}

export interface ConsentStore {
  readonly rule: ConsentRule;
  get(): ConsentState;
  /** Records the visitor's choice (remembered in local storage), with a TCF CMP's vendor-level signal. */
  decide(choice: ConsentChoice, tcf?: TcfSignal): void;
  /** Called on every change with the new state; returns the unsubscribe function. */
  subscribe(listener: (state: ConsentState) => void): () => void;
}

/**
 * The consent store of a visit under a rule; a stored choice of the same rules version wins over
 * defaults. Under a TCF CMP nothing is granted until it answers: the stored choice carries no vendor
 * answers, and the CMP keeps its own record (it answers 'tcloaded' at once for a returning visitor).
 */
export function createConsentStore(rules: ConsentRules, rule: ConsentRule, now: () => number = Date.now): ConsentStore {
  const tcfCmp = rules.cmp?.type === 'tcf';
  const stored = tcfCmp ? undefined : storedChoice(rules.version);
  // the banner's state carries no `source` (absent = banner)
  const source = tcfCmp ? ({ source: 'tcf' } as const) : {};
  let state: ConsentState = tcfCmp
    ? { analytics: false, marketing: false, decided: false, ...source }
    : stored
      ? { ...stored, decided: true }
      : { ...rule.defaults, decided: !rule.banner };
  const listeners = new Set<(s: ConsentState) => void>();
  return {
    rule,
    get: () => state,
    decide(choice, tcf) {
      state = { analytics: choice.analytics, marketing: choice.marketing, decided: true, ...source, ...(tcf ? { tcf } : {}) };
      writeItem('local', CONSENT_STORAGE_KEY, JSON.stringify({ v: rules.version, analytics: choice.analytics, marketing: choice.marketing, at: now() }));
      for (const listener of [...listeners]) listener(state);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** Whether a category may receive events now: granted, or still undecided (then it queues). */
export function categoryStatus(state: ConsentState, category: ConsentCategory): 'granted' | 'pending' | 'refused' {
  if (category === 'necessary' || state[category]) return 'granted';
  return state.decided ? 'refused' : 'pending';
}

type Declared = Pick<DestinationConfig, 'category' | 'consent'>;

/**
 * Whether a destination may run now: 'granted', 'pending' (undecided: it queues) or 'refused'.
 * Under a TCF CMP (where GDPR applies) its declared purposes and its vendor decide; a vendor with no
 * signal is refused; one that declares nothing needs its category's purposes (cmp.ts) and has no
 * vendor signal. Otherwise its category decides. `category` overrides the declared one (Google's
 * advanced consent mode loads before any choice).
 * @example destinationStatus(state, { category: 'marketing', consent: { purposes: [1, 3, 4, 7], vendor: { googleAc: 89 } } })
 */
export function destinationStatus(
  state: ConsentState,
  destination: Declared,
  category: ConsentCategory = destination.category,
): 'granted' | 'pending' | 'refused' {
  if (category === 'necessary') return 'granted';
  if (state.source !== 'tcf' || state.tcf?.gdprApplies === false) return categoryStatus(state, category);
  if (!state.tcf) return 'pending';
  return destinationAllowed(destination.consent, state.tcf, TCF_PURPOSES[category]) ? 'granted' : 'refused';
}

/** Whether a destination may run now (its status is 'granted'). */
export function destinationMayRun(state: ConsentState, destination: Declared): boolean {
  return destinationStatus(state, destination) === 'granted';
}

/**
 * The decision for each destination (by its id): whether it may run now (destinationMayRun). Handed
 * on with the purchase (the subscription call's `attribution.consent.vendors`), so a server sending
 * the purchase on decides per vendor exactly as the browser did, a TCF CMP's vendor answers included.
 * @example destinationDecisions(state, destinations) // { collector: true, meta: false, ga4: true }
 */
export function destinationDecisions(state: ConsentState, destinations: ReadonlyArray<Declared & Pick<DestinationConfig, 'id'>>): Record<string, boolean> {
  // fromEntries defines own properties: an id such as "__proto__" stays a plain key
  return Object.fromEntries(destinations.map((d) => [d.id, destinationMayRun(state, d)]));
}

/**
 * The choice as it applies to one destination: each category only where the destination's vendor is
 * consented too, so Google Consent Mode's signals (ad_storage, ad_user_data, ad_personalization,
 * analytics_storage) reflect Google's vendor consent as well as the purposes.
 */
export function destinationChoice(state: ConsentState, destination: Declared): ConsentChoice {
  const vendor = state.source !== 'tcf' || (state.tcf !== undefined && vendorAllowed(destination.consent?.vendor, state.tcf));
  return { analytics: state.analytics && vendor, marketing: state.marketing && vendor };
}
