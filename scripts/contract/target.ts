/**
 * What `npm run contract` talks to: the backend's base addresses, the plans and test cards it uses, and
 * how hard it floods. Every field comes from a flag or a JSON config file (`--config`); the defaults are
 * the sandbox's addresses (screens/product/previewConfig.ts) under `--base` and the project's own flows.
 */
import { readFileSync } from 'node:fs';
import { getVariant, variantIds } from '../../engine/core/flowGraph.ts';
import { funnelData } from '../../screens/flowData.ts';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';
import { portalAddresses } from '../../screens/backend/addresses.ts';

export interface ContractTarget {
  /** Signup and invite-code lookups (the product's WEBAPI_URL). */
  webApi: string;
  /** Payment settings, subscriptions, polling, receipts (PORTAL_URL). */
  portal: string;
  /** The Braintree subscription call (BRAINTREE_PORTAL_URL). */
  braintree: string;
  /**
   * The card provider's test-mode API, Stripe-shaped: `POST payment_methods` with the publishable key
   * and a test card, and `POST payment_intents/{id}/confirm` with the client secret and
   * `authentication: 'complete' | 'fail'` (the 3-D Secure challenge's answer). The sandbox's is
   * /sandbox/stripe/v1; a real backend points this at a test-mode adapter (docs/purchases.md).
   */
  cardApi: string;
  /** A landing type whose variant sells `plans`. */
  landing: string;
  /** Two main plans the landing sells. */
  plans: [string, string];
  /** A plan of the catalogue the landing does not sell. */
  unsoldPlan: string;
  /** The add-on sold after a main subscription (`is_upsell: true`). */
  upsellPlan: string;
  /** Test cards: one that pays, one that asks for 3-D Secure. */
  cards: { pays: string; threeDSecure: string };
  /** The most requests a rate-limit clause sends before it gives up waiting for a 429. */
  flood: number;
  /** How long a purchase's polling may take, in ms. */
  pollTimeoutMs: number;
}

const SANDBOX_CARD_API = '/sandbox/stripe/v1';

/** The first landing of the flows that sells two plans, and a catalogue plan it does not sell. */
function defaultPlans(): Pick<ContractTarget, 'landing' | 'plans' | 'unsoldPlan'> {
  const catalogue = Object.keys(funnelData.plans.plans);
  for (const id of variantIds(funnelData.landings)) {
    const sold = getVariant(funnelData.landings, id)!.plans;
    const unsold = catalogue.find((plan) => !sold.includes(plan));
    if (sold.length >= 2 && unsold) return { landing: id, plans: [sold[0]!, sold[1]!], unsoldPlan: unsold };
  }
  throw new Error('No landing in flows/landings.json sells two plans while another plan is left unsold: pass --landing, --plans and --unsold-plan');
}

/** The target with the sandbox's addresses under `base` (an origin such as http://127.0.0.1:8080). */
export function sandboxTarget(base: string): ContractTarget {
  const origin = base.replace(/\/+$/, '');
  const sandbox = portalAddresses(PREVIEW_CONFIG);
  return {
    webApi: origin + sandbox.webApiUrl,
    portal: origin + sandbox.portalUrl,
    braintree: origin + sandbox.braintreePortalUrl,
    cardApi: origin + SANDBOX_CARD_API,
    ...defaultPlans(),
    upsellPlan: funnelData.plans.upsell.name,
    cards: { pays: '4242424242424242', threeDSecure: '4000002500003155' },
    flood: 400,
    pollTimeoutMs: 30_000,
  };
}

/** A field of a config file or flag, checked: a wrong type names the field. */
function merge(target: ContractTarget, overrides: Record<string, unknown>, source: string): ContractTarget {
  const next: ContractTarget = { ...target, cards: { ...target.cards } };
  const text = (field: string): string => {
    const value = overrides[field];
    if (typeof value !== 'string' || !value) throw new Error(`${source}: "${field}" must be a non-empty string`);
    return value;
  };
  const has = (field: string): boolean => Object.hasOwn(overrides, field) && overrides[field] !== undefined;
  for (const field of ['webApi', 'portal', 'braintree', 'cardApi', 'landing', 'unsoldPlan', 'upsellPlan'] as const) if (has(field)) next[field] = text(field);
  if (has('plans')) {
    const plans = overrides.plans;
    const list = typeof plans === 'string' ? plans.split(',') : plans;
    if (!Array.isArray(list) || list.length !== 2 || !list.every((p) => typeof p === 'string' && p)) throw new Error(`${source}: "plans" must name two plans`);
    next.plans = [list[0] as string, list[1] as string];
  }
  if (has('cardPays')) next.cards.pays = text('cardPays');
  if (has('card3ds')) next.cards.threeDSecure = text('card3ds');
  for (const field of ['flood', 'pollTimeoutMs'] as const) {
    if (!has(field)) continue;
    const n = Number(overrides[field]);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${source}: "${field}" must be a positive whole number`);
    next[field] = n;
  }
  return next;
}

/** The flags `npm run contract` takes besides --base, --config and --sandbox, by the field they set. */
export const TARGET_FLAGS = {
  webapi: 'webApi',
  portal: 'portal',
  braintree: 'braintree',
  'card-api': 'cardApi',
  landing: 'landing',
  plans: 'plans',
  'unsold-plan': 'unsoldPlan',
  'upsell-plan': 'upsellPlan',
  'card-pays': 'cardPays',
  'card-3ds': 'card3ds',
  flood: 'flood',
  'poll-timeout-ms': 'pollTimeoutMs',
} as const;

/** The target: the sandbox's under `base`, then the config file's fields, then the flags'. */
export function resolveTarget(base: string, configFile: string | undefined, flags: Record<string, unknown>): ContractTarget {
  let target = sandboxTarget(base);
  if (configFile) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(configFile, 'utf8'));
    } catch (error) {
      throw new Error(`${configFile}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${configFile}: must hold a JSON object`);
    target = merge(target, parsed as Record<string, unknown>, configFile);
  }
  const fromFlags: Record<string, unknown> = {};
  for (const [flag, field] of Object.entries(TARGET_FLAGS)) if (flags[flag] !== undefined) fromFlags[field] = flags[flag];
  return merge(target, fromFlags, 'flags');
}
