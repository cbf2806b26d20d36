/**
 * `npm run gallery`: builds the preview bundle, starts the preview server (with the sandbox API) on
 * a free loopback port, and screenshots every screen of every flow and every landing variant (its
 * entry screen and its paywall) at 375 and 1280 px in en, ar, ja and de, each with the data a
 * visitor who walked there would have. Writes gallery/<group>/<screen>.<lang>.<width>.png, the
 * contact sheet gallery/index.html with a diagram of each flow, and gallery/prices.html with the price
 * sentences of every plan in English, Arabic and Japanese.
 *
 *   npm run gallery -- --only checkout --lang de,ar --width 375
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { build } from '../build.mjs';
import { startPreviewServer } from './server/previewServer.ts';
import { funnelData } from '../screens/flowData.ts';
import { galleryScreens, selectScreens, type GalleryScreen } from './galleryScreens.ts';
import { visitScreen } from './galleryVisit.ts';
import { galleryPage, type Shot } from './galleryPage.ts';
import { PRICE_PAGE_LANGUAGES, pricesPage } from './galleryPrices.ts';

import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from './chromium.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    lang: { type: 'string', default: 'en,ar,ja,de' },
    width: { type: 'string', default: '375,1280' },
    out: { type: 'string', default: 'gallery' },
    jobs: { type: 'string', default: '2' },
  },
});

const root = new URL('../', import.meta.url).pathname;
const outDir = join(root, values.out!);
const languages = values
  .lang!.split(',')
  .map((l) => l.trim())
  .filter(Boolean);
const widths = values
  .width!.split(',')
  .map(Number)
  .filter((w) => w > 0);
const screens = selectScreens(galleryScreens(), values.only);
if (screens.length === 0) {
  console.error(
    `No screen matches "${values.only}". Screens: ${galleryScreens()
      .map((s) => s.key)
      .join(', ')}`,
  );
  process.exit(2);
}

const tasks: Shot[] = screens.flatMap((screen) => languages.flatMap((language) => widths.map((width) => ({ screen, language, width }))));
const fileOf = (screen: GalleryScreen, language: string, width: number): string => `${screen.key}.${language}.${width}.png`;

const distDir = join(root, `dist-gallery-${process.pid}`);
const started = Date.now();
await build({ preview: true, outdir: distDir, log: false });
const preview = await startPreviewServer({ distDir, port: 0 });
const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
try {
  if (!values.only) await rm(outDir, { recursive: true, force: true });
  for (const group of new Set(screens.map((s) => s.group))) await mkdir(join(outDir, group), { recursive: true });
  let done = 0;
  const queue = [...tasks];
  const worker = async (): Promise<void> => {
    for (let task = queue.shift(); task; task = queue.shift()) {
      const file = fileOf(task.screen, task.language, task.width);
      try {
        const { context, page } = await visitScreen(browser, task.screen, { baseUrl: preview.url, language: task.language, width: task.width });
        try {
          await page.screenshot({ path: join(outDir, file), fullPage: true, animations: 'disabled' });
          task.file = file;
        } finally {
          await context.close();
        }
      } catch (error) {
        task.error = error instanceof Error ? error.message.split('\n')[0] : String(error);
        console.error(`  ${file}: ${task.error}`);
      }
      done += 1;
      if (done % 20 === 0 || done === tasks.length) console.log(`${done}/${tasks.length} screenshots`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Number(values.jobs) || 1) }, worker));
  await writeFile(join(outDir, 'index.html'), galleryPage(funnelData, tasks, new Date()));
  await writeFile(join(outDir, 'prices.html'), await pricesPage(funnelData, PRICE_PAGE_LANGUAGES, new Date()));
  const failed = tasks.filter((t) => !t.file).length;
  console.log(
    `\n${tasks.length - failed} screenshots in ${((Date.now() - started) / 1000).toFixed(0)} s${failed ? `, ${failed} failed` : ''}: ${join(outDir, 'index.html')}`,
  );
  if (failed) process.exitCode = 1;
} finally {
  await browser.close();
  await preview.close();
  await rm(distDir, { recursive: true, force: true });
}
