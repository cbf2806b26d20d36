/**
 * Node only (the build's prerenderer, never in the browser): renders the funnel at one path to HTML
 * with React's static renderer, which waits for the lazily loaded screen, so the HTML holds the
 * screen itself. The browser hydrates it with the same first-paint texts (translator.ts, boot.tsx).
 */
import { createGatewayRegistry } from '../payments/registry.ts';
import type { prerenderToNodeStream } from 'react-dom/static';
import { proxy } from 'valtio/vanilla';
import { createAnalytics } from '../core/analytics.ts';
import { StrictMode } from 'react';
import { getVariant, indexSteps, nextStepId, resolveStep, type FunnelData, type Variant } from '../core/flowGraph.ts';
import { variantForPath } from '../core/variants.ts';
import type { Language } from '../core/languages.ts';
import { createFunnelStore } from '../core/store.ts';
import { EngineContext, type FunnelEngine, type TextsState } from './context.ts';
import { NavigationContext } from './navigation.ts';
import { StepHost } from './StepHost.tsx';
import { STYLE_DATA } from './earlyStep.ts';
import { FunnelApp } from './FunnelApp.tsx';
import type { FunnelDefinition } from './defineFunnel.ts';
import type { ScreenMap } from './types.ts';
import type { TextsByLanguage } from './i18n.ts';
import { createTranslator, setTranslator, type TextTree } from './translator.ts';
import { LoadingOverlay } from './overlays/LoadingOverlay.tsx';

export interface Prerenderer {
  /**
   * The HTML inside #root for a path in a language, and the document's `dir`; `variant` renders the
   * path as that variant would (an experiment's arm or winner) instead of the path's own.
   */
  render: (path: string, language: Language, variant?: string) => Promise<{ html: string; dir: 'ltr' | 'rtl' }>;
  /**
   * The markup of the step a landing path's continue leads to (its entry step's default `next`), as
   * the app renders it there, for the page to show at an early tap (earlyStep.ts); undefined when
   * that step has no route. Its style attributes are renamed (STYLE_DATA): the CSP refuses them in markup.
   */
  renderNextStep: (path: string, language: Language, variant?: string) => Promise<{ stepId: string; html: string } | undefined>;
  /**
   * The full-screen loading overlay in a language, and the document's `dir`: the app shell's #root, so a
   * path that is not prerendered (a deep link) paints the overlay from the HTML while its scripts load.
   */
  renderLoading: (language: Language) => Promise<{ html: string; dir: 'ltr' | 'rtl' }>;
}

/** The step a landing variant's continue leads to: its entry step's default `next`. */
function nextOfEntry(data: FunnelData, variant: Variant): { stepId: string; path: string } | undefined {
  const flow = data.flows[variant.flow];
  if (!flow) return undefined;
  const stepId = nextStepId(resolveStep(flow.steps[flow.entry]!, flow.entry, variant).next);
  const path = stepId === undefined ? undefined : flow.steps[stepId]?.path;
  return stepId !== undefined && path !== undefined ? { stepId, path } : undefined;
}

/**
 * @param firstPaintTexts each language's first-paint texts: exactly what the browser has when it
 *   hydrates, so the markup matches
 */
export async function createPrerenderer<M extends ScreenMap, S extends object>(options: {
  /** The funnel (defineFunnel), the same one the browser boots. */
  funnel: FunnelDefinition<M, S>;
  /**
   * React's static renderer (`react-dom/static`), passed in by the Node entry so that this module,
   * reachable from the engine's public entry, never brings the server renderer into a browser bundle.
   */
  renderToStream: typeof prerenderToNodeStream;
  firstPaintTexts: TextsByLanguage;
  /** Each language's whole texts, for the step after the landing (renderNextStep); without them it is not rendered. */
  allTexts?: TextsByLanguage;
}): Promise<Prerenderer> {
  const { data, screens: registry, config, slices, gateways, backend, languages } = options.funnel;
  // imported here, not at the top: this module is reachable from the engine's public entry, and a
  // static import would bring i18next into the landing's first bundle (see translator.ts)
  const { default: i18next } = await import('i18next');
  const { initI18n, translatorOf } = await import('./i18n.ts');
  await initI18n(languages, options.firstPaintTexts, i18next, languages.fallback);
  const engineFor = (path: string, variant: string | undefined): FunnelEngine => ({
    data,
    steps: indexSteps(data.flows),
    store: createFunnelStore(slices),
    analytics: createAnalytics([]),
    registry,
    config,
    texts: proxy<TextsState>({ complete: false, failed: false }),
    gateways: createGatewayRegistry(gateways),
    backend,
    chooseVariant: (p) => (variant !== undefined && p === path ? { experimentId: '', variant, variationId: '', source: 'winner' } : undefined),
  });
  return {
    async renderNextStep(path, language, variant) {
      const own = variantForPath(data.landings, path);
      const shown = variant !== undefined ? getVariant(data.landings, variant) : own?.variant;
      const next = shown && nextOfEntry(data, shown);
      const all = options.allTexts?.[language] as TextTree | undefined;
      if (!next || !all) return undefined;
      const engine = engineFor(path, variant);
      // the step as the app shows it after this landing: in the landing's variant, with every text at hand
      engine.store.plans.landingType = variant ?? own!.id;
      engine.texts.complete = true;
      await i18next.changeLanguage(language);
      i18next.addResourceBundle(language, 'translation', all, true, true);
      // i18next's own texts, as the app's steps read them once the texts are complete
      setTranslator(translatorOf(i18next));
      try {
        const navigation = { location: { pathname: next.path, search: '', key: 'default' }, navigate: () => {} };
        const { prelude } = await options.renderToStream(
          <StrictMode>
            <EngineContext.Provider value={engine}>
              <NavigationContext.Provider value={navigation}>
                <StepHost stepId={next.stepId} arrived />
              </NavigationContext.Provider>
            </EngineContext.Provider>
          </StrictMode>,
          // ids apart from the landing's, which stays in the same document
          { identifierPrefix: 'fe-next-' },
        );
        let html = '';
        for await (const chunk of prelude) html += String(chunk);
        return { stepId: next.stepId, html: html.replace(/ style="/g, ` ${STYLE_DATA}="`) };
      } finally {
        // the landings are rendered with the first-paint texts only, exactly as the browser hydrates them
        i18next.removeResourceBundle(language, 'translation');
        i18next.addResourceBundle(language, 'translation', options.firstPaintTexts[language], true, true);
      }
    },
    async renderLoading(language) {
      await i18next.changeLanguage(language);
      setTranslator(createTranslator(language, (options.allTexts?.[language] ?? options.firstPaintTexts[language]) as TextTree));
      const { prelude } = await options.renderToStream(<LoadingOverlay />, { identifierPrefix: 'fe-shell-' });
      let html = '';
      for await (const chunk of prelude) html += String(chunk);
      return { html, dir: i18next.dir(language) };
    },
    async render(path, language, variant) {
      await i18next.changeLanguage(language);
      // the entry step and the engine's chrome read the small translator, exactly as the browser hydrates
      // them (boot.tsx); i18next stays initialised for a project's screen that uses react-i18next
      setTranslator(createTranslator(language, options.firstPaintTexts[language] as TextTree));
      const engine = engineFor(path, variant);
      // a landing path renders its entry step alone, as the browser hydrates it (no router: see AppRoutes)
      const { prelude } = await options.renderToStream(<FunnelApp engine={engine} location={{ pathname: path, search: '' }} />);
      let html = '';
      for await (const chunk of prelude) html += String(chunk);
      return { html, dir: i18next.dir(language) };
    },
  };
}
