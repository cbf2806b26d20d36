import { ChunkLoadError, CHUNK_TIMEOUT_MS, loadWithTimeout } from '../../engine/react/index.ts';

describe('chunk loading', () => {
  it('passes a loaded module through', async () => {
    await expect(loadWithTimeout(async () => ({ default: 1 }))).resolves.toEqual({ default: 1 });
  });

  it('turns a failed import into "Loading chunk failed"', async () => {
    const error = await loadWithTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).message).toBe('Loading chunk failed');
  });

  it('gives up after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise(() => {}));
    const check = expect(pending).rejects.toThrow('Loading chunk failed');
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    await check;
    vi.useRealTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });
});

describe('a preloaded lazy screen', () => {
  it('renders at once, without suspending, once preload() has finished', async () => {
    const { renderToString } = await import('react-dom/server');
    const { createElement, Suspense } = await import('react');
    const { lazyScreen } = await import('../../engine/react/index.ts');
    const Screen = lazyScreen(async () => ({ default: ({ name }: { name: string }) => createElement('p', null, `Hello ${name}`) }));
    const tree = () => createElement(Suspense, { fallback: 'loading' }, createElement(Screen, { name: 'Ada' }));
    expect(renderToString(tree())).toContain('loading');
    await Screen.preload();
    expect(renderToString(tree())).toBe('<!--$--><p>Hello Ada</p><!--/$-->');
  });
});
