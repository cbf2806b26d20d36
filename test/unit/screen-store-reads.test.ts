/**
 * A screen that calls `useStore()` subscribes to a snapshot of the store, and one that reads nothing
 * from that snapshot re-renders on every change of the store (valtio re-renders a component whose
 * snapshot reads are unknown): a screen that only writes the store, or reads it in handlers and
 * initial state, takes it from `useFunnel()` instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('screens and the store', () => {
  it('take a snapshot with useStore() only when they read it', () => {
    const offenders = sources(join(root, 'screens')).flatMap((path) => {
      const text = readFileSync(path, 'utf8');
      return [...text.matchAll(/const \{([^}]*)\} = useStore\(\)/g)]
        .filter((match) => !/\bsnap\b/.test(match[1]!))
        .map(() => `${relative(root, path)}: useStore() without reading its snap; take the store from useFunnel()`);
    });
    expect(offenders).toEqual([]);
  });
});
