/**
 * Splits a language's texts in two for the landing route's budget: the texts the first screen can
 * need (the entry steps' props, shared sections) and the rest, downloaded right after start-up.
 */
import type { FunnelData } from './flowGraph.ts';
import { getVariant, variantIds } from './flowGraph.ts';
import { ownValue } from './ownValue.ts';

export type TextTree = { [key: string]: string | TextTree };

/**
 * Sections every screen may use from the first paint: buttons, the loader and error texts, the page
 * title, and the consent banner (it shows over the landing: with its texts here, it needs no i18next).
 */
export const FIRST_PAINT_SECTIONS = ['common', 'loader', 'errors', 'a11y', 'consent'];

const KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;

function collectKeys(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') {
    if (KEY.test(value)) into.add(value);
  } else if (Array.isArray(value)) value.forEach((v) => collectKeys(v, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => collectKeys(v, into));
}

/** The text keys of every flow's entry step, with every variant's overrides of it. */
export function firstPaintKeys(data: FunnelData): string[] {
  const keys = new Set<string>(FIRST_PAINT_SECTIONS);
  for (const flow of Object.values(data.flows)) collectKeys(flow.steps[flow.entry]?.props, keys);
  for (const id of variantIds(data.landings)) {
    const variant = getVariant(data.landings, id)!;
    const entry = data.flows[variant.flow]?.entry;
    if (entry) collectKeys(variant.overrides?.[entry]?.props, keys);
  }
  return [...keys].sort();
}

function pick(tree: TextTree, path: string[]): TextTree | string | undefined {
  let node: TextTree | string | undefined = tree;
  for (const part of path) node = typeof node === 'object' ? ownValue(node, part) : undefined;
  return node;
}

function put(tree: TextTree, path: string[], value: TextTree | string): void {
  let node = tree;
  path.slice(0, -1).forEach((part) => {
    node = (node[part] ??= {}) as TextTree;
  });
  node[path[path.length - 1]!] = value;
}

/**
 * The first-paint part (the given keys or sections) and the rest of a language's texts.
 * @example splitTexts({ common: { ok: 'OK' }, later: { t: 'Q' } }, ['common']) // { first: { common: … }, rest: { later: … } }
 */
export function splitTexts(tree: TextTree, keys: readonly string[]): { first: TextTree; rest: TextTree } {
  const first: TextTree = {};
  for (const key of keys) {
    const path = key.split('.');
    const value = pick(tree, path);
    if (value !== undefined) put(first, path, value);
    // with its plural forms and context variants (`key_one`, `key_firstPayment`), which a screen picks by its values
    const last = path[path.length - 1]!;
    const parent = pick(tree, path.slice(0, -1));
    if (typeof parent !== 'object') continue;
    for (const [name, text] of Object.entries(parent)) {
      if (name.startsWith(`${last}_`) && typeof text === 'string') put(first, [...path.slice(0, -1), name], text);
    }
  }
  const rest: TextTree = {};
  const walk = (node: TextTree, path: string[]): void => {
    for (const [k, v] of Object.entries(node)) {
      const p = [...path, k];
      if (pick(first, p) !== undefined && typeof v === 'string') continue;
      if (typeof v === 'string') put(rest, p, v);
      else if (typeof pick(first, p) === 'object' && JSON.stringify(pick(first, p)) === JSON.stringify(v)) continue;
      else walk(v, p);
    }
  };
  walk(tree, []);
  return { first, rest };
}
