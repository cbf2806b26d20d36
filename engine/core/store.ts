/**
 * The funnel's state: the valtio (vanilla) slices of spec section 3. The engine declares its kernel
 * slices here; the product declares its own (defaults, persisted or not) and passes them to
 * createFunnelStore. React reads them with useSnapshot; core code mutates the proxies directly.
 */
import { proxy } from 'valtio/vanilla';
import { sliceDefaults, type AnySliceDeclaration, type SliceDeclarationsOf } from './slices.ts';

export type { SliceDeclaration, SliceDeclarationsOf } from './slices.ts';

export interface SignupState {
  email: string;
  isValid: boolean;
  /** The access token; kept in session storage, never persisted to local storage. */
  token: string;
  gzUserID: string;
  isSuccess: boolean;
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

export interface EventsState {
  /** The visitor id (the userUuid cookie's value, spec section 4), set at start-up; every event carries it. */
  visitorId: string;
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

/**
 * The engine's own slices: what any funnel needs (the landing and its plans, the account the checkout
 * charges, the checkout, tracking data, the error banner, the loader, interface flags).
 */
export interface KernelState {
  signup: SignupState;
  checkout: CheckoutState;
  plans: PlansState;
  error: ErrorState;
  loader: LoaderState;
  events: EventsState;
  ui: UiState;
}

/**
 * The product's slices. Empty in the engine: the product adds its own by declaration merging and
 * passes their declarations to the store (see `SliceDeclarations`).
 * @example declare module '<engine>' { interface ProductSlices { profile: ProfileState } }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ProductSlices {}

/** The whole state: the kernel slices plus the product's declared ones. */
export type FunnelState = KernelState & ProductSlices;

/** The declarations the product passes for its slices: one per slice of ProductSlices. */
export type SliceDeclarations = SliceDeclarationsOf<ProductSlices>;

/** The kernel slices: which persist (spec section 3) and which fields never reach local storage. */
export const KERNEL_SLICES: SliceDeclarationsOf<KernelState> = {
  signup: {
    persist: true,
    transient: ['token'], // the access token lives in session storage only
    defaults: () => ({
      email: '',
      isValid: false,
      token: '',
      gzUserID: '',
      isSuccess: false,
      stripePublishKey: '',
      stripeAccountName: '',
      skipPaywallDisabled: false,
      force3ds: false,
      btToken: '',
    }),
  },
  checkout: {
    persist: false,
    defaults: () => ({
      cardholderName: '',
      token: '',
      isSuccess: false,
      isFormValid: false,
      stripeToken: '',
      id: '',
      finalPrice: 0,
      regularPrice: 0,
      isCardFormShown: true,
      discountPercentage: 0,
      stripeNonce: '',
      declineCode: '',
      upsellData: { success: null, finalPrice: 0, regularPrice: 0 },
    }),
  },
  plans: { persist: true, defaults: () => ({ landingType: 'fullPrice', plan: '', checkoutVisited: false, origin: '', utm: {}, os: '' }) },
  error: { persist: false, defaults: () => ({ show: false, type: '', text: '', textKey: '' }) },
  loader: { persist: false, defaults: () => ({ show: false, type: 'normal', withMessage: false }) },
  events: {
    persist: true,
    defaults: () => ({ visitorId: '', app_domain: '', utm_source: '', utm: {}, os: '', analyticsData: {}, captured: false, experiments: {} }),
  },
  ui: { persist: true, defaults: () => ({ isWebp: false, loadImages: true }) },
};

const declarationsByStore = new WeakMap<object, Record<string, AnySliceDeclaration>>();

/** Every slice declaration of a store (kernel first, then the product's), by slice name. */
export function declarationsOf(store: FunnelState): Record<string, AnySliceDeclaration> {
  return declarationsByStore.get(store) ?? (KERNEL_SLICES as unknown as Record<string, AnySliceDeclaration>);
}

/** A fresh copy of the default state for these product slices. */
export function defaultState(slices: SliceDeclarations): FunnelState {
  return { ...sliceDefaults<KernelState>(KERNEL_SLICES), ...sliceDefaults<ProductSlices>(slices) };
}

/**
 * Creates the store: one valtio proxy per slice, the kernel's and the product's declared ones.
 * @example const store = createFunnelStore(productSlices); store.plans.plan = 'gz-1-month-tiger';
 */
export function createFunnelStore(slices: SliceDeclarations, initial: Partial<FunnelState> = {}): FunnelState {
  for (const name of Object.keys(slices)) {
    if (name in KERNEL_SLICES) throw new Error(`The product declares a slice "${name}", which is a kernel slice: give it another name.`);
  }
  const store = proxy({ ...defaultState(slices), ...initial });
  declarationsByStore.set(store, { ...KERNEL_SLICES, ...slices } as unknown as Record<string, AnySliceDeclaration>);
  return store;
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
