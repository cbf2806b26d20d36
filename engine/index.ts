/**
 * The engine's public API, React-free: flow graph and variants, the store's kernel slices and the
 * product's declared ones, bindings, persistence, history, tracking, start-up, analytics and
 * error-reporting ports, HTTP and retry, pricing, languages and the build configuration.
 * Screens, tests and products import the engine from here (and from engine/react, engine/payments,
 * engine/validate), never from a module inside it. Each export keeps its JSDoc at its definition.
 */
/** The analytics port: `track`, `identify` and `page`, fanned out to sinks. */
export { MAX_HELD_FOR_PAGE, createAnalytics, deferredSink, httpSink, memorySink } from './core/analytics.ts';
/** Types of the same module. */
export type { Analytics, AnalyticsEvent, AnalyticsSink, EventContext, PageContext } from './core/analytics.ts';
/** What the subscription call hands the backend for server-side conversions (Meta's Conversions API, Google Ads' offline conversions): the ad click ids of the arrival, Meta's browser and click ids, the visitor's user agent, the page and the consent state. */
export { gaClientIdOf, subscriptionAttribution } from './core/attribution.ts';
/** Types of the same module. */
export type { AttributionConsent, SubscriptionAttribution } from './core/attribution.ts';
/** The product objects of Segment's ecommerce spec (`products[]` of Product List Viewed, Checkout Started, Order Completed), built the same way wherever the funnel sells a plan. */
export { orderCompleted, specProduct } from './core/ecommerce.ts';
/** Types of the same module. */
export type { SpecProduct } from './core/ecommerce.ts';
/** Store fields named by a flow: a generic screen that writes the store takes the field from its props as `"bind": "<slice>.<field>"` (e.g. */
export { parseBind, readBound, writeBound } from './core/binding.ts';
/** Start-up step 9: on the first screen, when no tracking state is set yet, read the query string once and store the tracking parameters; the landing type is recorded whenever a landing route opens. */
export { adoptLandingType, captureTracking, recordLandingType } from './core/capture.ts';
/** Build-time configuration (DESIGN.md section 6): API base addresses, the analytics collector and whether this is a preview build. */
export { config } from './core/config.ts';
/** Types of the same module. */
export type { FunnelConfig } from './core/config.ts';
/** The error-reporting port. */
export {
  MAX_QUEUED_ERRORS,
  connectReporter,
  queuedErrors,
  reportError,
  reportRetryFailure,
  resetErrorReporting,
  setErrorContext,
  startErrorReporting,
} from './core/errorReporting.ts';
/** Types of the same module. */
export type { ErrorReporter, ErrorReportingOptions } from './core/errorReporting.ts';
/** The flow graph: all flows, variants and plans as one catalogue, and the pure functions that walk it. */
export { getVariant, indexSteps, nextStepId, nextTargets, progressOf, resolveStep, variantIds } from './core/flowGraph.ts';
/** Types of the same module. */
export type { Flow, FunnelData, Next, Step, StepRef, Variant } from './core/flowGraph.ts';
/** Exact routes, forgiving links: the route an address written in another case or with trailing slashes means, and the redirect to it. */
export { canonicalPath, canonicalRedirect, funnelPaths } from './core/canonicalPath.ts';
/** The navigation history of spec section 2: visited paths in session storage. */
export { HISTORY_KEY, loadHistory, recordNavigation, saveHistory } from './core/history.ts';
/** The one rule that picks the visitor's language, shared by the browser and by whatever serves the prerendered HTML: `?lng=` first, then the visitor's stored choice (the `lng` cookie), then the browser's preferred languages in order; the list's fallback when none is supported. */
export { chooseLanguage, cookieValue, parseAcceptLanguage, supportedLanguage } from './core/languageChoice.ts';
/** A funnel's interface languages as the product declares them (defineFunnel's `languages`): the codes, each one's typical browser locale, the fallback. */
export { browserLocale, languageCodes } from './core/languages.ts';
/** Types of the same module. */
export type { Language, LanguageList } from './core/languages.ts';
/** Splits a language's texts in two for the landing route's budget: the texts the first screen can need (the entry steps' props, shared sections) and the rest, downloaded right after start-up. */
export { firstPaintKeys, splitTexts } from './core/localeSplit.ts';
/** Types of the same module. */
export type { TextTree } from './core/localeSplit.ts';
/** Persistence in local storage under one root key, version 0 (spec section 3), of every slice declared with `persist: true` (the kernel's plans, ui, signup and events, and the product's own), without the fields a declaration marks transient. */
export { PERSIST_KEY, applySaved, restore, serialize, startPersisting } from './core/persistence.ts';
/** The visitor's currency and the catalogue priced in it: base prices in USD, a plan's `prices` in other currencies. */
export {
  BASE_CURRENCY,
  catalogueIn,
  chargedCurrency,
  chooseCurrency,
  currencyDigits,
  fromMinorUnits,
  languageRegion,
  offeredCurrencies,
  planIn,
  toMinorUnits,
  visitorCurrency,
} from './core/currency.ts';
/** Types of the same module. */
export type { CurrencyTable } from './core/currency.ts';
/** Decides the visitor's currency once (country, else language, else USD) into store.plans.currency. */
export { decideCurrency } from './core/visitorCurrency.ts';
/** Plan prices as the paywall shows them, computed from flows/plans.json and formatted for the visitor's language and currency with Intl. */
export {
  durationDays,
  formatDate,
  formatDuration,
  formatPercent,
  formatPricing,
  formatMoney,
  formattingLocale,
  latinDigits,
  currentBrowserLocales,
  isIntro,
  ladderIssues,
  periodEnd,
  planPricing,
  roundCents,
  trialEnd,
} from './core/pricing.ts';
/** Types of the same module. */
export type { PerPeriodUnit, PlanPricing, PriceStoryKind } from './core/pricing.ts';
/** Retry helpers for idempotent calls only: a POST is never retried blindly. */
export { GENERIC_RETRY, PAYMENT_SETTINGS_RETRY, genericRetry, networkType, retry } from './core/retry.ts';
/** Browser storage that never throws: private modes, disabled cookies, a full quota or a missing window all end in a returned failure, never an exception in the funnel. */
export { readItem, readJson, removeItem, writeItem } from './core/safeStorage.ts';
/** The start-up sequence of spec section 4, in order. */
export { ACCESS_ACCOUNT_KEY, ACCESS_TOKEN_KEY, ONBOARDING_STARTED_DELAY_MS, runStartup } from './core/startup.ts';
/** Types of the same module. */
export type { StartupEnv } from './core/startup.ts';
/** The e-mail check of signup, in the browser and the sandbox alike: NFKC look-alikes and invisible characters refused, then the shape. */
export { MAX_EMAIL_LENGTH, checkEmail, isValidEmail, normalizeEmail } from './core/email.ts';
/** Types of the same module. */
export type { EmailCheck, EmailProblem } from './core/email.ts';
/** The funnel's state: the valtio (vanilla) slices of spec section 3. */
export { ENGINE_SLICES, KERNEL_SLICES, createFunnelStore, defaultState, hideError, setLoader, showError } from './core/store.ts';
/** Types of the same module. */
export type { EngineState, FunnelState, KernelState, PaymentState, SliceDeclaration, SliceDeclarations } from './core/store.ts';
/** Tracking data read once from the first screen's query string (spec sections 3 and 4): utm parameters (allow-listed, length-capped), utm_source defaulting to organic, fbclid split off and not kept, and the visitor's operating system. */
export { MAX_PARAM_LENGTH, detectOs, deviceLabel, parseQuery, supportsWebp } from './core/tracking.ts';
/** Landing types and variants: which variant a path opens, and the landing type it records. */
export { homeVariantId, landingTypeFromPath, planNamed, resolveActiveVariant, sellablePlan, variantForPath } from './core/variants.ts';
/** Values a flow chooses by the visitor's answer to a question (`{ question, byAnswer }`): a headline, an illustration, a plan. */
export { chooseByAnswer } from './core/answerChoice.ts';
/** Types of the same module. */
export type { AnswerChoice, AnswerLookup } from './core/answerChoice.ts';
/** Lookups by a key from data, storage, a URL or a text: own properties only (never Object.prototype's members). */
export { ownValue } from './core/ownValue.ts';
/** Types of the same module. */
export type { ActiveVariant } from './core/variants.ts';
/** The visitor id: a userUuid cookie that lasts 365 days (SameSite=Lax, Secure on https). */
export {
  VISITOR_COOKIE,
  VISITOR_COOKIE_DAYS,
  clearVisitorCookie,
  ensureVisitorId,
  keepVisitorId,
  newVisitorId,
  readCookie,
  writeVisitorCookie,
} from './core/visitor.ts';
/** Loads the Sentry adapter of the error-reporting port on demand, as a chunk of its own. */
export { loadSentryReporter } from './reporting/load.ts';
/** Types generated from schemas/landings.schema.json: the variants of flows/landings.json. */
export type { Landings, PlanTag } from './types/landings.gen.ts';
/** Types generated from schemas/plans.schema.json: the plan catalogue of flows/plans.json. */
export type { Duration, Plan, Plans, Renewal } from './types/plans.gen.ts';
/** Experiments: a landing path split between variants with GrowthBook's experiment fields (variations, weights, coverage, seed, hashVersion, namespace, condition), assigned as GrowthBook's SDK does from the visitor id, sticky, overridable for QA, reported once as an exposure. */
export {
  EXPOSURE_EVENT,
  OVERRIDE_PARAM,
  assign,
  earlyVisitorId,
  experimentArms,
  experimentChooser,
  experimentEntries,
  experimentForPath,
  experimentRanges,
  growthbookVariationId,
  hashedVariant,
  parseOverrides,
  recordExposure,
  variationIndex,
} from './core/experiments.ts';
/** Types of the same module. */
export type { Assignment, Experiment, ExperimentArm, Experiments } from './core/experiments.ts';
/** GrowthBook's hashing (hash versions 1 and 2, namespaces, bucket ranges from weights and coverage, variation choice), so results can be analysed there. */
export { bucketRanges, chooseVariation, effectiveWeights, experimentHash, fnv1a32, hashV1, hashV2, inNamespace } from './core/experimentHash.ts';
/** Types of the same module. */
export type { HashVersion, Namespace } from './core/experimentHash.ts';
/** An experiment's targeting: GrowthBook's condition over the country, language and utm_source of the page. */
export { CONDITION_ATTRIBUTES, conditionMatches, pageAttributes } from './core/experimentCondition.ts';
/** Types of the same module. */
export type { AttributeTest, ConditionAttribute, ExperimentCondition, TargetingAttributes } from './core/experimentCondition.ts';
