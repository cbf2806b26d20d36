import { Component, type ReactNode } from 'react';
import { reportError } from '../core/errorReporting.ts';
import { readItem, removeItem, writeItem } from '../core/safeStorage.ts';
import { ChunkLoadError } from './lazyScreen.ts';

export const CHUNK_RELOAD_KEY = 'chunkReloaded';

interface Props {
  children: ReactNode;
  /** Reports the failure ("Loading chunk failed"). */
  onChunkError: (error: ChunkLoadError) => void;
  /** Renders what the visitor sees once the single reload did not help. */
  fallback: (retry: () => void) => ReactNode;
  reload?: () => void;
}

/**
 * Catches a screen chunk that failed to load: reports it (analytics and error reporting), reloads
 * the page once, and shows the fallback if the chunk fails again after that reload. Other errors go
 * up to the app boundary.
 */
export class ChunkErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override componentDidCatch(error: unknown): void {
    if (!(error instanceof ChunkLoadError)) return;
    reportError(error, 'chunk-load');
    this.props.onChunkError(error);
    if (readItem('session', CHUNK_RELOAD_KEY) === undefined && writeItem('session', CHUNK_RELOAD_KEY, '1')) {
      (this.props.reload ?? (() => window.location.reload()))();
    }
  }

  private retry = (): void => {
    removeItem('session', CHUNK_RELOAD_KEY);
    (this.props.reload ?? (() => window.location.reload()))();
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (error instanceof ChunkLoadError) return this.props.fallback(this.retry);
    throw error; // not ours: the app boundary shows its fallback
  }
}

/** Called once a screen rendered: the next chunk failure may reload once again. */
export function clearChunkReloadMark(): void {
  removeItem('session', CHUNK_RELOAD_KEY);
}
