/**
 * The funnel's state: the valtio (vanilla) slices of spec section 3. The engine declares its kernel
 * slices here and the payment port its own (engine/payments/state.ts); the product declares its own (defaults, persisted or not) and passes them to
 * createFunnelStore. React reads them with useSnapshot; core code mutates the proxies directly.
 */
import { proxy } from 'valtio/vanilla';
import { sliceDefaults, type AnySliceDeclaration, type SliceDeclarationsOf } from './slices.ts';
// the payment port's state (the account it charges, the checkout) is a leaf module of its own
import { PAYMENT_SLICES, type PaymentState } from '../payments/state.ts';

export type { CheckoutState, PaymentState, SignupState, UpsellData } from '../payments/state.ts';

export type { SliceDeclaration, SliceDeclarationsOf } from './slices.ts';

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
  /** The ISO 4217 currency the visitor is shown and charged ('' until decided: the base, USD); engine/core/visitorCurrency.ts. */
  currency: string;
}

export interface ErrorState {
  show: boolean;
  type: string;
  /** A text as the server gave it (shown as is) ... */
  text: string;
  /** ... or an i18n key, translated when shown ... */
  textKey: string;
  /** ... with these values in its placeholders (the seconds to wait after a 429). */
  textValues?: Record<string, number>;
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
  /**
   * The ad click ids of the arrival (gclid, gbraid, wbraid, fbclid), kept for the subscription call's
   * attribution (Conversions API, Google's offline conversions); absent when the visit came with none.
   */
  clickIds?: Partial<Record<'gclid' | 'gbraid' | 'wbraid' | 'fbclid', string>>;
  /** When the arrival with click ids was captured (ms), the creation time of Meta's `fbc`. */
  clickAt?: number;
}

export interface UiState {
  isWebp: boolean;
  loadImages: boolean;
}

/**
 * The kernel slices: what any funnel needs (the landing and its plans, tracking data, the error
 * banner, the loader, interface flags; the visited paths live in session storage, history.ts).
 */
export interface KernelState {
  plans: PlansState;
  error: ErrorState;
  loader: LoaderState;
  events: EventsState;
  ui: UiState;
}

/** The engine's slices: the kernel's and the payment port's (engine/payments/state.ts). */
export type EngineState = KernelState & PaymentState;

/**
 * The whole state of a funnel whose product declares the slices S: the engine's slices plus the
 * product's. S is the product's own interface, passed as a type argument (createFunnelStore infers it
 * from the declarations, defineFunnel carries it); engine code takes the plain FunnelState.
 * @example type ProductState = FunnelState<{ profile: ProfileState }>;
 */
export type FunnelState<S extends object = object> = EngineState & S;

/** The declarations a product passes for its slices S: one per slice, each typed by the slice's value. */
export type SliceDeclarations<S extends object> = SliceDeclarationsOf<S>;

/** The kernel slices: which persist (spec section 3). */
export const KERNEL_SLICES: SliceDeclarationsOf<KernelState> = {
  // the landing type is empty until a step records one (the home variant's when no landing path did)
  plans: { persist: true, defaults: () => ({ landingType: '', plan: '', checkoutVisited: false, origin: '', utm: {}, os: '', currency: '' }) },
  error: { persist: false, defaults: () => ({ show: false, type: '', text: '', textKey: '' }) },
  loader: { persist: false, defaults: () => ({ show: false, type: 'normal', withMessage: false }) },
  events: {
    persist: true,
    defaults: () => ({ visitorId: '', app_domain: '', utm_source: '', utm: {}, os: '', analyticsData: {}, captured: false, experiments: {} }),
  },
  ui: { persist: true, defaults: () => ({ isWebp: false, loadImages: true }) },
};

/** Every slice the engine declares: the kernel's and the payment port's. */
export const ENGINE_SLICES: SliceDeclarationsOf<EngineState> = { ...KERNEL_SLICES, ...PAYMENT_SLICES };

const declarationsByStore = new WeakMap<object, Record<string, AnySliceDeclaration>>();

/** Every slice declaration of a store (the engine's first, then the product's), by slice name. */
export function declarationsOf(store: FunnelState): Record<string, AnySliceDeclaration> {
  return declarationsByStore.get(store) ?? (ENGINE_SLICES as unknown as Record<string, AnySliceDeclaration>);
}

/** A fresh copy of the default state for these product slices. */
export function defaultState<S extends object>(slices: SliceDeclarations<S>): FunnelState<S> {
  return { ...sliceDefaults<EngineState>(ENGINE_SLICES), ...sliceDefaults<S>(slices) };
}

/**
 * Creates the store: one valtio proxy per slice, the kernel's and the product's declared ones.
 * @example const store = createFunnelStore(productSlices); store.plans.plan = 'gz-1-month-tiger';
 */
export function createFunnelStore<S extends object>(slices: SliceDeclarations<S>, initial: Partial<FunnelState<S>> = {}): FunnelState<S> {
  for (const name of Object.keys(slices)) {
    if (Object.hasOwn(ENGINE_SLICES, name)) throw new Error(`The product declares a slice "${name}", which is an engine slice: give it another name.`);
  }
  const store = proxy({ ...defaultState(slices), ...initial });
  declarationsByStore.set(store, { ...ENGINE_SLICES, ...slices } as unknown as Record<string, AnySliceDeclaration>);
  return store;
}

/** Shows the red error banner with a literal text (as a server sent it) or an i18n key. */
export function showError(store: FunnelState, type: string, message: { text?: string; textKey?: string; textValues?: Record<string, number> }): void {
  Object.assign(store.error, { show: true, type, text: message.text ?? '', textKey: message.textKey ?? '', textValues: message.textValues });
}

/** Hides the error banner. */
export function hideError(store: FunnelState): void {
  store.error.show = false;
}

/** Turns the full-screen loader on (with its text when asked) or off. */
export function setLoader(store: FunnelState, show: boolean, type: LoaderType = 'normal', withMessage = false): void {
  Object.assign(store.loader, { show, type, withMessage });
}
