/**
 * The funnel's state: the valtio (vanilla) slices of spec section 3. React reads them with
 * useSnapshot; core code mutates the proxies directly.
 */
import { proxy } from 'valtio/vanilla';

export interface SignupState {
  email: string;
  isValid: boolean;
  /** The access token; kept in session storage, never persisted to local storage. */
  token: string;
  gzUserID: string;
  isSuccess: boolean;
  userUuid: string;
  stripePublishKey: string;
  stripeAccountName: string;
  skipPaywallDisabled: boolean;
  force3ds: boolean;
  btToken: string;
}

export interface UpsellData {
  success: boolean | null;
  finalPrice: number;
  regularPrice: number;
}

export interface CheckoutState {
  cardholderName: string;
  token: string;
  isSuccess: boolean;
  isFormValid: boolean;
  stripeToken: string;
  id: string;
  finalPrice: number;
  regularPrice: number;
  isCardFormShown: boolean;
  discountPercentage: number;
  stripeNonce: string;
  declineCode: string;
  upsellData: UpsellData;
}

export interface UtmParams {
  [name: string]: string;
}

export interface PlansState {
  landingType: string;
  plan: string;
  checkoutVisited: boolean;
  origin: string;
  utm: UtmParams;
  os: string;
}

export interface ErrorState {
  show: boolean;
  type: string;
  /** A text as the server gave it (shown as is) ... */
  text: string;
  /** ... or an i18n key, translated when shown. */
  textKey: string;
}

export type LoaderType = 'normal' | 'checkout';

export interface LoaderState {
  show: boolean;
  type: LoaderType;
  /** The overlay shows its text only when asked. */
  withMessage: boolean;
}

export interface OptionsState {
  done: boolean;
  answeredCount: number;
  answers: Record<string, string>;
}

export interface FamilyState {
  name: string;
  phone: string;
  phoneCountry: string;
  circleAction: string;
  circleName: string;
  code: string;
  role: string;
  home: string;
  /** When the trial reservation started (ms since epoch); 0 until the offer is first shown. */
  offerStartedAt: number;
}

export interface EventsState {
  app_domain: string;
  utm_source: string;
  utm: UtmParams;
  os: string;
  analyticsData: Record<string, string>;
  /** True once the query string of the first screen has been read. */
  captured: boolean;
  /** The visitor's running experiments: experiment id -> variant shown (sticky; carried by every event). */
  experiments: Record<string, string>;
}

export interface UiState {
  isWebp: boolean;
  loadImages: boolean;
}

export interface FunnelState {
  signup: SignupState;
  checkout: CheckoutState;
  plans: PlansState;
  error: ErrorState;
  loader: LoaderState;
  options: OptionsState;
  family: FamilyState;
  events: EventsState;
  ui: UiState;
}

/** The slices kept in local storage (spec section 3). */
export const PERSISTED_SLICES = ['plans', 'ui', 'signup', 'family', 'events'] as const;
export type PersistedSlice = (typeof PERSISTED_SLICES)[number];

/** A fresh copy of the default state. */
export function defaultState(): FunnelState {
  return {
    signup: {
      email: '', isValid: false, token: '', gzUserID: '', isSuccess: false, userUuid: '',
      stripePublishKey: '', stripeAccountName: '', skipPaywallDisabled: false, force3ds: false, btToken: '',
    },
    checkout: {
      cardholderName: '', token: '', isSuccess: false, isFormValid: false, stripeToken: '', id: '',
      finalPrice: 0, regularPrice: 0, isCardFormShown: true, discountPercentage: 0, stripeNonce: '', declineCode: '',
      upsellData: { success: null, finalPrice: 0, regularPrice: 0 },
    },
    plans: { landingType: 'fullPrice', plan: '', checkoutVisited: false, origin: '', utm: {}, os: '' },
    error: { show: false, type: '', text: '', textKey: '' },
    loader: { show: false, type: 'normal', withMessage: false },
    options: { done: false, answeredCount: 0, answers: {} },
    family: { name: '', phone: '', phoneCountry: '', circleAction: '', circleName: '', code: '', role: '', home: '', offerStartedAt: 0 },
    events: { app_domain: '', utm_source: '', utm: {}, os: '', analyticsData: {}, captured: false, experiments: {} },
    ui: { isWebp: false, loadImages: true },
  };
}

/**
 * Creates the store: one valtio proxy per slice.
 * @example const store = createFunnelStore(); store.options.answeredCount += 1;
 */
export function createFunnelStore(initial: Partial<FunnelState> = {}): FunnelState {
  const base = defaultState();
  return proxy({ ...base, ...initial });
}

/** Shows the red error banner with a literal text (as a server sent it) or an i18n key. */
export function showError(store: FunnelState, type: string, message: { text?: string; textKey?: string }): void {
  Object.assign(store.error, { show: true, type, text: message.text ?? '', textKey: message.textKey ?? '' });
}

/** Hides the error banner. */
export function hideError(store: FunnelState): void {
  store.error.show = false;
}

/** Turns the full-screen loader on (with its text when asked) or off. */
export function setLoader(store: FunnelState, show: boolean, type: LoaderType = 'normal', withMessage = false): void {
  Object.assign(store.loader, { show, type, withMessage });
}
