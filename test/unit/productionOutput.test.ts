/**
 * The production bundle ships only what visitors need: no metafile (it lists every source path) in
 * the served folder, and none of the sandbox's test-mode texts, in any language; and it lists the
 * CSP hashes of its pages' inline blocks.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { createHash } from 'node:crypto';
import type { Metafile } from 'esbuild';
import { build, PREVIEW_ONLY_TEXTS } from '../../build.mjs';
import { CSP_HASHES_FILE } from '../../engine/build/index.ts';
import { languageCodes } from '../../engine/index.ts';
import { languages } from '../../screens/product/languages.ts';
import { removeBuild } from '../removeBuild.ts';

const LANGUAGES = languageCodes(languages);

const root = new URL('../../', import.meta.url).pathname;
let outdir = '';
let metafile: Metafile;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** A file's text with esbuild's \uXXXX escapes undone, so non-Latin texts can be searched. */
function readable(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\\u\{([0-9a-fA-F]+)\}/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function strings(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  return tree && typeof tree === 'object' ? Object.values(tree).flatMap(strings) : [];
}

/** Per language, the texts that exist only in preview-only sections (a word also used elsewhere is not one). */
function previewOnlyTexts(): Array<{ language: string; text: string }> {
  return LANGUAGES.flatMap((language) => {
    const texts = JSON.parse(readFileSync(join(root, 'locales', `${language}.json`), 'utf8'));
    const previewOnly = PREVIEW_ONLY_TEXTS.flatMap(([section, key]) => strings(texts[section!]?.[key!]));
    for (const [section, key] of PREVIEW_ONLY_TEXTS) delete texts[section!][key!];
    const elsewhere = new Set(strings(texts));
    return previewOnly.filter((text) => !elsewhere.has(text)).map((text) => ({ language, text }));
  });
}

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'funnel-prod-output-'));
  ({ metafile } = await build({ preview: false, outdir, log: false }));
}, 120_000);

afterAll(() => {
  removeBuild(outdir);
});

describe('production output', () => {
  it('keeps the metafile out of the served folder and returns it to the caller', () => {
    expect(files(outdir).filter((f) => f.endsWith('meta.json'))).toEqual([]);
    expect(Object.keys(metafile.inputs).length).toBeGreaterThan(10);
    expect(existsSync(join(root, '.build', `${basename(outdir)}.meta.json`))).toBe(true);
  });

  it("lists the hashes of every page's inline script and style for a static host's CSP", () => {
    const pages = files(outdir).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(LANGUAGES.length * 19);
    const used = { script: new Set<string>(), style: new Set<string>() };
    for (const page of pages) {
      const html = readFileSync(page, 'utf8');
      for (const [kind, re] of [
        ['script', /<script>([\s\S]*?)<\/script>/g],
        ['style', /<style>([\s\S]*?)<\/style>/g],
      ] as const)
        for (const m of html.matchAll(re)) used[kind].add(`'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
    }
    const listed = JSON.parse(readFileSync(join(outdir, CSP_HASHES_FILE), 'utf8')) as Record<string, string[]>;
    expect(listed).toEqual({ 'script-src': [...used.script].sort(), 'style-src': [...used.style].sort() });
    // one script and one style on every prerendered page, one style in the app shell
    expect(listed['script-src']!.length).toBeGreaterThanOrEqual(1);
    expect(listed['style-src']!.length).toBeGreaterThanOrEqual(1);
  });

  it('ships no sandbox text in any of the 13 languages', { timeout: 30_000 }, () => {
    const texts = previewOnlyTexts();
    expect(new Set(texts.map((t) => t.language)).size).toBe(LANGUAGES.length);
    expect(texts.length).toBeGreaterThan(LANGUAGES.length * 5);
    const shipped = files(outdir)
      .filter((f) => /\.(js|css|html|json)$/.test(f))
      .map(readable)
      .join('\n');
    // the non-Latin texts are found this way (a check that the unescaping works)
    expect(shipped).toContain(JSON.stringify(JSON.parse(readFileSync(join(root, 'locales/ja.json'), 'utf8')).checkout.decline.genericDecline));
    // each text is a whole string literal in the bundle (a short word like "Fail" also occurs inside other texts)
    const literal = (text: string): string[] => [JSON.stringify(text), `'${text}'`, `\`${text}\``];
    expect(texts.filter(({ text }) => literal(text).some((l) => shipped.includes(l)))).toEqual([]);
  });
});
