/**
 * Renders the real engine (routes, StepHost, overlays, lazy registry) in a MemoryRouter under
 * StrictMode, with a fresh store, English texts and an in-memory analytics log, so a component test
 * drives a screen exactly as the funnel does and can read where next() went.
 */
import { createGatewayRegistry, type GatewayRegistration } from '../../engine/payments/gateways.ts';
import { StrictMode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import i18next from 'i18next';
import { proxy } from 'valtio/vanilla';
import { initReactI18next } from 'react-i18next';
import { createAnalytics, memorySink, type AnalyticsEvent } from '../../engine/index.ts';
import { indexSteps } from '../../engine/index.ts';
import { createFunnelStore } from '../../engine/index.ts';
import { productSlices, type ProductState } from '../../screens/product/slices.ts';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';
import { EngineContext, type FunnelEngine } from '../../engine/react/index.ts';
import { connectTranslator } from '../../engine/react/i18n.ts';
import { FunnelRoutes } from '../../engine/react/routes.ts';
import { MessageOverlay } from '../../engine/react/index.ts';
import { HistoryGuard } from '../../engine/react/routes.ts';
import { funnelData } from '../../screens/flowData.ts';
import { screens } from '../../screens/registry.ts';
import { funnel } from '../../screens/funnel.ts';
import en from '../../locales/en.json';

let i18nReady: Promise<unknown> | undefined;

/** English (or another language's file) loaded into the global i18next, once per test file. */
export function setupI18n(language = 'en', resources: Record<string, unknown> = en): Promise<unknown> {
  i18nReady ??= i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { [language]: { translation: resources } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  // the engine's chrome and the landing read their texts through the translator, i18next's here
  connectTranslator(i18next);
  return i18nReady;
}

export interface RenderedFunnel extends RenderResult {
  store: ProductState;
  events: AnalyticsEvent[];
  engine: FunnelEngine;
  /** The current router path (updated as next() navigates). */
  path: () => string;
}

function PathProbe({ onPath }: { onPath: (p: string) => void }) {
  const location = useLocation();
  onPath(location.pathname);
  return null;
}

/**
 * Renders the funnel at a path.
 * @example const f = await renderFunnel('/signup/set-your-options'); await user.click(...); expect(f.path()).toBe(...)
 */
export async function renderFunnel(
  path: string,
  options: {
    state?: (store: ProductState) => void;
    data?: FunnelEngine['data'];
    registry?: FunnelEngine['registry'];
    texts?: FunnelEngine['texts'];
    chooseVariant?: FunnelEngine['chooseVariant'];
    /** The gateway registrations instead of the product's. */
    gateways?: readonly GatewayRegistration[];
  } = {},
): Promise<RenderedFunnel> {
  await setupI18n();
  const store = createFunnelStore(productSlices);
  options.state?.(store);
  const events: AnalyticsEvent[] = [];
  const data = options.data ?? funnelData;
  const engine: FunnelEngine = {
    data,
    steps: indexSteps(data.flows),
    store,
    analytics: createAnalytics([memorySink(events)]),
    registry: options.registry ?? screens,
    config: PREVIEW_CONFIG,
    texts: proxy(options.texts ?? { complete: true, failed: false }),
    gateways: createGatewayRegistry(options.gateways ?? funnel.gateways),
    backend: funnel.backend,
    chooseVariant: options.chooseVariant,
  };
  let current = path;
  const result = render(
    <StrictMode>
      <EngineContext.Provider value={engine}>
        <MemoryRouter initialEntries={[path]}>
          <HistoryGuard />
          <MessageOverlay />
          <FunnelRoutes />
          <PathProbe onPath={(p) => (current = p)} />
        </MemoryRouter>
      </EngineContext.Provider>
    </StrictMode>,
  );
  return { ...result, store, events, engine, path: () => current };
}
