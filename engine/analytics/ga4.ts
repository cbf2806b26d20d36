/**
 * Google Analytics 4 through gtag.js: Consent Mode v2 defaults (everything denied) before anything
 * else, then an update with the visitor's choice as it applies to Google (a category counts only with
 * Google's vendor consent too: consent.ts destinationChoice); `config` without the automatic page_view (the
 * funnel sends one per step); page_view with the whole address and the step's title, and GA4's
 * recommended ecommerce events (view_item_list, add_to_cart, begin_checkout, add_payment_info,
 * purchase with transaction_id, value, currency and items) from Segment's spec properties. Once the
 * visitor has an account, its id is GA4's `user_id` (`config` with user_id, as Google documents it),
 * the same id as Segment's userId, and only while analytics is granted; before, GA4 has its own
 * client id and nothing else.
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

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** GA4 items from Segment's products[] (or the plan of an event without them). */
function items(p: Record<string, unknown>): Array<Record<string, unknown>> | undefined {
  const products = Array.isArray(p.products) ? (p.products as Array<Record<string, unknown>>) : [];
  if (products.length)
    return products.map((x) => ({
      item_id: x.product_id,
      item_name: x.name ?? x.product_id,
      ...(num(x.price) === undefined ? {} : { price: x.price }),
      quantity: num(x.quantity) ?? 1,
      ...(num(x.position) === undefined ? {} : { index: x.position }),
    }));
  const id = p.product_id ?? p.plan;
  if (typeof id !== 'string' || !id) return undefined;
  const price = num(p.price) ?? num(p.value);
  return [{ item_id: id, item_name: id, ...(price === undefined ? {} : { price }), quantity: 1 }];
}

/**
 * GA4 parameters from catalogue properties. A page view keeps the whole address (utm and click ids
 * are how GA4 attributes the session) and the step's own title.
 */
function params(event: AnalyticsEvent, win: Window): Record<string, unknown> {
  const p = event.props;
  if (event.kind === 'page') {
    const page = event.context?.page;
    const location = page?.path === event.name ? page.url : win.location.origin + event.name + (page?.search ?? '');
    const title = typeof p.title === 'string' ? p.title : (page?.title ?? win.document.title);
    return {
      page_path: event.name,
      page_location: location,
      page_title: title,
      ...(page?.referrer ? { page_referrer: page.referrer } : {}),
      ...(event.context?.flow_version ? { flow_version: event.context.flow_version } : {}),
    };
  }
  const out: Record<string, unknown> = {};
  if (typeof p.method === 'string') out.method = p.method;
  if (typeof p.order_id === 'string') out.transaction_id = p.order_id;
  const value = num(p.value) ?? num(p.revenue) ?? num(p.price);
  if (value !== undefined) out.value = value;
  if (typeof p.currency === 'string') out.currency = p.currency;
  const list = items(p);
  if (list) out.items = list;
  if (typeof p.list_id === 'string') out.item_list_id = p.list_id;
  if (typeof p.payment_method === 'string') out.payment_type = p.payment_method;
  if (typeof p.experiment_id === 'string')
    Object.assign(out, { experiment_id: p.experiment_id, variation_id: p.variation_id, ...(typeof p.variant === 'string' ? { variant: p.variant } : {}) });
  const landing = p.landing_type ?? event.context?.landing_type;
  if (landing) out.landing_type = landing;
  if (event.context?.flow_version) out.flow_version = event.context.flow_version;
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
  let analyticsGranted = env.consent.analytics;
  let userIdSent = '';
  const src = typeof config.settings.scriptUrl === 'string' ? config.settings.scriptUrl : GTAG_URL;
  loadScript(win.document, `${src}?id=${encodeURIComponent(id)}`).catch(() => {
    /* blocked: the calls stay in the data layer, nothing waits for them */
  });
  return {
    send(event) {
      const name = mappedName(event, config.events);
      if (!name) return;
      // the account id, set before the first event that carries it (advanced consent mode loads the tag
      // before any choice: the id waits for analytics consent)
      if (event.userId && event.userId !== userIdSent && analyticsGranted) {
        userIdSent = event.userId;
        call('config', id, { send_page_view: false, user_id: event.userId });
      }
      call('event', name, params(event, win));
    },
    consentChanged(choice) {
      analyticsGranted = choice.analytics;
      call('consent', 'update', consentSignals(choice));
    },
  };
}
