/** Error-boundary catches and chunk-load failures reach error reporting, with the step and variant of the funnel. */
import { StrictMode } from 'react';
import { render, screen } from '@testing-library/react';
import { connectReporter, resetErrorReporting, setErrorContext, type ErrorReporter } from '../../engine/index.ts';
import { AppErrorBoundary } from '../../engine/react/index.ts';
import { ChunkErrorBoundary } from '../../engine/react/index.ts';
import { lazyScreen } from '../../engine/react/index.ts';

function recorder() {
  const calls: Array<{ message: string; source: string; tags: Record<string, string> }> = [];
  const reporter: ErrorReporter = {
    capture: (error, source, tags) => void calls.push({ message: error instanceof Error ? error.message : String(error), source, tags: { ...tags } }),
  };
  connectReporter(reporter);
  return calls;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  setErrorContext(() => ({ step: 'quiz', variant: 'promo' }));
});

afterEach(() => {
  resetErrorReporting();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('error reporting from the boundaries', () => {
  it('reports a rendering error caught by the app boundary', () => {
    const calls = recorder();
    const Broken = () => {
      throw new Error('render failed');
    };
    render(
      <StrictMode>
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </StrictMode>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(calls).toEqual([{ message: 'render failed', source: 'error-boundary', tags: { step: 'quiz', variant: 'promo', release: '' } }]);
  });

  it('reports a screen chunk that failed to load', async () => {
    const calls = recorder();
    const Failing = lazyScreen<object>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <StrictMode>
        <ChunkErrorBoundary reload={() => {}} onChunkError={() => {}} fallback={() => <p>Loading chunk failed</p>}>
          <Failing />
        </ChunkErrorBoundary>
      </StrictMode>,
    );
    await screen.findByText('Loading chunk failed');
    expect(calls).toEqual([
      expect.objectContaining({ message: 'Loading chunk failed', source: 'chunk-load', tags: expect.objectContaining({ step: 'quiz' }) }),
    ]);
  });
});
