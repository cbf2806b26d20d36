/**
 * The start-up sequence of spec section 4, in order. Everything a browser provides is injected, so
 * the order and each step are unit-tested without a browser.
 */
import type { Analytics } from './analytics.ts';
import type { FunnelState } from './store.ts';
import { ensureVisitorId } from './visitor.ts';
import { readItem, readJson } from './safeStorage.ts';
import { supportsWebp } from './tracking.ts';

export const ACCESS_TOKEN_KEY = 'access_token';
/** The account of the session's access token ({ id, email }), kept beside it in session storage. */
export const ACCESS_ACCOUNT_KEY = 'access_account';
export const ATTRIBUTION_POLL_MS = 1000;
export const ATTRIBUTION_POLL_TRIES = 30;
export const ONBOARDING_STARTED_DELAY_MS = 1000;

export interface StartupEnv {
  store: FunnelState;
  analytics: Analytics;
  document: Pick<Document, 'cookie'>;
  userAgent: string;
  secure: boolean;
  /** Preloads image URLs (two backgrounds). */
  preload: (urls: string[]) => void;
  /** Background image URLs to preload, given isWebp. */
  preloadUrls: (isWebp: boolean) => string[];
  /** The marketing-attribution global to wait for ('' skips the wait). */
  attributionGlobal: string;
  getGlobal: (name: string) => unknown;
  serviceWorker?: Pick<ServiceWorkerContainer, 'getRegistrations'>;
  setTimeout: (fn: () => void, ms: number) => unknown;
  /** Whether the visitor id cookie may be written now (consent rules); default yes. */
  visitorCookieAllowed?: () => boolean;
  /** Called with each step's name as it runs (tests read the order). */
  onStep?: (name: string) => void;
}

/** Polls every second (bounded) until the attribution global appears, then sets the external id. */
function waitForAttribution(env: StartupEnv): void {
  if (!env.attributionGlobal) return;
  let tries = 0;
  const poll = (): void => {
    const tracker = env.getGlobal(env.attributionGlobal) as { setCustomerUserId?: (id: string) => void } | undefined;
    if (tracker) {
      // the external id in the ad tracker comes from the utm source (spec section 3)
      tracker.setCustomerUserId?.(env.store.events.utm_source || env.store.events.visitorId);
      env.analytics.track('attribution_ready');
      return;
    }
    if (++tries < ATTRIBUTION_POLL_TRIES) env.setTimeout(poll, ATTRIBUTION_POLL_MS);
  };
  poll();
}

/**
 * Runs steps 1 to 8 of the start-up (step 9, the query capture, happens on the first screen).
 * @returns the visitor id
 */
export async function runStartup(env: StartupEnv): Promise<string> {
  const step = (name: string): void => env.onStep?.(name);
  step('visitor-cookie');
  const userUuid = await ensureVisitorId(env.document, env.secure, undefined, env.visitorCookieAllowed?.() ?? true);
  step('save-visitor');
  env.store.events.visitorId = userUuid;
  env.store.events.analyticsData.userUuid = userUuid;
  env.store.signup.userUuid = userUuid;
  env.analytics.setVisitor(userUuid);
  step('access-token');
  const token = readItem('session', ACCESS_TOKEN_KEY);
  if (token) {
    env.store.signup.token = token;
    const account = readJson<{ id?: unknown; email?: unknown }>('session', ACCESS_ACCOUNT_KEY);
    if (typeof account?.id === 'string' && typeof account.email === 'string') {
      Object.assign(env.store.signup, { accountId: account.id, accountEmail: account.email });
    }
  }
  step('webp');
  env.store.ui.isWebp = supportsWebp(env.userAgent);
  step('preload');
  env.preload(env.preloadUrls(env.store.ui.isWebp));
  step('attribution');
  waitForAttribution(env);
  step('service-worker');
  try {
    const registrations = (await env.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((r) => r.unregister()));
  } catch {
    /* no service worker API (private mode, insecure origin): nothing to unregister */
  }
  step('analytics');
  // the first step's page view comes from the step host, as every step's does (one per step)
  env.setTimeout(() => env.analytics.track('onboarding_started', { userUuid }), ONBOARDING_STARTED_DELAY_MS);
  return userUuid;
}
