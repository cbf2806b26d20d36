/**
 * What every event carries (read from the store and the page when the event is made): the landing
 * type, the visitor's experiment assignments (`events.experiments`, experiment id -> landing type),
 * the campaign fields as Segment's `context.campaign`, the account id once signed up, and Segment's
 * `context.page`, `userAgent` and `locale`, and the build's version stamp (`flow_version`). All cheap
 * reads: this runs on the landing too.
 */
import type { EventContext } from '../core/analytics.ts';
import type { FunnelState } from '../core/store.ts';

// Segment's campaign field of each utm parameter
const CAMPAIGN_FIELDS = [
  ['utm_campaign', 'name'],
  ['utm_source', 'source'],
  ['utm_medium', 'medium'],
  ['utm_term', 'term'],
  ['utm_content', 'content'],
];

/** Segment's campaign object from utm parameters. @example campaignOf({ utm_source: 'fb' }) // { source: 'fb' } */
export function campaignOf(utm: Record<string, string>): Record<string, string> {
  const campaign: Record<string, string> = {};
  for (const [param, field] of CAMPAIGN_FIELDS) if (utm[param!]) campaign[field!] = utm[param!]!;
  return campaign;
}

type PageGlobals = {
  location: Pick<Location, 'href' | 'pathname' | 'search'>;
  document: Pick<Document, 'title' | 'referrer'>;
  navigator: Pick<Navigator, 'userAgent' | 'language'>;
};

/**
 * Segment's `context.page` of the current address. The query is kept (utm and click ids are what the
 * tools attribute by); the referrer is the page the visitor came from.
 */
export function pageContext(win: PageGlobals): NonNullable<EventContext['page']> {
  const { location, document } = win;
  return { path: location.pathname, referrer: document.referrer, search: location.search, title: document.title, url: location.href };
}

/** The context reader of the analytics port for a store (and the page, in a browser), with the build's version stamp. */
export function eventContextReader(
  store: FunnelState,
  win: PageGlobals | undefined = typeof window === 'undefined' ? undefined : window,
  flowVersion?: string,
): () => EventContext {
  return () => ({
    landing_type: store.plans.landingType,
    ...(flowVersion ? { flow_version: flowVersion } : {}),
    experiments: { ...(store.events as { experiments?: Record<string, string> }).experiments },
    campaign: campaignOf(store.events.utm),
    ...(store.signup.userId ? { userId: store.signup.userId } : {}),
    ...(win ? { page: pageContext(win), userAgent: win.navigator.userAgent, locale: win.navigator.language } : {}),
  });
}
