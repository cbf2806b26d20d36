/**
 * Adds texts to the locale files in one go: `node --import tsx scripts/i18n-add.ts patch.json`, where
 * patch.json maps a language to nested keys, e.g. { "en": { "quiz": { "title": "…" } }, "de": { … } }.
 * Keys are deep-merged into locales/<lang>.json (existing keys are overwritten, order is kept).
 */
import { readFileSync, writeFileSync } from 'node:fs';

type Tree = { [key: string]: string | Tree };

function merge(target: Tree, patch: Tree): Tree {
  for (const [key, value] of Object.entries(patch)) {
    const current = target[key];
    if (typeof value === 'object' && value && typeof current === 'object' && current) merge(current, value);
    else target[key] = value;
  }
  return target;
}

const file = process.argv[2];
if (!file) {
  console.error('usage: node --import tsx scripts/i18n-add.ts patch.json');
  process.exit(2);
}
const patch = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Tree>;
for (const [language, tree] of Object.entries(patch)) {
  const path = new URL(`../locales/${language}.json`, import.meta.url);
  let current: Tree = {};
  try {
    current = JSON.parse(readFileSync(path, 'utf8')) as Tree;
  } catch {
    console.log(`creating locales/${language}.json`);
  }
  writeFileSync(path, JSON.stringify(merge(current, tree), null, 2) + '\n');
}
console.log(`merged ${Object.keys(patch).join(', ')}`);
