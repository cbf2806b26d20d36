/**
 * The engine is used through its public entries only (scripts/publicEntries.json): screens and tests
 * import nothing from inside engine/. The one exception is for tests: modules the engine loads only
 * through dynamic imports (the payment gateways, the Sentry adapter), which must not be re-exported
 * statically or they would join the landing bundle (and the sandbox a production build), are tested
 * directly. Every entry exports explicit names, each statement with its JSDoc, and engine/core stays
 * free of React and of the product layer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import publicEntries from '../../scripts/publicEntries.json';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Every source file under a folder of the repository. */
function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|mts)$/.test(f) && !f.includes('node_modules'))
    .map((f) => join(folder, f).split('\\').join('/'));
}

/** Every module specifier a source names: imports, re-exports, dynamic imports, import types, vi.mock. */
function specifiers(text: string): Array<{ spec: string; line: number }> {
  const found: Array<{ spec: string; line: number }> = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|vi\.(?:mock|importActual|doMock)\(\s*)['"]([^'"]+)['"]/g;
  for (const m of text.matchAll(pattern)) found.push({ spec: m[1]!, line: text.slice(0, m.index).split('\n').length });
  return found;
}

/** The engine modules a file imports other than through the allowed ones. */
function deepImports(file: string, text: string, allowLazy: boolean): string[] {
  return specifiers(text).flatMap(({ spec, line }) => {
    if (!spec.startsWith('.')) return [];
    const target = normalize(join(dirname(file), spec))
      .split('\\')
      .join('/');
    if (!target.startsWith('engine/')) return [];
    if (publicEntries.entries.includes(target)) return [];
    if (allowLazy && publicEntries.lazyModules.some((lazy) => target === lazy || target.startsWith(lazy))) return [];
    return [`${file}:${line} imports ${spec}`];
  });
}

describe('public entries of the engine', () => {
  it('are the only way screens use the engine', () => {
    const violations = sources('screens').flatMap((f) => deepImports(f, readFileSync(join(root, f), 'utf8'), false));
    expect(violations).toEqual([]);
  });

  it('are the only way tests use the engine, besides the lazily loaded gateways and adapters', () => {
    const violations = sources('test').flatMap((f) => deepImports(f, readFileSync(join(root, f), 'utf8'), true));
    expect(violations).toEqual([]);
  });

  it('catches every form of a deep import', () => {
    const e = '../../engine'; // built, so that this file itself names no deep import
    const text = [
      `import { a } from '${e}/core/store.ts';`,
      `import type { B } from '${e}/react/types.ts';`,
      `export { c } from '${e}/payments/port.ts';`,
      `const d = await import('${e}/validate/schemas.ts');`,
      `vi.mock('${e}/core/http.ts');`,
      `import '${e}/react/engine.css';`,
      `import { ok } from '${e}/index.ts';`,
    ].join('\n');
    expect(deepImports('test/unit/x.test.ts', text, true)).toEqual([
      'test/unit/x.test.ts:1 imports ../../engine/core/store.ts',
      'test/unit/x.test.ts:2 imports ../../engine/react/types.ts',
      'test/unit/x.test.ts:3 imports ../../engine/payments/port.ts',
      'test/unit/x.test.ts:4 imports ../../engine/validate/schemas.ts',
      'test/unit/x.test.ts:5 imports ../../engine/core/http.ts',
      'test/unit/x.test.ts:6 imports ../../engine/react/engine.css',
    ]);
    expect(deepImports('test/unit/x.test.ts', `import { s } from '${e}/payments/sandbox/cardRules.ts';`, true)).toEqual([]);
    expect(deepImports('screens/x/X.tsx', `import { s } from '${e}/payments/sandbox/cardRules.ts';`, false)).toHaveLength(1);
  });

  it.each(publicEntries.entries)('%s exports explicit names, each with its JSDoc', (entry) => {
    const text = readFileSync(join(root, entry), 'utf8');
    expect(text).not.toMatch(/export\s*\*/);
    const lines = text.split('\n');
    const reexports = lines.map((l, i) => ({ l, i })).filter(({ l }) => /^export (type )?\{/.test(l) && / from '/.test(l));
    expect(reexports.length).toBeGreaterThan(0);
    for (const { l, i } of reexports) expect(lines[i - 1], `${entry}:${i + 1} ${l}`).toMatch(/\*\/\s*$/);
  });

  it('keeps engine/core free of React and of the product layer', () => {
    const offending = sources('engine/core').flatMap((f) =>
      specifiers(readFileSync(join(root, f), 'utf8'))
        .filter(({ spec }) => /^react(-dom)?(\/|$)/.test(spec) || normalize(join(dirname(f), spec)).startsWith('screens'))
        .map(({ spec, line }) => `${relative(root, join(root, f))}:${line} imports ${spec}`),
    );
    expect(offending).toEqual([]);
  });
});
