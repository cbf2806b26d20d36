/**
 * Every text exists in all 13 languages as a real translation: the same keys as English, no empty
 * values, the same {{placeholders}}, and not English copied. Every literal key the code passes to t()
 * exists. (Keys used by the flow files are checked by `npm run validate`.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { languageCodes } from '../../engine/index.ts';
import { languages } from '../../screens/product/languages.ts';

const LANGUAGES = languageCodes(languages);

const root = new URL('../../', import.meta.url).pathname;
type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** i18next plural forms: `key_one`, `key_few`, … of one text, which languages hold in different sets. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string): string => key.replace(PLURAL_SUFFIX, '');
const baseKeys = (texts: Map<string, string>): Set<string> => new Set([...texts.keys()].map(baseKey));
/** The English text a key is checked against: its `_other` form for a plural. */
const englishFor = (key: string): string => en.get(key) ?? en.get(`${baseKey(key)}_other`) ?? '';
/** Placeholders without {{count}}: a plural form may spell its number out ("يومان", two days). */
const namedPlaceholders = (text: string): string[] => placeholders(text).filter((p) => !/{{\s*count\s*}}/.test(p));

const load = (lng: string): Map<string, string> => leaves(JSON.parse(readFileSync(join(root, 'locales', `${lng}.json`), 'utf8')) as Tree);
const en = load('en');
const placeholders = (text: string): string[] => (text.match(/{{\s*\w+\s*}}/g) ?? []).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.gen.ts') ? [path] : [];
  });
}

describe('locales', () => {
  it('has a locale file for exactly the declared languages', () => {
    const files = readdirSync(join(root, 'locales'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace('.json', ''))
      .sort();
    expect(files).toEqual([...LANGUAGES].sort());
  });

  describe.each(LANGUAGES.filter((l) => l !== languages.fallback))('%s', (lng) => {
    const texts = load(lng);

    it('has every English key and no other (plural forms per language: test/unit/plurals.test.ts)', () => {
      const own = baseKeys(texts);
      const english = baseKeys(en);
      const missing = [...english].filter((k) => !own.has(k));
      const extra = [...own].filter((k) => !english.has(k));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('has no empty text and keeps every {{placeholder}}', () => {
      for (const [key, text] of texts) {
        expect(text.trim(), `${lng}: ${key}`).not.toBe('');
        expect(namedPlaceholders(text), `${lng}: ${key}`).toEqual(namedPlaceholders(englishFor(key)));
      }
    });

    it('is translated, not English copied', () => {
      // texts without letters of their own (prices, brand names) may stay as they are
      const copied = [...texts].filter(([key, text]) => text === englishFor(key) && /[a-z]{4,}/i.test(text.replace(/\$[\d.]+/g, '')));
      expect(copied.length / texts.size, copied.map(([k]) => k).join(', ')).toBeLessThan(0.05);
    });
  });

  it('has English texts for every literal key the code passes to t()', () => {
    const used = new Set<string>();
    for (const file of [...sourceFiles(join(root, 'engine')), ...sourceFiles(join(root, 'screens'))]) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"]([a-z][\w-]*(?:\.[\w-]+)+)['"]/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((k) => !en.has(k) && !en.has(`${k}_other`))).toEqual([]);
  });
});
