import { startTransition } from 'react';
import { createGatewayRegistry } from '../payments/registry.ts';
import { flushSync } from 'react-dom';
import { proxy } from 'valtio/vanilla';
import { createAnalytics } from '../core/analytics.ts';
import { eventContextReader } from '../analytics/eventContext.ts';
import { indexSteps, resolveStep, type FunnelData } from '../core/flowGraph.ts';
import { canonicalRedirect, funnelPaths } from '../core/canonicalPath.ts';
import { variantForPath, type VariantChooser } from '../core/variants.ts';
import { pageAttributes } from '../core/experimentCondition.ts';
import { earlyVisitorId, experimentChooser, type Assignment } from '../core/experiments.ts';
import { restore, startPersisting } from '../core/persistence.ts';
import { runStartup } from '../core/startup.ts';
import { genericRetry } from '../core/retry.ts';
import { formattingLocale } from '../core/pricing.ts';
import { createFunnelStore, showError } from '../core/store.ts';
import { reportRetryFailure, setErrorContext } from '../core/errorReporting.ts';
import { errorContextReader } from './errorContext.ts';
import type { FunnelEngine, TextsState } from './context.ts';
import { FunnelApp } from './FunnelApp.tsx';
import { afterStartup } from './afterStartup.ts';
import { decideCurrency } from '../core/visitorCurrency.ts';
import { holdEarlyClicks } from './earlyClicks.ts';
import { dismissEarlyStep, preloadHandOverIfShown } from './earlyStep.ts';
import { yieldToBrowser } from './yieldToBrowser.ts';
import { entryRouteFor } from './AppRoutes.tsx';
import { loadReactClient } from './reactClient.ts';
import { activeVariantAt, arriveAtStep } from './arrival.ts';
import { loadRouter } from './routerChunk.ts';
import { preloadNextScreens } from './prefetchNext.ts';
import { browserLanguage, rememberChosenLanguage, type Language, type LocaleLoader } from './language.ts';
import { createTranslator, currentTranslator, setTranslator, textDirection, type TextTree } from './translator.ts';
import { nameDocument, stepMain } from './documentTitle.ts';
import { lazyI18next } from './lazyTexts.ts';
import { charactersOf, loadFonts, type FontRequest } from './fontReadiness.ts';
import type { AnyScreenRegistry, ScreenMap } from './types.ts';
import type { FunnelDefinition } from './defineFunnel.ts';

export interface BootOptions<M extends ScreenMap, S extends object> {
  /** The funnel (defineFunnel). */
  funnel: FunnelDefinition<M, S>;
  /** The texts the first screen needs, in the visitor's language. */
  loadLocale: LocaleLoader;
  /** The rest of the visitor's texts, fetched right after start-up. */
  loadRestTexts: LocaleLoader;
  /** The two background images preloaded at start-up, for a WebP-capable browser or not. */
  preloadUrls: (isWebp: boolean) => string[];
  root: HTMLElement;
  /** The font the screens are set in: the steps after the landing wait (capped) for its faces with the rest of the texts. */
  fonts?: FontRequest;
}

function preload(urls: string[]): void {
  for (const href of urls) {
    const link = document.createElement('link');
    Object.assign(link, { rel: 'preload', as: 'image', href });
    document.head.appendChild(link);
  }
}

/**
 * Starts downloading the screen of the route being opened, so it arrives with the texts. Resolves
 * when it is loaded (or failed: a failure resurfaces, reported, when the screen renders).
 */
function preloadScreenFor(data: FunnelData, registry: AnyScreenRegistry, pathname: string): Promise<unknown> {
  const variant = variantForPath(data.landings, pathname);
  const step = variant
    ? data.flows[variant.variant.flow]?.steps[data.flows[variant.variant.flow]!.entry]
    : Object.values(data.flows)
        .flatMap((f) => Object.values(f.steps))
        .find((s) => s.path === pathname);
  const screen = step ? (registry as Record<string, { preload?: () => Promise<unknown> } | undefined>)[step.screen] : undefined;
  return (screen?.preload?.() ?? Promise.resolve()).catch(() => {});
}

/** When the rest of the texts are fetched without any interaction: after the landing has settled. */
const REST_TEXTS_DELAY_MS = 10_000;

/** Set by the page's inline script when the HTML's language is not the visitor's: #root stays hidden. */
const LANGUAGE_SWITCH = 'data-lng-switch';
/** Set by the page's inline script while it swaps an experiment's variant into #root (engine/build/experimentScript.ts). */
const EXPERIMENT_SWAP = 'data-exp-swap';

/**
 * Whether #root holds the prerendered HTML of this visit's language: then the browser hydrates it.
 * A host that could not pick the HTML by language sends English; the browser then renders from
 * scratch in the visitor's language (the inline script kept the English text hidden).
 */
