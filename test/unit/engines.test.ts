/**
 * A quiet install: the Node.js versions package.json states are ones every installed dependency
 * accepts, so `npm install` prints no EBADENGINE warning on any of them.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  engines?: { node?: string };
  os?: string[];
  cpu?: string[];
}
const read = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as T;
const stated = read<{ engines: { node: string } }>('package.json').engines.node;
const lock = read<{ packages: Record<string, LockEntry> }>('package-lock.json');

describe('engines', () => {
  it('states a Node.js range that includes the Node.js running the tests', () => {
    expect(semver.satisfies(process.version, stated)).toBe(true);
  });

  it('states only Node.js versions that every dependency accepts', () => {
    // packages for another platform (sharp's Windows build, say) are never installed here
    const installable = Object.entries(lock.packages).filter(([path, entry]) => path && !entry.os && !entry.cpu);
    const withEngines = installable.filter(([, entry]) => entry.engines?.node);
    expect(withEngines.length).toBeGreaterThan(50);
    const refusing = withEngines
      .filter(([, entry]) => !semver.subset(stated, entry.engines!.node!))
      .map(([path, entry]) => `${path} wants ${entry.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
