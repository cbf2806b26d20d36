/**
 * The engine's React layer, public API: the composition point (defineFunnel), boot and prerender,
 * the routes and the step host, the hooks screens use (useFunnel, useStore, useVariant), the screen
 * contract (ScreenProps, ScreenRegistry) and lazy screens. Each export keeps its JSDoc at its definition.
 */
/** The labelled form field every form uses (screens and the card forms): label, error tied to the input, left-to-right inputs inside right-to-left pages. */
export { Field, fieldLabelId, invalidProps, ltrInputProps } from './Field.tsx';
/** Types of the same module. */
export type { FieldProps } from './Field.tsx';
/** Which routes the app renders: a landing path opened from its prerendered page renders its entry step alone, without the router library, until the visitor moves on. */
export { AppRoutes, entryRouteFor } from './AppRoutes.tsx';
/** What arriving at a step records (landing type, tracking data, page view, exposure), and the variant a path shows. */
export { activeVariantAt, arriveAtStep } from './arrival.ts';
/** Types of the same module. */
export type { ArrivalLocation } from './arrival.ts';
/** Types of the same module. */
export type { EntryRoute, OpenedLocation } from './AppRoutes.tsx';
/** The whole funnel: error boundary, engine context, overlays and routes. */
export { FunnelApp } from './FunnelApp.tsx';
/** The router chunk (react-router and the funnel's routes), loaded once, on demand. */
export { loadRouter, loadedRouter } from './routerChunk.ts';
/** The top-level error boundary ("An error has occurred"). */
export { AppErrorBoundary } from './AppErrorBoundary.tsx';
/** The boundary that offers a retry when a lazily loaded screen chunk fails to load. */
export { CHUNK_RELOAD_KEY, ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';
/** Work the first screen does not need (the rest of the texts, analytics deliveries) waits until the visitor first interacts, or until the page has loaded and the browser has been idle for a while, whichever comes first, so it does not compete with the first paint and hydration on a slow mobile device. */
export { afterStartup } from './afterStartup.ts';
/** While the visitor reads a step, the screens of the steps it leads to download (at an idle moment; on a prerendered landing once the later steps are wanted). */
export { prefetchNext, preloadNextScreens } from './prefetchNext.ts';
/** Holds a tap on a prerendered page's button from the first paint until React listens, then replays it: the page's inline script holds it until the app's script runs, `holdEarlyClicks` from then on. */
export { earlyClickScript, holdEarlyClicks } from './earlyClicks.ts';
/** The step after a prerendered landing, shown from the page's template at an early tap on a button marked with `EARLY_NEXT_ATTRIBUTE`, until the app renders it (the hand-over itself, earlyStepHandOver.ts, loads only once a copy is shown). */
export { EARLY_NEXT_ATTRIBUTE, dismissEarlyStep, handOverEarlyStep } from './earlyStep.ts';
/** The browser start: restore the store, load the texts, run the start-up sequence, render or hydrate. */
export { bootFunnel } from './boot.tsx';
/** Types of the same module. */
export type { BootOptions } from './boot.tsx';
/** The brand font loaded (capped) before the steps after the landing paint. */
export { charactersOf, loadFonts, FONT_WAIT_CAP_MS } from './fontReadiness.ts';
/** Types of the same module: the font to wait for, and the part of document.fonts that loads it. */
export type { FontLoader, FontRequest } from './fontReadiness.ts';
/** The React context that carries the engine to screens: flow data, store, analytics, registry, gateways. */
export { EngineContext, useEngine } from './context.ts';
/** Types of the same module. */
export type { FunnelEngine } from './context.ts';
/** The one composition point of a funnel: its flow data, screen types, declared state slices, measurement and payment gateways, checked once and handed to the browser entry (bootFunnel) and the build's prerenderer alike, so both run exactly the same funnel. */
export { FunnelDefinitionError, defineFunnel } from './defineFunnel.ts';
/** Types of the same module. */
export type { FunnelDefinition } from './defineFunnel.ts';
/** The step and variant tags of error reports, read from the route being shown and the store. */
export { errorContextReader, stepIdForPath } from './errorContext.ts';
/** Hooks for screens: the funnel (next, step, variant), the store snapshot, the active variant. */
export { createFunnelHooks, useCatalogue, useFunnel, useStore, useVariant } from './hooks.ts';
/** Types of the same module. */
export type { FunnelHooks } from './hooks.ts';
// i18next itself (engine/react/i18n.ts: initI18n, connectTranslator, applyDocumentLanguage) is not
// re-exported here: with code splitting, a re-export would put it into every bundle that imports this
// file, the landing's first screen included. Import it from that module.
/** The visitor's language in the browser, with no i18next (the landing's first screen runs without it). */
export { detectLanguage, pickLanguage } from './language.ts';
/** Types of the same module. */
export type { Language, LanguageList } from './language.ts';
/** The texts of the engine's chrome and the entry screens: a small translator on the landing's first screen, i18next's once it has loaded. */
export { createTranslator, setTranslator, textDirection, useTexts } from './translator.ts';
/** Types of the same module. */
export type { TextOptions, TextTree, TranslateFn, Translator } from './translator.ts';
/** Lazy screens with a load time-out: a chunk that fails or takes over 120 s becomes a ChunkLoadError ("Loading chunk failed"), which the step's boundary recovers with at most one reload. */
export { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyScreen, loadWithTimeout } from './lazyScreen.ts';
/** Types of the same module: a lazy screen, and what its module may export as `prefetch`. */
export type { LazyScreen, ScreenPrefetch } from './lazyScreen.ts';
/** The always-mounted overlay of the error banner and the loader. */
export { MessageOverlay } from './overlays/MessageOverlay.tsx';
/** Node only (the build's prerenderer, never in the browser): renders the funnel at one path to HTML with React's static renderer, which waits for the lazily loaded screen, so the HTML holds the screen itself. */
export { createPrerenderer } from './prerender.tsx';
/** Types of the same module. */
export type { Prerenderer } from './prerender.tsx';
/** The contract between the engine and a screen component. */
export type { AnyScreenRegistry, OutcomesOf, ScreenMap, ScreenMapOf, ScreenProps, ScreenPropsIn, ScreenRegistry, ScreenTypeSpec } from './types.ts';
/** Ends the current task and resumes in a new one (`scheduler.yield()`, else a zero timeout): a screen's handler lets the browser paint its feedback (a busy button, a loader) before slower work. */
export { afterNextPaint, whenIdle, yieldToBrowser } from './yieldToBrowser.ts';
