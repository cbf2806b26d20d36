/**
 * The entry route: a landing path renders its entry step without the router chunk, and the router
 * takes over at the next address when the visitor moves on (FunnelApp, as boot renders it).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { proxy } from 'valtio/vanilla';
import { createAnalytics, memorySink, type AnalyticsEvent } from '../../engine/index.ts';
import { indexSteps } from '../../engine/index.ts';
import { createFunnelStore } from '../../engine/index.ts';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';
import { HISTORY_KEY } from '../../engine/index.ts';
import type { FunnelEngine } from '../../engine/react/index.ts';
import { entryRouteFor } from '../../engine/react/index.ts';
import { FunnelApp } from '../../engine/react/index.ts';
import { activeVariantAt, arriveAtStep, loadedRouter, loadRouter } from '../../engine/react/index.ts';
import { createGatewayRegistry } from '../../engine/payments/gateways.ts';
import { funnelData } from '../../screens/flowData.ts';
import { gateways } from '../../screens/payments/gateways.ts';
import { funnel } from '../../screens/funnel.ts';
import { productSlices } from '../../screens/product/slices.ts';
import { screens } from '../../screens/registry.ts';
import { setupI18n } from './harness.tsx';

/** The engine as boot makes it, with the address bar at `url` and the events recorded. */
async function openedAt(url: string): Promise<{ engine: FunnelEngine; events: AnalyticsEvent[]; store: FunnelEngine['store'] }> {
  await setupI18n();
  sessionStorage.clear();
  window.history.replaceState(null, '', url);
  const events: AnalyticsEvent[] = [];
  const store = createFunnelStore(productSlices);
  const engine: FunnelEngine = {
    data: funnelData,
    steps: indexSteps(funnelData.flows),
    store,
    analytics: createAnalytics([memorySink(events)]),
    registry: screens,
    config: PREVIEW_CONFIG,
    texts: proxy({ complete: true, failed: false }),
    gateways: createGatewayRegistry(gateways),
    backend: funnel.backend,
  };
  return { engine, events, store };
}

describe('entry route', () => {
  it('matches only landing paths, each to its flow entry and variant', () => {
    expect(entryRouteFor(funnelData, '/discount')).toEqual({ stepId: 'landing', variantId: 'discount' });
    expect(entryRouteFor(funnelData, '/')).toEqual({ stepId: 'landing', variantId: 'fullPrice' });
    expect(entryRouteFor(funnelData, '/family')).toEqual({ stepId: 'family', variantId: 'family' });
    expect(entryRouteFor(funnelData, '/check-location')).toBeUndefined();
    expect(entryRouteFor(funnelData, '/no-such-page')).toBeUndefined();
  });

  it('renders the landing without the router, then hands over to it at the next step', async () => {
    const { engine, events, store } = await openedAt('/discount?utm_source=tiktok');
    render(<FunnelApp engine={engine} />);
    await screen.findByRole('heading', { level: 1, name: "Welcome to your family's safe place" });
    expect(loadedRouter()).toBeUndefined();
    // StepHost works as on any route: the landing type, the query and the page view are recorded
    await waitFor(() => expect(store.plans.landingType).toBe('discount'));
    expect(store.events.utm_source).toBe('tiktok');
    expect(events.filter((e) => e.kind === 'page').map((e) => e.name)).toContain('/discount');
    expect(JSON.parse(sessionStorage.getItem(HISTORY_KEY) ?? '[]')).toEqual(['/discount']);

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Check location' });
    expect(window.location.pathname).toBe('/check-location');
    expect(loadedRouter()).toBeDefined();
    // the page view waits for the screen to name the document (pageView.ts): it may follow the heading by a task
    await waitFor(() =>
      expect(
        events
          .filter((e) => e.kind === 'page')
          .map((e) => e.name)
          .at(-1),
      ).toBe('/check-location'),
    );
    expect(JSON.parse(sessionStorage.getItem(HISTORY_KEY) ?? '[]')).toEqual(['/discount', '/check-location']);
  }, 20_000);

  it('does not record the arrival again when boot recorded it before React (the router already loaded or not)', async () => {
    const { engine, events, store } = await openedAt('/discount?utm_source=meta');
    // as boot does on a prerendered landing, before React's client has loaded
    arriveAtStep(engine, 'landing', activeVariantAt(engine, '/discount'), window.location, navigator.userAgent);
    engine.openedArrival = '/discount';
    expect(store.plans.landingType).toBe('discount');
    expect(store.events.utm_source).toBe('meta');
    await loadRouter(); // the router chunk came first: the opened landing still renders as its entry step
    render(<FunnelApp engine={engine} />);
    await screen.findByRole('heading', { level: 1, name: "Welcome to your family's safe place" });
    await new Promise((resolve) => setTimeout(resolve, 50)); // effects (twice, under StrictMode) have run
    expect(events.filter((e) => e.kind === 'page').map((e) => e.name)).toEqual(['/discount']);
    expect(events.filter((e) => e.name === 'tracking_captured')).toHaveLength(1);
    expect(JSON.parse(sessionStorage.getItem(HISTORY_KEY) ?? '[]')).toEqual(['/discount']);

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Check location' });
    const pages = (): string[] => events.filter((e) => e.kind === 'page').map((e) => e.name);
    await waitFor(() => expect(pages().at(-1)).toBe('/check-location'));
    expect(pages().filter((name) => name === '/discount')).toHaveLength(1);
  }, 20_000);
});
