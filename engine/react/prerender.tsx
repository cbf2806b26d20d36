/**
 * Node only (the build's prerenderer, never in the browser): renders the funnel at one path to HTML
 * with React's static renderer, which waits for the lazily loaded screen, so the HTML holds the
 * screen itself. The browser hydrates it with the same texts and i18next settings (initI18n, boot.tsx).
 */
import { prerenderToNodeStream } from 'react-dom/static';
import i18next from 'i18next';
import { proxy } from 'valtio/vanilla';
import { createAnalytics } from '../core/analytics.ts';
import type { FunnelConfig } from '../core/config.ts';
import { indexSteps, type FunnelData } from '../core/flowGraph.ts';
import type { Language } from '../core/languages.ts';
import { createFunnelStore } from '../core/store.ts';
import type { FunnelEngine, TextsState } from './context.ts';
import { FunnelApp } from './FunnelApp.tsx';
import { initI18n, type TextsByLanguage } from './i18n.ts';
import type { ScreenRegistry } from './types.ts';

export interface Prerenderer {
  /** The HTML inside #root for a path in a language, and the document's `dir`. */
  render: (path: string, language: Language) => Promise<{ html: string; dir: 'ltr' | 'rtl' }>;
}

/**
 * @param firstPaintTexts each language's first-paint texts: exactly what the browser has when it
 *   hydrates, so the markup matches
 */
export async function createPrerenderer(options: {
  data: FunnelData;
  registry: ScreenRegistry;
  config: FunnelConfig;
  firstPaintTexts: TextsByLanguage;
}): Promise<Prerenderer> {
  const { data, registry, config } = options;
  await initI18n(options.firstPaintTexts, i18next, 'en');
  return {
    async render(path, language) {
      await i18next.changeLanguage(language);
      const engine: FunnelEngine = {
        data,
        steps: indexSteps(data.flows),
        store: createFunnelStore(),
        analytics: createAnalytics([]),
        registry,
        config,
        texts: proxy<TextsState>({ complete: false, failed: false }),
      };
      // a landing path renders its entry step alone, as the browser hydrates it (no router: see AppRoutes)
      const { prelude } = await prerenderToNodeStream(<FunnelApp engine={engine} location={{ pathname: path, search: '' }} />);
      let html = '';
      for await (const chunk of prelude) html += String(chunk);
      return { html, dir: i18next.dir(language) };
    },
  };
}
