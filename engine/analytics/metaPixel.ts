/**
 * Meta Pixel with the standard fbevents.js snippet's semantics: `fbq` queues calls until the script
 * has loaded, `fbq('init', pixelId)` first, then `fbq('track', name, params, { eventID })` for Meta's
 * standard events and `fbq('trackCustom', …)` for the others (an experiment exposure). Every event
 * carries an `eventID` (the event's id; the purchase's is the fb_event_id sent with the subscription
 * call), so the server's Conversions API can de-duplicate it. Once the visitor has an account, the
 * pixel is re-initialised with Meta's advanced matching: the account id as `external_id` (the same id
 * as Segment's userId and GA4's user_id) and, at signup, the e-mail as `em`, both hashed in the page
 * (hashedIds.ts); the calls that follow wait for it, so the signup's own events are matched too.
 */
import type { AnalyticsEvent } from '../core/analytics.ts';
import { hashedEmail, hashedExternalId } from './hashedIds.ts';
import { loadScript } from './scriptLoader.ts';
import { mappedName, type Destination, type DestinationConfig, type DestinationEnv } from './types.ts';

export const FBEVENTS_URL = 'https://connect.facebook.net/en_US/fbevents.js';

type Fbq = ((...args: unknown[]) => void) & { callMethod?: (...a: unknown[]) => void; queue: unknown[][]; push?: unknown; loaded?: boolean; version?: string };

/** The standard snippet's `fbq` stub (without the script tag, which loadScript adds). */
function installFbq(win: Window & { fbq?: Fbq; _fbq?: Fbq }): Fbq {
  if (win.fbq) return win.fbq;
  const n = function (...args: unknown[]): void {
    if (n.callMethod) n.callMethod(...args);
    else n.queue.push(args);
  } as Fbq;
  win._fbq ??= n;
  Object.assign(n, { push: n, loaded: true, version: '2.0', queue: [] });
  win.fbq = n;
  return n;
}

/** Meta's standard events: any other name is sent with `trackCustom`. */
export const STANDARD_EVENTS = new Set([
  'AddPaymentInfo',
  'AddToCart',
  'AddToWishlist',
  'CompleteRegistration',
  'Contact',
  'CustomizeProduct',
  'Donate',
  'FindLocation',
  'InitiateCheckout',
  'Lead',
  'PageView',
  'Purchase',
  'Schedule',
  'Search',
  'StartTrial',
  'SubmitApplication',
  'Subscribe',
  'ViewContent',
]);

export { hashedEmail };

/** Standard event parameters from catalogue properties (Segment's products[] as content_ids). */
function params(event: AnalyticsEvent): Record<string, unknown> {
  const p = event.props;
  const out: Record<string, unknown> = {};
  const value = [p.value, p.revenue, p.price].find((v) => typeof v === 'number');
  if (value !== undefined) out.value = value;
  if (typeof p.currency === 'string') out.currency = p.currency;
  const products = Array.isArray(p.products) ? (p.products as Array<{ product_id?: unknown }>) : [];
  const ids = products.length
    ? products.map((x) => x.product_id).filter((id) => typeof id === 'string')
    : [p.product_id ?? p.plan].filter((id) => typeof id === 'string' && id);
  if (ids.length) {
    out.content_ids = ids;
    out.content_type = 'product';
  }
  if (typeof p.experiment_id === 'string') {
    Object.assign(out, { experiment_id: p.experiment_id, variation_id: p.variation_id });
    if (typeof p.variant === 'string') out.variant = p.variant;
  }
  // custom data: which version of the flows the visitor saw
  if (event.context?.flow_version) out.flow_version = event.context.flow_version;
  return out;
}

export function createMetaPixel(config: DestinationConfig, env: DestinationEnv): Destination {
  const win = env.window as Window & { fbq?: Fbq };
  const fbq = installFbq(win);
  let failed = false;
  // calls made while an advanced-matching hash is computed wait for it (reported at once, made in order after it)
  let hashing = 0;
  const waiting: unknown[][] = [];
  const call = (...args: unknown[]): void => {
    if (failed) return;
    env.report(args);
    if (hashing) waiting.push(args);
    else fbq(...args);
  };
  // the account whose matching keys the pixel has (an identify's e-mail is added once, with its account)
  let matchedAccount = '';
  const matchAccount = (accountId: string, email: string | undefined): void => {
    matchedAccount = accountId;
    hashing += 1;
    void Promise.all([hashedExternalId(accountId), email ? hashedEmail(email) : undefined])
      .then(([externalId, em]) => {
        const keys = { ...(em ? { em } : {}), ...(externalId ? { external_id: externalId } : {}) };
        if (Object.keys(keys).length && !failed) {
          const init = ['init', config.settings.pixelId, keys];
          fbq(...init);
          env.report(init);
        }
      })
      .catch(() => undefined)
      .finally(() => {
        hashing -= 1;
        if (!hashing) for (const args of waiting.splice(0)) if (!failed) fbq(...args);
      });
  };
  const src = typeof config.settings.scriptUrl === 'string' ? config.settings.scriptUrl : FBEVENTS_URL;
  loadScript(win.document, src).catch(() => {
    failed = true; // blocked: stop queueing calls nobody will read
    fbq.queue.length = 0;
  });
  call('init', config.settings.pixelId);
  return {
    send(event) {
      // advanced matching, once per account (this destination only ever receives events with marketing
      // consent): its id and, at signup, its e-mail, hashed; the address itself never reaches Meta
      if (event.kind === 'identify') {
        if (event.name) matchAccount(event.name, typeof event.props.email === 'string' ? event.props.email : undefined);
        return;
      }
      // a later page of a signed-up visitor: the account id the events carry
      if (event.userId && event.userId !== matchedAccount) matchAccount(event.userId, undefined);
      const name = mappedName(event, config.events);
      if (!name) return;
      // every event carries an id (the Conversions API de-duplicates by it); the purchase's is the subscription call's fb_event_id
      const eventId = [event.props.event_id, event.props.eventId, event.id].find((id) => typeof id === 'string' && id);
      const method = STANDARD_EVENTS.has(name) ? 'track' : 'trackCustom';
      if (eventId) call(method, name, params(event), { eventID: eventId });
      else call(method, name, params(event));
    },
    consentChanged(choice) {
      call('consent', choice.marketing ? 'grant' : 'revoke');
    },
  };
}
