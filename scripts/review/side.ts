/**
 * One side of `npm run review`, run as its own Node process inside one version's tree (its cwd), so
 * that version's own engine, screens, build, gallery and sandbox are what run: every module of the
 * tree is imported by path from `--root`, none from the tree this file lives in.
 *
 *   snapshot: builds the preview bundle into --dist and writes what the review compares to --out
 *             (flow data, texts, screens, price sentences, validator findings, bytes);
 *   shots:    serves --dist with the sandbox and screenshots the screens of --tasks.
 *
 * Math.random and crypto.randomBytes are seeded so both versions make the same sandbox accounts and
 * order ids (which some screens show), and each screenshot is taken once the page has stopped changing
 * (a late web font): an unchanged screen then has identical pixels on both sides.
 */
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import type { Metafile } from 'esbuild';
import type { TFunction } from 'i18next';
import type { FunnelData } from '../../engine/core/flowGraph.ts';
import type { Finding, ReviewScreen } from '../../engine/review/index.ts';
import type { ShotTask, SideSnapshot } from './types.ts';
import { reviewScreen, type GalleryScreenLike } from './screens.ts';

const SEED = 0x2545f491;
let seed = SEED;
Math.random = (): number => {
  // xorshift32: deterministic, good enough for test addresses
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 0x100000000;
};
/** A nonzero xorshift state from a text (FNV-1a). */
const seedOf = (text: string): number => {
  let h = SEED;
  for (let k = 0; k < text.length; k++) h = Math.imul(h ^ text.charCodeAt(k), 16777619);
  return h >>> 0 || SEED;
};
const crypto = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
const randomBytes = crypto.randomBytes;
// the synchronous form only (the sandbox's ids); a call with a callback keeps the real one
crypto.randomBytes = ((size: number, callback?: unknown) =>
  typeof callback === 'function'
    ? randomBytes(size, callback as never)
    : Buffer.from(Array.from({ length: size }, () => Math.floor(Math.random() * 256)))) as typeof randomBytes;
syncBuiltinESMExports();

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { root: { type: 'string' }, dist: { type: 'string' }, out: { type: 'string' }, tasks: { type: 'string' }, now: { type: 'string' } },
});
const root = resolve(values.root ?? process.cwd());
const dist = resolve(values.dist!);
const load = <T>(path: string): Promise<T> => import(pathToFileURL(join(root, path)).href) as Promise<T>;

/** The gallery's screens of this tree, as the review names them. */
async function screensOf(data: FunnelData): Promise<Array<{ review: ReviewScreen; gallery: GalleryScreenLike }>> {
  const { galleryScreens } = await load<{ galleryScreens: (d: FunnelData) => GalleryScreenLike[] }>('scripts/galleryScreens.ts');
  return galleryScreens(data).map((gallery) => ({ review: reviewScreen(data, gallery), gallery }));
}

async function htmlBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await htmlBytes(path);
    else if (entry.name.endsWith('.html')) total += (await stat(path)).size;
  }
  return total;
}

async function snapshot(): Promise<void> {
  const { build, validateFlows } = await load<{
    build: (o: { preview: boolean; outdir: string; log: boolean }) => Promise<{ metafile: Metafile; entry: string; data: FunnelData }>;
    validateFlows: () => Promise<{ issues: Array<Finding & { line: number }> }>;
  }>('build.mjs');
  const { default: project } = await load<{ default: { languages: unknown; localesDir: string } }>('funnel.config.ts');
  const { languageCodes } = await load<{ languageCodes: (l: unknown) => string[] }>('engine/core/languages.ts');
  const { staticClosure } = await load<{ staticClosure: (m: Metafile, start: string) => Set<string> }>('engine/build/bundle.ts');
  const built = await build({ preview: true, outdir: dist, log: false });
  const { issues } = await validateFlows();
  const languages = languageCodes(project.languages);
  const texts: SideSnapshot['texts'] = {};
  for (const language of languages) texts[language] = JSON.parse(await readFile(join(root, project.localesDir, `${language}.json`), 'utf8'));

  let rawJs = 0;
  let gzipJs = 0;
  for (const file of staticClosure(built.metafile, built.entry)) {
    const body = await readFile(join(dist, file));
    rawJs += body.length;
    gzipJs += gzipSync(body, { level: 9 }).length;
  }
  const index = await readFile(join(dist, 'index.html'));
  const snap: SideSnapshot = {
    data: built.data,
    texts,
    languages,
    screens: (await screensOf(built.data)).map((s) => s.review),
    prices: await prices(built.data, languages, new Date(values.now!)),
    findings: issues.map(({ file, pointer, code, message, severity }) => ({ file, pointer, code, message, ...(severity ? { severity } : {}) })),
    bytes: {
      landingJs: rawJs,
      landingJsGzip: gzipJs,
      landingHtml: index.length,
      landingHtmlGzip: gzipSync(index, { level: 9 }).length,
      allHtml: await htmlBytes(dist),
    },
  };
  await writeFile(values.out!, JSON.stringify(snap));
}

