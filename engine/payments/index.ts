/**
 * The payments engine, public API: the PaymentGateway port, the checkout machine, purchase records,
 * receipts, failures, polling and the subscription API. The gateways themselves (stripe/, sandbox/,
 * braintree/) are registrations (engine/payments/gateways.ts) that load them through dynamic imports,
 * so a production build never contains the sandbox. The backend is the product's adapter behind the
 * backend port (./backend.ts). Each export keeps its JSDoc at its definition.
 */
/** The card purchase itself (spec section 4 "Checkout (card)", steps 2 to 5), without the loader, the guard or the store: create the payment method, post the subscription, poll the result, and run the provider's 3-D Secure step when the result asks for it. */
export { MAX_SUBSCRIPTION_POSTS } from './cardFlow.ts';
/** The payment port's state: the account the checkout charges and the checkout (slices of the engine's store). */
export { PAYMENT_SLICES } from './state.ts';
/** Types of the same module. */
export type { CheckoutState, PaymentState, SignupState, UpsellData } from './state.ts';
/** Which account a purchase belongs to: the one the tab's access token belongs to (session storage), never the e-mail shared by all tabs. */
export { accountKey, accountMismatch, purchaseAccountOf, rememberSession } from './account.ts';
/** Types of the same module. */
export type { AccountMismatch } from './account.ts';
/** The checkout machine (DESIGN.md section 7): a React-free async function with the API, the gateway, analytics, the store and the clock injected. */
export { isPurchaseRunning, purchase, purchaseEnded, randomEventId, startsWithClaim } from './checkoutMachine.ts';
/** Types of the same module. */
export type { DurablePurchase, PurchaseAttemptIds, PurchaseOutcome } from './checkoutMachine.ts';
/** A purchase through the Braintree portal (spec section 4 "Alternative path", section 7 call 5), durable like the card path. */
export { purchaseWithBraintree } from './braintreePurchase.ts';
/** An upsell purchase under way, kept in session storage before its call, so a reload follows the same attempt. */
export { clearUpsellAttempt, readUpsellAttempt, writeUpsellAttempt } from './upsellAttempt.ts';
/** Types of the same module. */
export type { UpsellAttempt } from './upsellAttempt.ts';
/** Payment failures (spec section 8): what the banner shows, what is stored and logged. */
export {
  BRAINTREE_DECLINE_KEY,
  BRAINTREE_RESPONSE_TEXT_KEYS,
  DECLINE_TEXT_KEYS,
  failureTextKey,
  isInsufficientFunds,
  isOpenFailure,
  rateLimitText,
} from './failures.ts';
/** Types of the same module. */
export type { PaymentFailure } from './failures.ts';
/** A short order reference a person can read out or type ("GZ-7K3P-QX") instead of the raw subscription id: a stable hash of the id in an alphabet without look-alikes (no 0/O, 1/I/L). */
export { orderReference } from './orderReference.ts';
/** Bounded result polling (DESIGN.md section 7, a deliberate deviation from the spec's "repeat without delay while 202"): honour Retry-After but never ask more than once per 500 ms, otherwise back off from 500 ms doubling up to 4 s, retry a poll that failed on the network, with a 5xx or a 429 (the payment may well have gone through), give up after 90 s, and stop at once when the screen unmounts. */
export { AbortedError, pollResult } from './polling.ts';
/** Types of the same module. */
export type { Clock } from './polling.ts';
/** The PaymentGateway port (DESIGN.md section 7): what the checkout needs from a card provider. */
export type {
  AlternativeButtonProps,
  AlternativeMethod,
  CardFormProps,
  CardFormState,
  ConfirmResult,
  GatewayError,
  Loaded,
  PaymentGateway,
  PaymentMethod,
  PaymentMethodResult,
  PaymentProcessor,
  WalletButtonProps,
  WalletCharge,
  WalletMethod,
  WalletResult,
} from './port.ts';
/** True when a gateway call failed. */
export { isGatewayError } from './port.ts';
/** The durable purchase record: written to local storage before the subscription call, so a reload, a Back navigation or a second tab finds the purchase that is already under way (and its polling id) instead of offering a fresh Pay button, and a retry reuses the same idempotency key and fb_event_id. */
export {
  PURCHASE_RECORD_KEY,
  clearPurchaseRecord,
  isUnsent,
  onPurchaseRecordChange,
  parseRecord,
  purchaseRecordKey,
  readPurchaseRecord,
  updatePurchaseRecord,
  writePurchaseRecord,
} from './purchaseRecord.ts';
/** Types of the same module. */
export type { PurchaseRecord } from './purchaseRecord.ts';
/** The receipt of a paid checkout, kept in session storage (not local storage: the checkout slice is not persisted, spec section 3). */
export { RECEIPT_KEY, clearReceipt, readReceipt, restoreFromRecord, restoreReceipt, saveReceipt } from './receipt.ts';
/** Types of the same module. */
export type { PaidWith } from './receipt.ts';
/** What every backend adapter's payment calls share: the error a failed call rejects with, and readers of a Retry-After header and a price. */
export { PaymentApiError, priceOf, retryAfterMs } from './subscriptionApi.ts';
/** The backend port: every call the engine makes to the product's backend, in the engine's own terms; the product implements it as an adapter and registers it with defineFunnel. */
export { lazyBackend } from './backend.ts';
/** Types of the same module. */
export type {
  BackendContext,
  FunnelBackend,
  ImmediateResult,
  PollAnswer,
  ServerReceipt,
  SubscriptionApi,
  SubscriptionRequest,
  SubscriptionResult,
} from './backend.ts';
/** React access to the durable purchase record (purchaseRecord.ts): the record of the signed-up account, kept current when this tab or another one changes it, and the one hook the paywall, the offer and the checkout call so that a visitor with a purchase under way or done is brought back to it instead of being sold the same thing again. */
export { usePurchaseRecord, useSubscribedRedirect } from './usePurchaseRecord.ts';
/** The cross-tab claim on an account's purchase (Web Locks, else a lease in local storage judged by each tab's own clock), held for the subscription call and its polling. */
export { LEASE_MS, leaseText, browserClaimEnv, claimName, claimReleased, connectClaims, runClaimed } from './purchaseClaim.ts';
/** Types of the same module. */
export type { ClaimEnv, ClaimResult, LockRequester } from './purchaseClaim.ts';
/** Following a purchase another tab holds, and telling its outcome. */
export { useOtherTabPurchase } from './useOtherTabPurchase.ts';
/** 3-D Secure for EU customers: who counts as one (the card's country, else the browser's locale and time zone) and what the subscription call asks for. */
export { EU_COUNTRIES, browserHints, isEuCustomer, threeDSecurePolicy } from './threeDSecure.ts';
/** Types of the same module. */
export type { CustomerHints } from './threeDSecure.ts';
/** Nothing is shown as paid that the server did not confirm: a polling result of this page, else the receipt lookup. */
export { confirmPurchase, isConfirmed, markConfirmed } from './serverConfirmation.ts';
/** Types of the same module. */
export type { Confirmation } from './serverConfirmation.ts';
/** React access to the server's confirmation: checking, confirmed, none (send the visitor on), failed (retry). */
export { useServerConfirmation } from './useServerConfirmation.ts';
/** Types of the same module. */
export type { ConfirmationState } from './useServerConfirmation.ts';
/** What a paid purchase leaves in the store, and the discount it shows. */
export { applyPaidResult, discountPercentage, ownPaymentMethod } from './paidResult.ts';
/** Loads the card gateway once per attempt, with a retry after a failure. */
export { useCardGateway } from './useCardGateway.ts';
/** Types of the same module. */
export type { GatewayState } from './useCardGateway.ts';
/** What the checkout and the upsell share: the backend's payment calls, the gateway loader, and one purchase at a time. */
export { usePurchaseRunner } from './usePurchaseRunner.ts';
/** Types of the same module. */
export type { PurchaseRunner, RunOptions } from './usePurchaseRunner.ts';
/** An AbortSignal that aborts when the screen unmounts. */
export { useUnmountSignal } from './useUnmountSignal.ts';
/** The upsell's purchase with the method the plan was just paid with, followed to its result after a reload. */
export { useUpsellPurchase } from './useUpsellPurchase.ts';
/** Types of the same module. */
export type { UpsellPurchase } from './useUpsellPurchase.ts';