function canHydrate(root: HTMLElement, language: string, variant: string | undefined): boolean {
  // on a path under experiment, #root must hold the variant this visitor is assigned
  const sameVariant = root.dataset.variant === undefined || root.dataset.variant === variant;
  return showsPrerenderedPage(root) && document.documentElement.lang === language && sameVariant;
}

/** Whether #root shows this path's prerendered page as it is (no language switch pending): known before anything loads. */
function showsPrerenderedPage(root: HTMLElement): boolean {
  return root.dataset.prerendered === location.pathname && !document.documentElement.hasAttribute(LANGUAGE_SWITCH);
}

/** A prerendered page loads the full stylesheet without blocking its first paint (media="print"); switch it on. */
function enableFullStyles(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[data-full-styles]')) link.media = 'all';
}

/** The landing's texts until i18next arrives: a small translator over the first-paint texts, and the page's lang and dir. */
function showFirstPaintTexts(language: Language, first: TextTree): void {
  setTranslator(createTranslator(language, first));
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
}

/**
 * Starts the funnel: restores the store (before the first render, 5 s at most), loads the visitor's
 * language, runs the start-up sequence and renders.
 */
export async function bootFunnel<M extends ScreenMap, S extends object>(options: BootOptions<M, S>): Promise<FunnelEngine> {
  const { data, screens: registry, config, slices, gateways, backend, languages } = options.funnel;
  // experiment targeting reads the page as the inline script saw it, before the app sets the visitor's language
  const targeting = pageAttributes(document, location.search);
  // a route written in another case or with a trailing slash (an ad link) becomes the route itself, query
  // kept, before anything reads the address: never the right page under the wrong landing type
  const exact = canonicalRedirect(location.pathname, location.search, funnelPaths(data), location.hash);
  if (exact !== undefined) history.replaceState(history.state, '', exact);
  const earlyClicks = holdEarlyClicks(options.root);
  // the next step's copy shown at a tap before this script ran: its hand-over code comes with the rest
  preloadHandOverIfShown();
  // any page but a prerendered one needs React's client for its first render: fetched alongside the rest
  if (!showsPrerenderedPage(options.root)) void loadReactClient().catch(() => {});
  enableFullStyles();
  const screenReady = preloadScreenFor(data, registry, location.pathname);
  // a landing path renders its entry step without the router; every other path needs it for the first render
  const landing = entryRouteFor(data, location.pathname) !== undefined;
  const routerReady = landing ? undefined : loadRouter().catch(() => {});
  const language = browserLanguage(languages);
  rememberChosenLanguage(languages, location.search);
  const firstTexts = options.loadLocale(language);
  // the first interaction is watched from here on (it starts React on a prerendered landing); a tap
  // held since before the app's script ran is that interaction already
  const tappedEarly = earlyClicks.held;
  const startedUp = tappedEarly ? Promise.resolve() : afterStartup();
  // the downloads are under way: the rest runs in a task of its own, apart from the modules' evaluation
  await yieldToBrowser();
  const store = createFunnelStore(slices);
  setErrorContext(errorContextReader(data, store, location));
  const texts = proxy<TextsState>({ complete: false, failed: false });
  // the later steps wait for these texts behind the loader; the font faces they need load in the same wait
  const loadRest = () =>
    genericRetry(() => options.loadRestTexts(language), reportRetryFailure).then(async (rest) => {
      if (options.fonts) await loadFonts(document.fonts, options.fonts, charactersOf({ first: await firstTexts, rest }));
      return rest;
    });
  const i18n = lazyI18next(languages, language, firstTexts, loadRest, texts);
  // the entry screen and its texts are in place before the first render, so hydration (or the first
  // client render) shows the screen in one pass, with no loader and no fallback. A landing renders
  // with the small translator over its first-paint texts (no i18next on its first screen: see
  // translator.ts); any other path starts i18next first, as the later steps' screens use react-i18next
  const [restored, first] = await Promise.all([restore(store), firstTexts, screenReady, routerReady, landing ? undefined : i18n.start()]);
  // the consent banner, shown from the landing on, reads its texts from the first-paint part (localeSplit.ts)
  const measurement = options.funnel.measurement?.({ store, ready: startedUp, loadTexts: () => firstTexts.then(() => undefined) });
  const analytics = createAnalytics(measurement?.sinks ?? [], Date.now, eventContextReader(store, window, config.flowVersion));
  if (restored === 'corrupt' || restored === 'version-mismatch') analytics.track('storage_reset', { reason: restored });
  // the same decision as the page's inline script made before the first paint: same visitor id, same record
  const visitorId = earlyVisitorId(document);
  analytics.setVisitor(visitorId);
  const chooseVariant: VariantChooser<Assignment> = experimentChooser(data.experiments, {
    visitorId,
    search: location.search,
    sticky: () => store.events.experiments,
    attributes: targeting,
  });
  setErrorContext(errorContextReader(data, store, location, chooseVariant));
  startPersisting(store, () => showError(store, 'storage', { textKey: 'errors.storage' }));
  // the visitor's currency needs the zone and currency tables (lazy chunks): on a landing, which shows
  // no amount, they wait until the page has started up; any other page wants its prices now
  void (landing ? startedUp : Promise.resolve()).then(() => decideCurrency(store, data.plans, language));
  // later steps wait for the rest of the texts (and i18next) behind the loader; a prerendered landing
  // does not need them, so there they come at the first interaction, or well after the page has
  // settled (any other page wants them now)
  // (a tap held since the app's script started counts: this watch begins only now, after the awaits above)
  const restTextsWanted = options.root.dataset.prerendered === location.pathname && !earlyClicks.held ? afterStartup(REST_TEXTS_DELAY_MS) : Promise.resolve();
  // the router chunk comes with them: the step after the landing needs both
  void restTextsWanted.then(() => loadRouter()).catch(() => {});
  void restTextsWanted.then(i18n.loadAll).catch(() => {});
  const engine: FunnelEngine = {
    data,
    steps: indexSteps(data.flows),
    store,
    analytics,
    registry,
    config,
    texts,
    gateways: createGatewayRegistry(gateways),
    backend,
    chooseVariant,
    laterStepsWanted: restTextsWanted,
  };
  if (landing) {
    // the landing's first tap starts React: the screen of the step after it downloads alongside (a
    // visitor who does not tap gets it with the later steps' texts, well after the page has loaded)
    const entryId = entryRouteFor(data, location.pathname)!.stepId;
    void restTextsWanted.then(() =>
      preloadNextScreens(engine, resolveStep(engine.steps.get(entryId)!.step, entryId, activeVariantAt(engine, location.pathname).variant)),
    );
  }
  // start-up, the landing's arrival and React's work each run in a task of their own, short enough not
  // to hold a tap back on a slow phone (a tap in between is held and replayed: earlyClicks.ts)
  await yieldToBrowser();
  void runStartup({
    store,
    analytics,
    document,
    userAgent: navigator.userAgent,
    secure: location.protocol === 'https:',
    preload,
    preloadUrls: options.preloadUrls,
    attributionGlobal: config.attributionGlobal,
    getGlobal: (name) => (window as unknown as Record<string, unknown>)[name],
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    visitorCookieAllowed: measurement?.visitorCookieAllowed,
  });
  await yieldToBrowser();
  // decided before the document's language is set below: the HTML's own lang tells whether it is the visitor's
  const hydrate = canHydrate(options.root, language, variantForPath(data.landings, location.pathname, chooseVariant)?.id);
  if (landing) {
    showFirstPaintTexts(language, first);
    // the page view and attribution of the opened landing do not wait for React (see arrival.ts)
    // named after its prerendered heading now, as useStepFocus names every step: the page view carries the
    // step's own title (without prerendered markup it waits for the step's render to name it)
    const entryId = entryRouteFor(data, location.pathname)!.stepId;
    const main = stepMain(entryId);
    const titled = main !== undefined && nameDocument(main, currentTranslator().t);
    arriveAtStep(engine, entryId, activeVariantAt(engine, location.pathname), location, navigator.userAgent, titled);
    engine.openedArrival = location.pathname;
  }
  const app = <FunnelApp engine={engine} />;
  if (hydrate) {
    // the prerendered page is complete and its taps are held (earlyClicks): React's client is loaded and
    // run at the first interaction since the script started, or once the loaded page has been idle for a
    // while (reactClient.ts)
    await startedUp;
    const { hydrateRoot } = await genericRetry(loadReactClient, reportRetryFailure);
    await yieldToBrowser();
    // the page's first Intl object starts ICU, 20-60 ms unthrottled in one call nothing can split: made
    // here in a task of its own (the formatting locale is cached), not inside a slice of the hydration
    formattingLocale(language);
    await yieldToBrowser();
    // as a transition, hydration yields to the browser every few milliseconds instead of one long task
    startTransition(() => {
      hydrateRoot(options.root, app);
    });
    earlyClicks.release(true);
  } else {
    earlyClicks.release(false);
    // rendered afresh, the landing is shown again (its held tap is not replayed): no copy of the next step stays over it
    dismissEarlyStep();
    const { createRoot } = await genericRetry(loadReactClient, reportRetryFailure);
    const root = createRoot(options.root);
    flushSync(() => root.render(app));
    document.documentElement.removeAttribute(LANGUAGE_SWITCH);
    document.documentElement.removeAttribute(EXPERIMENT_SWAP);
  }
  return engine;
}
