/**
 * Meta Pixel with the standard fbevents.js snippet's semantics: `fbq` queues calls until the script
 * has loaded, `fbq('init', pixelId)` first, then `fbq('track', name, params, { eventID })`. The
 * purchase carries `eventID` = the fb_event_id sent with the subscription call, so the server's
 * Conversions API can de-duplicate it.
 */
import type { AnalyticsEvent } from '../core/analytics.ts';
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

/** Standard event parameters from catalogue properties. */
function params(event: AnalyticsEvent): Record<string, unknown> {
  const p = event.props;
  const out: Record<string, unknown> = {};
  if (typeof p.value === 'number') out.value = p.value;
  if (typeof p.currency === 'string') out.currency = p.currency;
  if (typeof p.plan === 'string' && p.plan) {
    out.content_ids = [p.plan];
    out.content_type = 'product';
  }
  return out;
}

export function createMetaPixel(config: DestinationConfig, env: DestinationEnv): Destination {
  const win = env.window as Window & { fbq?: Fbq };
  const fbq = installFbq(win);
  let failed = false;
  const call = (...args: unknown[]): void => {
    if (failed) return;
    fbq(...args);
    env.report(args);
  };
  const src = typeof config.settings.scriptUrl === 'string' ? config.settings.scriptUrl : FBEVENTS_URL;
  loadScript(win.document, src).catch(() => {
    failed = true; // blocked: stop queueing calls nobody will read
    fbq.queue.length = 0;
  });
  call('init', config.settings.pixelId);
  return {
    send(event) {
      const name = mappedName(event, config.events);
      if (!name) return;
      const eventId = event.props.eventId ?? event.props.fb_event_id;
      if (typeof eventId === 'string' && eventId) call('track', name, params(event), { eventID: eventId });
      else call('track', name, params(event));
    },
    consentChanged(choice) {
      call('consent', choice.marketing ? 'grant' : 'revoke');
    },
  };
}