/** Every sentence the screens make from each plan, by plan and language (the gallery's price page's sentences). */
async function prices(data: FunnelData, languages: string[], now: Date): Promise<SideSnapshot['prices']> {
  type Sentences = (t: TFunction, plan: unknown, format: unknown, data: FunnelData, now: Date, upsell: boolean) => Array<{ label: string; text: string }>;
  const { planSentences } = await load<{ planSentences?: Sentences }>('scripts/galleryPrices.ts');
  if (!planSentences) return {};
  const { localeFormat } = await load<{ localeFormat: (l: string, locale: string, rtl: boolean) => unknown }>('screens/ui/priceTexts.ts');
  const { textDirection } = await load<{ textDirection: (l: string) => string }>('engine/react/translator.ts');
  const { default: i18next } = await import('i18next');
  const out: SideSnapshot['prices'] = {};
  const plans = [...Object.values(data.plans.plans).map((plan) => ({ plan, upsell: false })), { plan: data.plans.upsell, upsell: true }];
  for (const language of languages) {
    const texts = JSON.parse(await readFile(join(root, 'locales', `${language}.json`), 'utf8'));
    const instance = i18next.createInstance();
    await instance.init({ lng: language, resources: { [language]: { translation: texts } }, fallbackLng: false, interpolation: { escapeValue: false } });
    const format = localeFormat(language, language, textDirection(language) === 'rtl');
    for (const { plan, upsell } of plans) {
      const sentences = planSentences(instance.t, plan, format, data, now, upsell);
      (out[plan.name] ??= {})[language] = sentences;
    }
  }
  return out;
}

async function shots(): Promise<void> {
  const tasks = JSON.parse(await readFile(values.tasks!, 'utf8')) as ShotTask[];
  const { funnelData } = await load<{ funnelData: FunnelData }>('screens/flowData.ts');
  const { startPreviewServer } = await load<{
    startPreviewServer: (o: { distDir: string; port: number }) => Promise<{ url: string; close: () => Promise<void> }>;
  }>('scripts/server/previewServer.ts');
  type Visit = (
    b: unknown,
    s: GalleryScreenLike,
    o: { baseUrl: string; language: string; width: number },
  ) => Promise<{ context: { close(): Promise<void> }; page: PageLike }>;
  interface PageLike {
    screenshot(o: { fullPage: boolean; animations: 'disabled' }): Promise<Buffer>;
    waitForTimeout(ms: number): Promise<void>;
    evaluate(f: () => Promise<unknown>): Promise<unknown>;
  }
  /** A screenshot once two in a row are the same (a web font or an image may still swap in). */
  const settledShot = async (page: PageLike): Promise<Buffer> => {
    let last = await page.screenshot({ fullPage: true, animations: 'disabled' });
    for (let attempt = 0; attempt < 4; attempt++) {
      await page.waitForTimeout(400);
      await page.evaluate(() => document.fonts.ready);
      const next = await page.screenshot({ fullPage: true, animations: 'disabled' });
      if (next.equals(last)) break;
      last = next;
    }
    return last;
  };
  const { visitScreen } = await load<{ visitScreen: Visit }>('scripts/galleryVisit.ts');
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } = await load<{ CHROMIUM_ARGS: string[]; TEST_CHROMIUM_PATH: string }>('scripts/chromium.ts');
  const byId = new Map((await screensOf(funnelData)).map((s) => [s.review.id, s.gallery]));
  const preview = await startPreviewServer({ distDir: dist, port: 0 });
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const results: Array<{ file: string; error?: string }> = [];
  try {
    for (const task of tasks) {
      const screen = byId.get(task.id);
      if (!screen) continue;
      let error = '';
      // a second try: on a busy machine a visit can time out once
      for (let attempt = 0; attempt < 2; attempt++) {
        // the same random numbers for the same landing type on both sides, whatever was visited before:
        // its sandbox account (made once per landing type) gets the same address, unlike any other type's
        seed = seedOf(screen.variantId);
        try {
          const { context, page } = await visitScreen(browser, screen, { baseUrl: preview.url, language: task.language, width: task.width });
          try {
            await writeFile(task.file, await settledShot(page));
          } finally {
            await context.close();
          }
          error = '';
          break;
        } catch (failure) {
          error = failure instanceof Error ? failure.message.split('\n')[0]! : String(failure);
        }
      }
      results.push({ file: task.file, ...(error ? { error } : {}) });
    }
  } finally {
    await browser.close();
    await preview.close();
  }
  await writeFile(values.out!, JSON.stringify(results));
}

if (positionals[0] === 'snapshot') await snapshot();
else if (positionals[0] === 'shots') await shots();
else throw new Error(`side.ts: unknown mode "${positionals[0]}" (snapshot or shots)`);
