/**
 * Node only (the build's prerenderer, never in the browser): renders the funnel at one path to HTML
 * with React's static renderer, which waits for the lazily loaded screen, so the HTML holds the
 * screen itself. The browser hydrates it with the same first-paint texts (translator.ts, boot.tsx).
 */
import { createGatewayRegistry } from '../payments/registry.ts';
import type { prerenderToNodeStream } from 'react-dom/static';
import { proxy } from 'valtio/vanilla';
import { createAnalytics } from '../core/analytics.ts';
import { indexSteps } from '../core/flowGraph.ts';
import type { Language } from '../core/languages.ts';
import { createFunnelStore } from '../core/store.ts';
import type { FunnelEngine, TextsState } from './context.ts';
import { FunnelApp } from './FunnelApp.tsx';
import type { FunnelDefinition } from './defineFunnel.ts';
import type { ScreenMap } from './types.ts';
import type { TextsByLanguage } from './i18n.ts';
import { createTranslator, setTranslator, type TextTree } from './translator.ts';

export interface Prerenderer {
  /**
   * The HTML inside #root for a path in a language, and the document's `dir`; `variant` renders the
   * path as that variant would (an experiment's arm or winner) instead of the path's own.
   */
  render: (path: string, language: Language, variant?: string) => Promise<{ html: string; dir: 'ltr' | 'rtl' }>;
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
}): Promise<Prerenderer> {
  const { data, screens: registry, config, slices, gateways, backend, languages } = options.funnel;
  // imported here, not at the top: this module is reachable from the engine's public entry, and a
  // static import would bring i18next into the landing's first bundle (see translator.ts)
  const { default: i18next } = await import('i18next');
  const { initI18n } = await import('./i18n.ts');
  await initI18n(languages, options.firstPaintTexts, i18next, languages.fallback);
  return {
    async render(path, language, variant) {
      await i18next.changeLanguage(language);
      // the entry step and the engine's chrome read the small translator, exactly as the browser hydrates
      // them (boot.tsx); i18next stays initialised for any react-i18next component an entry screen has
      setTranslator(createTranslator(language, options.firstPaintTexts[language] as TextTree));
      const engine: FunnelEngine = {
        data,
        steps: indexSteps(data.flows),
        store: createFunnelStore(slices),
        analytics: createAnalytics([]),
        registry,
        config,
        texts: proxy<TextsState>({ complete: false, failed: false }),
        gateways: createGatewayRegistry(gateways),
        backend,
        chooseVariant: (p) => (variant !== undefined && p === path ? { experimentId: '', variant, source: 'winner' } : undefined),
      };
      // a landing path renders its entry step alone, as the browser hydrates it (no router: see AppRoutes)
      const { prelude } = await options.renderToStream(<FunnelApp engine={engine} location={{ pathname: path, search: '' }} />);
      let html = '';
      for await (const chunk of prelude) html += String(chunk);
      return { html, dir: i18next.dir(language) };
    },
  };
}
