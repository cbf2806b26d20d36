/**
 * The landing's JavaScript budget, counted in the browser: the production build served by the preview
 * server, and every script Chromium fetches (transferred gzip bytes) until the network is idle, the
 * first-paint text chunk included (the rest of the texts, about 5 KiB, come at the first interaction or
 * 10 s after the page settled; so do i18next and the router chunk, which the prerendered landing does
 * not need: its first screen translates with engine/react/translator.ts; React's client, about 65 KiB,
 * comes at the first interaction or once the loaded page has been idle for 3 s). The goal is 100 KiB
 * (DESIGN.md section 10), and this guard holds it. Measured in English, as the budget is set; a
 * language with longer texts adds a little (the first-paint texts are about 0.7 KiB in English).
 */
import { productionBuild } from './productionBuild.ts';
import { startPreviewServer, type PreviewServer } from '../../scripts/server/previewServer.ts';
import { askForGzip, scriptsUntilIdle } from '../../scripts/browserScripts.ts';
import { browser, closeBrowser } from './browser.ts';

const BUDGET = 100 * 1024;
let outdir = '';
let server: PreviewServer;

beforeAll(async () => {
  outdir = await productionBuild();
  server = await startPreviewServer({ distDir: outdir, port: 0 });
}, 180_000);

afterAll(async () => {
  await closeBrowser();
  await server?.close();
});

describe('landing JavaScript, counted in the browser', () => {
  for (const route of ['/', '/discount', '/family']) {
    it(`${route} fetches at most 100 KiB of gzip scripts until idle, with the first-paint texts`, async () => {
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
      // nor i18next: it comes with the rest of the texts
      expect(names.filter((n) => /^i18n-/.test(n))).toEqual([]);
      expect(names.filter((n) => /^(ar|de|en|es|fr|it|ja|ko|pt|ru|tr|uk|zh)-/.test(n))).toEqual([expect.stringMatching(/^en-/)]);
      expect(scripts.every((s) => s.bytes > 0)).toBe(true);
      console.log(`${route}: ${(totalBytes / 1024).toFixed(1)} KiB gzip in ${scripts.length} scripts`);
      expect(totalBytes).toBeLessThanOrEqual(BUDGET);
      await context.close();
    }, 120_000);
  }
});
