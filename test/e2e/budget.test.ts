/**
 * The landing's JavaScript budget, counted in the browser: the production build served by the preview
 * server, and every script Chromium fetches (transferred gzip bytes) until the network is idle, the
 * first-paint text chunk included (the rest of the texts, about 4 KiB, come at the first interaction or
 * 10 s after the page settled; so does the router chunk, which the prerendered landing does not need).
 * The goal is 100 KiB (DESIGN.md section 10) and the landing is not there: it measures 112.6 KiB
 * (107.9 KiB before the consent rule, the experiment assignment and the composition joined it),
 * of which react-dom, react and the scheduler are about 67 KiB and i18next with react-i18next about
 * 18 KiB. This guard (113 KiB) keeps it from growing while the goal is open (`npm run bench` prints
 * where it stands). Measured in English, as the budget is set; a language with
 * longer texts adds a few KiB (German: about 5 KiB).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '../../build.mjs';
import { startPreviewServer, type PreviewServer } from '../../scripts/server/previewServer.ts';
import { askForGzip, scriptsUntilIdle } from '../../scripts/browserScripts.ts';
import { browser, closeBrowser } from './browser.ts';

const BUDGET = 113 * 1024;
let outdir = '';
let server: PreviewServer;

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'funnel-budget-'));
  await build({ preview: false, outdir, log: false });
  server = await startPreviewServer({ distDir: outdir, port: 0 });
}, 180_000);

afterAll(async () => {
  await closeBrowser();
  await server?.close();
  rmSync(outdir, { recursive: true, force: true });
});

describe('landing JavaScript, counted in the browser', () => {
  for (const route of ['/', '/discount', '/family']) {
    it(`${route} fetches at most 113 KiB of gzip scripts until idle, with the first-paint texts`, async () => {
      const context = await (await browser()).newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
      await askForGzip(context);
      const page = await context.newPage();
      const { scripts, totalBytes } = await scriptsUntilIdle(page, `${server.url}${route}`, 1500);
      const names = scripts.map((s) => s.url.replace(/^.*\//, ''));
      expect(names.some((n) => /^main-/.test(n))).toBe(true);
      expect(names.some((n) => /^LandingScreen-/.test(n))).toBe(true);
      // the first-paint texts only: the rest come at the first interaction or well after the page settled
      // the router chunk (react-router, every route) waits until the visitor moves on
      expect(names.filter((n) => /^BrowserRoutes-/.test(n))).toEqual([]);
      expect(names.filter((n) => /^(ar|de|en|es|fr|it|ja|ko|pt|ru|tr|uk|zh)-/.test(n))).toEqual([expect.stringMatching(/^en-/)]);
      expect(scripts.every((s) => s.bytes > 0)).toBe(true);
      expect(totalBytes).toBeLessThanOrEqual(BUDGET);
      await context.close();
    }, 120_000);
  }
});
