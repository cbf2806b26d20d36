/**
 * The social proof the funnel ships, derived from the data: every rating, review, quote and claim a
 * screen shows (an object its screen schema gives a `source`) has one, words attributed to a
 * publication link to where they were said and are never samples, and the validator warns about
 * each sample, exactly once, at its place.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverFlowFiles, validateProject } from '../../engine/validate/index.ts';
import { commerceRules } from '../../screens/product/commerceRules.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

interface ProofItem {
  file: string;
  pointer: string;
  item: Json;
  /** The name of its property the schema marks as an attribution to a third party, if any. */
  attribution?: string;
}

/** The objects of `data` whose schema gives them a `source`: the proof items. */
function proofItems(schema: unknown, data: unknown, file: string, pointer: string): ProofItem[] {
  if (!isObj(schema)) return [];
  if (Array.isArray(data)) return data.flatMap((d, k) => proofItems(schema.items, d, file, `${pointer}/${k}`));
  if (!isObj(data) || !isObj(schema.properties)) return [];
  const properties = schema.properties;
  const attribution = Object.keys(properties).find((name) => isObj(properties[name]) && properties[name]['x-attribution'] === true);
  const own: ProofItem[] = Object.hasOwn(properties, 'source') ? [{ file, pointer, item: data, attribution }] : [];
  return [
    ...own,
    ...Object.keys(data).flatMap((key) => (Object.hasOwn(properties, key) ? proofItems(properties[key], data[key], file, `${pointer}/${key}`) : [])),
  ];
}

function shippedProof(): ProofItem[] {
  const schemas = (screen: string): unknown => JSON.parse(readFileSync(join(root, 'schemas/screens', `${screen}.schema.json`), 'utf8'));
  return discoverFlowFiles(join(root, 'flows')).flows.flatMap((path) => {
    const flow = JSON.parse(readFileSync(path, 'utf8')) as { steps?: Record<string, { screen?: string; props?: unknown }> };
    const file = `flows/${path.split('/').pop()!}`;
    return Object.entries(flow.steps ?? {}).flatMap(([id, step]) =>
      step.screen === undefined ? [] : proofItems(schemas(step.screen), step.props, file, `/steps/${id}/props`),
    );
  });
}

describe('the social proof the funnel ships', () => {
  const items = shippedProof();

  it('is found in the flows (the ratings, reviews and claims the screens show)', () => {
    expect(items.length).toBeGreaterThan(0);
  });

  it("has a source on every item, and every item that is not the product's own is marked a sample", () => {
    for (const { file, pointer, item } of items) {
      expect(typeof item.source === 'string' && item.source.trim().length > 0, `${file} ${pointer}`).toBe(true);
      if (item.sample !== true) expect(/sample/i.test(String(item.source)), `${file} ${pointer}: a source that says "sample" must be marked so`).toBe(false);
    }
  });

  it('attributes no words to a publication without a link to them, nor as a sample', () => {
    for (const { file, pointer, item, attribution } of items.filter((i) => i.attribution !== undefined)) {
      expect(item.sample, `${file} ${pointer}`).toBeUndefined();
      expect(String(item.source), `${file} ${pointer}`).toMatch(/^https?:\/\/[^/\s]+\.[^/\s]+/);
      expect(typeof item[attribution!]).toBe('string');
    }
  });

  it('has each of its samples warned about by the validator, at the item, and nothing else about it', async () => {
    const { issues } = await validateProject({ root, commerce: commerceRules });
    const warned = issues.filter((i) => i.code === 'sample-content').map((i) => `${i.file} ${i.pointer}`);
    const samples = items.filter((i) => i.item.sample === true).map((i) => `${i.file} ${i.pointer}/sample`);
    expect(warned.sort()).toEqual(samples.sort());
    expect(issues.filter((i) => i.code === 'unsourced-attribution')).toEqual([]);
  }, 60_000);
});
