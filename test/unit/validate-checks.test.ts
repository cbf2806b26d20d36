/**
 * The validator's graph, text and scaling checks in isolation: loops without exit on long graphs,
 * placeholder parsing, and validation time that grows linearly with the flow.
 */
import { describe, expect, it } from 'vitest';
import { stronglyConnected, trappedLoops } from '../../engine/validate/index.ts';
import { placeholders } from '../../engine/validate/index.ts';
import { timeValidation, writeChainProject } from '../../scripts/benchValidator.ts';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSchemas } from '../../engine/validate/index.ts';

const graph = (edges: Record<string, string[]>): Map<string, string[]> => new Map(Object.entries(edges));

describe('loops without exit', () => {
  it('finds a two-step loop that no terminal step can be reached from, and names its steps', () => {
    const g = graph({ checkout: ['success'], success: ['download'], download: ['success'] });
    expect(trappedLoops(g).map((c) => c.sort())).toEqual([['download', 'success']]);
  });

  it('ignores a loop with a way out, and a step leading into a trap that is not itself in a loop', () => {
    expect(trappedLoops(graph({ a: ['b'], b: ['a', 'end'], end: [] }))).toEqual([]);
    expect(trappedLoops(graph({ a: ['a'] }))).toEqual([['a']]);
    expect(trappedLoops(graph({ a: ['b'], b: ['c'], c: ['b'] })).map((c) => c.sort())).toEqual([['b', 'c']]);
  });

  it('handles a 50,000-step loop without deep recursion', () => {
    const edges: Record<string, string[]> = {};
    for (let k = 0; k < 50_000; k++) edges[`s${k}`] = [`s${k + 1}`];
    edges.s50000 = ['s0'];
    const components = stronglyConnected(graph(edges));
    expect(components).toHaveLength(1);
    expect(components[0]).toHaveLength(50_001);
  }, 30_000);
});

describe('schemas in ajv strict mode', () => {
  const schemas = new URL('../../schemas', import.meta.url).pathname;
  /** loadSchemas over a copy of schemas/ whose choice screen schema is changed by `edit`. */
  const withChoice = async (edit: (schema: Record<string, unknown>) => void): Promise<unknown> => {
    const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
    try {
      cpSync(schemas, dir, { recursive: true });
      const file = join(dir, 'screens/choice.schema.json');
      const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      edit(schema);
      writeFileSync(file, JSON.stringify(schema));
      return await loadSchemas(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('compile with the x- keywords declared', async () => {
    await expect(withChoice(() => {})).resolves.toMatchObject({ screens: expect.objectContaining({ choice: expect.anything() }) });
  });

  it('reject a misspelt keyword and a malformed x-outcomes', async () => {
    await expect(withChoice((s) => (s['x-outcome'] = ['a']))).rejects.toThrow(/unknown keyword: "x-outcome"/);
    await expect(withChoice((s) => (s['x-outcomes'] = 'default'))).rejects.toThrow(/x-outcomes/);
  });
});

describe('placeholders', () => {
  it('reads plain, unescaped and formatted i18next placeholders', () => {
    expect([...placeholders('{{price}} for {{ duration }}, {{- name}} on {{date, datetime}}')]).toEqual(['price', 'duration', 'name', 'date']);
    expect(placeholders('no placeholders, {single} braces').size).toBe(0);
  });
});

describe('validation time', () => {
  // linear in the flow: 10,000 steps take about a second (npm run bench); quadratic took 41 s for 1,000
  it('validates 3,000 chained steps in under 5 s, even on a loaded machine', async () => {
    const dir = writeChainProject(3_000);
    try {
      await timeValidation(dir); // compiles the schemas once
      const { issues, ms } = await timeValidation(dir);
      expect(issues).toBe(0);
      expect(ms).toBeLessThan(5_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
