/**
 * Google Analytics 4 through gtag.js: Consent Mode v2 defaults (everything denied) before anything
 * else, then an update with the visitor's choice; `config` without the automatic page_view (the
 * funnel sends one per step); page_view, sign_up, begin_checkout and purchase with transaction_id,
 * value, currency and items.
 */
import type { AnalyticsEvent } from '../core/analytics.ts';
import { loadScript } from './scriptLoader.ts';
import { mappedName, type ConsentChoice, type Destination, type DestinationConfig, type DestinationEnv } from './types.ts';

export const GTAG_URL = 'https://www.googletagmanager.com/gtag/js';

type GtagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

const consentSignals = (c: ConsentChoice): Record<string, 'granted' | 'denied'> => ({
  analytics_storage: c.analytics ? 'granted' : 'denied',
  ad_storage: c.marketing ? 'granted' : 'denied',
  ad_user_data: c.marketing ? 'granted' : 'denied',
  ad_personalization: c.marketing ? 'granted' : 'denied',
});

/** GA4 parameters from catalogue properties. */
function params(event: AnalyticsEvent, win: Window): Record<string, unknown> {
  const p = event.props;
  if (event.kind === 'page') return { page_path: event.name, page_location: win.location.origin + event.name, page_title: win.document.title };
  const out: Record<string, unknown> = {};
  if (event.name === 'signup_completed') out.method = 'email';
  if (typeof p.subscriptionId === 'string') out.transaction_id = p.subscriptionId;
  if (typeof p.value === 'number') out.value = p.value;
  if (typeof p.currency === 'string') out.currency = p.currency;
  if (typeof p.plan === 'string' && p.plan)
    out.items = [{ item_id: p.plan, item_name: p.plan, ...(typeof p.value === 'number' ? { price: p.value } : {}), quantity: 1 }];
  const landing = p.landing_type ?? event.context?.landing_type;
  if (landing) out.landing_type = landing;
  return out;
}

export function createGa4(config: DestinationConfig, env: DestinationEnv): Destination {
  const win = env.window as GtagWindow;
  const dataLayer = (win.dataLayer ??= []);
  // gtag.js reads Arguments objects from the data layer, exactly as Google's snippet pushes them
  win.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  const gtag = win.gtag;
  const call = (...args: unknown[]): void => {
    gtag(...args);
    env.report(args);
  };
  const id = config.settings.measurementId as string;
  call('consent', 'default', consentSignals({ analytics: false, marketing: false }));
  call('consent', 'update', consentSignals(env.consent));
  call('js', new Date());
  call('config', id, { send_page_view: false });
  const src = typeof config.settings.scriptUrl === 'string' ? config.settings.scriptUrl : GTAG_URL;
  loadScript(win.document, `${src}?id=${encodeURIComponent(id)}`).catch(() => {
    /* blocked: the calls stay in the data layer, nothing waits for them */
  });
  return {
    send(event) {
      const name = mappedName(event, config.events);
      if (name) call('event', name, params(event, win));
    },
    consentChanged(choice) {
      call('consent', 'update', consentSignals(choice));
    },
  };
}
