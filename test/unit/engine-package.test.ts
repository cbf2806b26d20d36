/**
 * engine/ is a package of its own (`@funnel/engine`, an npm workspace): its exports map is exactly the
 * public entries, it imports nothing of the product (flows/, screens/, locales/, scripts/) and no
 * package it does not declare, and it resolves by its name.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const engineDir = join(root, 'engine');
const pkg = JSON.parse(readFileSync(join(engineDir, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, string>;
  dependencies: Record<string, string>;
};
const publicEntries = (JSON.parse(readFileSync(join(root, 'scripts/publicEntries.json'), 'utf8')) as { entries: string[] }).entries;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every module specifier of a source file: static imports and re-exports (over lines too), side-effect imports, dynamic imports. */
const specifiers = (text: string): string[] =>
  [
    ...text.matchAll(/^\s*(?:import|export)\s[^;'"]*?\bfrom\s*['"]([^'"\n]+)['"]/gm),
    ...text.matchAll(/^\s*import\s*['"]([^'"\n]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
const packageName = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('the engine package', () => {
  it('exports exactly the public entries', () => {
    expect(pkg.name).toBe('@funnel/engine');
    expect(
      Object.values(pkg.exports)
        .map((target) => `engine/${target.replace(/^\.\//, '')}`)
        .sort(),
    ).toEqual([...publicEntries].sort());
  });

  it('imports nothing outside engine/ but the packages it declares and Node built-ins', () => {
    const files = sources(engineDir);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => specifiers(readFileSync(file, 'utf8'))).length).toBeGreaterThan(300);
    const outside = files.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
        if (specifier.startsWith('node:')) return [];
        if (specifier.startsWith('.')) {
          const target = relative(engineDir, resolve(dirname(file), specifier));
          return target.startsWith('..') ? [`${relative(root, file)} imports ${specifier}`] : [];
        }
        return packageName(specifier) in pkg.dependencies ? [] : [`${relative(root, file)} imports undeclared ${specifier}`];
      }),
    );
    expect(outside).toEqual([]);
  });

  it('resolves by its name through the workspace', async () => {
    const engine = (await import('@funnel/engine')) as Record<string, unknown>;
    const validate = (await import('@funnel/engine/validate')) as Record<string, unknown>;
    expect(typeof engine.defineFunnel === 'function' || typeof engine.getVariant === 'function').toBe(true);
    expect(typeof validate.validateProject).toBe('function');
  });
});
