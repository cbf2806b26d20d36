/**
 * The signup of spec section 4, React-free: loader on, POST /signup, then either success (token in
 * session storage, signup state, analytics identify, payment settings with retries) or failure (the
 * server's e-mail error, else "Failed to create an account", in the error banner of type signup);
 * loader off at the end. The payment settings are fetched after the account exists without holding
 * the visitor on the signup step: only the checkout needs them, and it waits for the same request.
 * The screen starts that request once the next step is painted and the page is idle (startSettings),
 * so building it does not lengthen the task that renders the step.
 * This module brings axios with it, so only the signup screen imports it.
 */
import type { Analytics } from '../../engine/index.ts';
import { getPaymentSettings, postSignup, SignupError } from './accountApi.ts';
import { config, type FunnelConfig } from '../../engine/index.ts';
import { createHttpClients, type HttpClients } from '../backend/http.ts';
import { networkType, PAYMENT_SETTINGS_RETRY, retry } from '../../engine/index.ts';
import { rateLimitText, rememberSession } from '../../engine/payments/index.ts';
import { hideError, setLoader, showError, type FunnelState } from '../../engine/index.ts';
import type { ProductState } from './slices.ts';
import { normalizeEmail } from '../../engine/index.ts';

/** The i18n key of the banner text when the server gives no e-mail error (spec section 8). */
export const SIGNUP_FAILED_KEY = 'errors.signupFailed';

export interface SignupDeps {
  /** The funnel's store: the payment settings need only the engine's slices (the backend adapter passes them). */
  store: FunnelState;
  analytics: Analytics;
  /** The HTTP clients; by default one set per store, created on first use from the build config. */
  http?: HttpClients;
  /** The wait between payment-settings tries (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Starts the payment-settings request once the account exists: at once unless told (the signup
   * screen waits until the next step is painted and the page is idle). A start after the settings
   * arrived sends nothing.
   */
  startSettings?: (start: () => void) => void;
}

export interface SignupInput {
  email: string;
  /** The visitor's name when the funnel asked for it; the e-mail is sent when there is none. */
  name?: string;
}

/** success: the account exists and the funnel may move on; failed: the banner shows why; busy: a submit is already running. */
export type SignupOutcome = 'success' | 'failed' | 'busy';

const clientsByStore = new WeakMap<FunnelState, HttpClients>();
const running = new WeakSet<FunnelState>();
/** The payment-settings request under way per store: the signup starts it, the checkout may wait for it. */
const settingsLoading = new WeakMap<FunnelState, Promise<boolean>>();

/** The store's HTTP clients, created lazily with the store's access token as the Bearer token. */
export function httpClientsFor(store: FunnelState, funnelConfig: FunnelConfig = config): HttpClients {
  let clients = clientsByStore.get(store);
  if (!clients) {
    clients = createHttpClients(funnelConfig, () => store.signup.token);
    clientsByStore.set(store, clients);
  }
  return clients;
}

/**
 * Fetches the payment settings into the signup state: 2 more tries 1 s apart on failure. A final
 * failure is reported to analytics but does not undo the signup (the account exists). A call while a
 * fetch is under way waits for that one instead of sending another.
 * @returns true when the settings arrived
 */
export function loadPaymentSettings(deps: SignupDeps): Promise<boolean> {
  const pending = settingsLoading.get(deps.store);
  if (pending) return pending;
  const loading = fetchPaymentSettings(deps).finally(() => settingsLoading.delete(deps.store));
  settingsLoading.set(deps.store, loading);
  return loading;
}

async function fetchPaymentSettings(deps: SignupDeps): Promise<boolean> {
  const { store, analytics } = deps;
  const http = deps.http ?? httpClientsFor(store);
  try {
    const settings = await retry(() => getPaymentSettings(http), { ...PAYMENT_SETTINGS_RETRY, ...(deps.sleep ? { sleep: deps.sleep } : {}) });
    Object.assign(store.signup, {
      publishableKey: settings.publishableKey,
      accountName: settings.accountName,
      skipPaywallDisabled: settings.discountSkipPaywall,
      force3ds: settings.force3ds,
      // a token from the settings wins; otherwise the one the signup state already holds stays
      clientToken: settings.clientToken || store.signup.clientToken,
    });
    return true;
  } catch (error) {
    analytics.track('payment_settings_failed', { network: networkType(), message: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

async function createAccount(deps: SignupDeps, email: string, name: string | undefined): Promise<SignupOutcome> {
  const { store, analytics } = deps;
  const http = deps.http ?? httpClientsFor(store);
  try {
    const result = await postSignup(http, { email, name, landingType: store.plans.landingType });
    rememberSession(store.signup, { token: result.accessToken, userId: result.userId, email });
    Object.assign(store.signup, { email, isValid: true, userId: result.userId, isSuccess: true });
    analytics.identify(result.userId, { email });
    analytics.track('Signed Up', { method: 'email', landing_type: store.plans.landingType });
  } catch (error) {
    const emailError = error instanceof SignupError ? error.emailError : undefined;
    // too many signups from here: say how long to wait (the server's Retry-After)
    const limited = error instanceof SignupError && error.status === 429 ? rateLimitText(error.retryAfterMs) : undefined;
    showError(store, 'signup', emailError ? { text: emailError } : (limited ?? { textKey: SIGNUP_FAILED_KEY }));
    store.signup.isSuccess = false;
    analytics.track('signup_failed', { status: error instanceof SignupError ? error.status : 0, server_message: emailError ?? null });
    return 'failed';
  }
  // not awaited: the next step does not need them (a failure is tracked; the checkout asks again, or
  // joins this request when it is under way)
  const start = (): void => {
    if (!store.signup.publishableKey) void loadPaymentSettings(deps);
  };
  if (deps.startSettings) deps.startSettings(start);
  else start();
  return 'success';
}

/**
 * Creates the account for an e-mail the screen has already checked. A second call while one runs
 * sends nothing and returns 'busy'. A visitor who already signed up with this address in this
 * session (e.g. reloaded right after) is not signed up twice.
 * @example if ((await submitSignup({ store, analytics }, { email })) === 'success') next();
 */
export async function submitSignup(deps: SignupDeps & { store: ProductState }, input: SignupInput): Promise<SignupOutcome> {
  const { store } = deps;
  if (running.has(store)) return 'busy';
  running.add(store);
  const email = normalizeEmail(input.email);
  // the family flow asks for a name first; the main funnel does not, so the e-mail stands in for it
  const name = input.name?.trim() || store.family.name.trim() || undefined;
  // signed up in this tab with this address (the stored e-mail may be another tab's signup)
  const signedUp = store.signup.isSuccess && store.signup.token !== '' && (store.signup.accountEmail || store.signup.email) === email;
  // kept (persisted) so the field still holds the address after a failure or a reload
  Object.assign(store.signup, { email, isValid: true });
  hideError(store);
  setLoader(store, true);
  try {
    if (!signedUp) return await createAccount(deps, email, name);
    if (!store.signup.publishableKey) void loadPaymentSettings(deps);
    return 'success';
  } finally {
    setLoader(store, false);
    running.delete(store);
  }
}
