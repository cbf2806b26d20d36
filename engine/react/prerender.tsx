/**
 * Node only (the build's prerenderer, never in the browser): renders the funnel at one path to HTML
 * with React's static renderer, which waits for the lazily loaded screen, so the HTML holds the
 * screen itself. The browser hydrates it with the same texts (see boot.tsx).
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import i18next, { type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { proxy } from 'valtio/vanilla';
import type { ReactNode } from 'react';
import { createAnalytics } from '../core/analytics.ts';
import type { FunnelConfig } from '../core/config.ts';
import { indexSteps, type FunnelData } from '../core/flowGraph.ts';
import { LANGUAGES, type Language } from '../core/languages.ts';
import { createFunnelStore } from '../core/store.ts';
import type { FunnelEngine, TextsState } from './context.ts';
import { FunnelApp } from './FunnelApp.tsx';
import type { ScreenRegistry } from './types.ts';

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
export async function createPrerenderer(options: {
  data: FunnelData;
  registry: ScreenRegistry;
  config: FunnelConfig;
  firstPaintTexts: Record<Language, ResourceKey>;
}): Promise<Prerenderer> {
  const { data, registry, config } = options;
  const resources = Object.fromEntries(LANGUAGES.map((l) => [l, { translation: options.firstPaintTexts[l] }]));
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return {
    async render(path, language, variant) {
      await i18next.changeLanguage(language);
      const engine: FunnelEngine = {
        data,
        steps: indexSteps(data.flows),
        store: createFunnelStore(),
        analytics: createAnalytics([]),
        registry,
        config,
        texts: proxy<TextsState>({ complete: false, failed: false }),
        chooseVariant: (p) => (variant !== undefined && p === path ? { experimentId: '', variant, source: 'winner' } : undefined),
      };
      const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
      const { prelude } = await prerenderToNodeStream(<FunnelApp engine={engine} Router={Router} />);
      let html = '';
      for await (const chunk of prelude) html += String(chunk);
      return { html, dir: i18next.dir(language) };
    },
  };
}
