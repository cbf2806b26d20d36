import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { indexSteps, showError, setLoader } from '../../engine/index.ts';
import { carouselPlace } from '../../screens/feature-intro/carousel.ts';
import { funnelData } from '../../screens/flowData.ts';
import { AppErrorBoundary } from '../../engine/react/index.ts';
import { CHUNK_RELOAD_KEY, ChunkErrorBoundary } from '../../engine/react/index.ts';
import { ChunkLoadError, lazyScreen } from '../../engine/react/index.ts';
import { detectLanguage, pickLanguage } from '../../engine/react/index.ts';
import { applyDocumentLanguage } from '../../engine/react/i18n.ts';
import { languages } from '../../screens/product/languages.ts';
import { screens } from '../../screens/registry.ts';
import i18next from 'i18next';
import { renderFunnel } from './harness.tsx';
import { unsupportedLocales } from '../unsupportedLocales.ts';

describe('message overlay', () => {
  it('shows the error banner with a server text and hides it after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const f = await renderFunnel('/');
    await screen.findByRole('button', { name: 'Continue' });
    await act(async () => showError(f.store, 'signup', { text: 'This e-mail is already registered' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This e-mail is already registered');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2900);
    });
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(f.store.error.show).toBe(false);
    vi.useRealTimers();
  });

  it('translates an error key and closes on dismissal', async () => {
    const f = await renderFunnel('/');
    await screen.findByRole('button', { name: 'Continue' });
    await act(async () => showError(f.store, 'network', { textKey: 'errors.generic' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error has occurred');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('shows the checkout text only for the checkout loader, and only when asked', async () => {
    const f = await renderFunnel('/');
    await screen.findByRole('button', { name: 'Continue' });
    await act(async () => setLoader(f.store, true, 'checkout', true));
    expect(await screen.findByRole('status')).toHaveTextContent('Please keep the page open. Your order is being processed. Billing may take a few minutes.');
    await act(async () => setLoader(f.store, true, 'normal', true));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Loading, please wait…'));
    await act(async () => setLoader(f.store, true, 'normal', false));
    await waitFor(() => expect(screen.getByRole('status').querySelector('.fe-loader__text')).toBeNull());
    await act(async () => setLoader(f.store, false));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});

describe('routes and chrome', () => {
  it('sends an unknown path to "/"', async () => {
    const f = await renderFunnel('/no-such-page');
    await screen.findByRole('heading', { name: "Welcome to your family's safe place" });
    expect(f.path()).toBe('/');
  });

  it('shows the orange progress bar on funnel steps but not on the landing', async () => {
    await renderFunnel('/');
    await screen.findByRole('button', { name: 'Continue' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Check location' });
    const bar = screen.getByRole('progressbar');
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    expect(Number(bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
  });

  it('marks the active carousel dot', async () => {
    // the main flow's second slide: its place and the carousel's length come from the flow (flows/main.json)
    const steps = indexSteps(funnelData.flows);
    const places = [...steps.values()].flatMap((ref) => (ref.step.screen === 'feature-intro' ? [{ ref, place: carouselPlace(steps, ref.id)! }] : []));
    const { ref, place } = places.find((p) => p.place.slide === 2)!;
    const { slide, slides } = place;
    const { title } = ref.step.props as { title: string };
    await renderFunnel(ref.step.path!);
    await screen.findByRole('heading', { name: i18next.t(title) });
    const dots = within(screen.getByRole('list', { name: `Slide ${slide} of ${slides}` })).getAllByRole('listitem');
    expect(dots).toHaveLength(slides);
    expect(dots.map((d) => d.getAttribute('aria-current'))).toEqual(Array.from({ length: slides }, (_, i) => (i + 1 === slide ? 'step' : null)));
  });
});

describe('error boundaries', () => {
  it('shows "An error has occurred" for a rendering error that escapes everything', () => {
    const Broken = () => {
      throw new Error('boom');
    };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    render(
      <AppErrorBoundary onError={onError}>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('An error has occurred');
    expect(onError).toHaveBeenCalledOnce();
    vi.restoreAllMocks();
  });

  it('reloads once when a screen chunk fails, then shows "Loading chunk failed" with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    const Failing = lazyScreen<object>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const reported: string[] = [];
    const tree = (
      <ChunkErrorBoundary
        reload={reload}
        onChunkError={(e) => reported.push(e.message)}
        fallback={(retry) => <button onClick={retry}>Loading chunk failed</button>}
      >
        <Failing />
      </ChunkErrorBoundary>
    );
    const first = render(tree);
    await screen.findByRole('button', { name: 'Loading chunk failed' });
    expect(reported).toEqual(['Loading chunk failed']);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1');
    first.unmount();
    // after the reload the chunk fails again: no second automatic reload
    render(tree);
    await screen.findByRole('button', { name: 'Loading chunk failed' });
    expect(reload).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Loading chunk failed' }));
    expect(reload).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });

  it('shows the translated chunk failure inside the funnel and reports it to analytics', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem(CHUNK_RELOAD_KEY, '1'); // the one reload already happened
    const registry = { ...screens, landing: lazyScreen(() => Promise.reject(new ChunkLoadError('offline'))) } as typeof screens;
    const f = await renderFunnel('/', { registry });
    expect(await screen.findByText('Loading chunk failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(f.events.some((e) => e.name === 'error' && e.props.message === 'Loading chunk failed')).toBe(true);
    vi.restoreAllMocks();
  });
});

describe('languages', () => {
  const [unsupported, anotherUnsupported] = unsupportedLocales(languages);

  it('maps browser languages to the supported ones, English otherwise', () => {
    expect(pickLanguage(languages, 'pt-BR')).toBe('pt');
    expect(pickLanguage(languages, 'zh-Hans-CN')).toBe('zh');
    expect(pickLanguage(languages, 'uk')).toBe('uk');
    expect(pickLanguage(languages, unsupported)).toBe('en');
    expect(pickLanguage(languages, undefined)).toBe('en');
  });

  it('detects the language from ?lng= first, then the browser languages in order, else English', () => {
    expect(detectLanguage(languages, '?lng=ja', ['de-DE'])).toBe('ja');
    expect(detectLanguage(languages, '?lng=xx', [unsupported, 'fr-CA', 'de'])).toBe('fr');
    expect(detectLanguage(languages, '', ['zh-TW'])).toBe('zh');
    expect(detectLanguage(languages, '', [unsupported, anotherUnsupported])).toBe('en');
    expect(detectLanguage(languages, '', [])).toBe('en');
  });

  it('lays Arabic out right to left', async () => {
    const instance = i18next.createInstance();
    await instance.init({ lng: 'ar', resources: { ar: { translation: {} } } });
    applyDocumentLanguage(instance);
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    await instance.changeLanguage('de');
    applyDocumentLanguage(instance);
    expect(document.documentElement.dir).toBe('ltr');
  });
});

describe('texts arriving after the first paint', () => {
  it('renders the entry step at once but holds a later step behind the loader until the texts arrive', async () => {
    const texts = { complete: false, failed: false };
    const f = await renderFunnel('/', { texts });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Check location' })).not.toBeInTheDocument();
    await act(async () => {
      f.engine.texts.complete = true;
    });
    expect(await screen.findByRole('heading', { name: 'Check location' })).toBeInTheDocument();
  });

  it('treats texts that could not be fetched like a chunk that failed to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem(CHUNK_RELOAD_KEY, '1');
    const f = await renderFunnel('/check-location', { texts: { complete: false, failed: true } });
    expect(await screen.findByText('Loading chunk failed')).toBeInTheDocument();
    expect(f.events.some((e) => e.name === 'error' && e.props.message === 'Loading chunk failed')).toBe(true);
    vi.restoreAllMocks();
  });
});
