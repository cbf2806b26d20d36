/**
 * `npm run bench`: a benchmark, not a test. Builds the production bundle and prints
 * - the initial JS per route (gzip -9, from the esbuild metafile) against the budgets of DESIGN.md
 *   section 10, and whether ajv or axios reached the landing route;
 * - the landing's FCP, LCP and TBT in headless Chromium under 4x CPU slowdown and Slow 4G
 *   (median of RUNS, default 3), served by the preview server on loopback.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from '../build.mjs';
import { startPreviewServer } from './server/previewServer.ts';
import { CHECKOUT_SOURCES, KiB, LANDING_SOURCES, measureRoute } from './bundleReport.ts';
import { reportValidatorBench } from './benchValidator.ts';

const root = new URL('..', import.meta.url).pathname;
const RUNS = Number(process.env.RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LANDING_BUDGET = 120 * 1024;
const LANDING_GOAL = 100 * 1024;
const CHECKOUT_BUDGET = 30 * 1024;

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function bundleFigures(): Promise<void> {
  const outdir = join(root, 'dist-bench');
  const { metafile } = await build({ preview: false, outdir, log: false });
  const landing = measureRoute(metafile, root, '/', LANDING_SOURCES);
  const checkout = measureRoute(metafile, root, '/checkout', CHECKOUT_SOURCES, new Set(landing.files));
  const banned = landing.packages.filter((p) => p === 'ajv' || p === 'axios');
  console.log('Initial JS per route (production build, gzip -9):');
  console.log(`  landing  ${KiB(landing.gzipBytes)} gzip (${KiB(landing.rawBytes)} raw, ${landing.files.length} files); budget ${KiB(LANDING_BUDGET)}, goal ${KiB(LANDING_GOAL)}: ${landing.gzipBytes <= LANDING_BUDGET ? 'within budget' : 'OVER BUDGET'}`);
  console.log(`           ratio to budget ${(landing.gzipBytes / LANDING_BUDGET).toFixed(2)}; packages: ${landing.packages.join(', ')}`);
  console.log(`           ajv/axios on the landing route: ${banned.length ? banned.join(', ') + ' (NOT ALLOWED)' : 'none'}`);
  console.log(`  checkout +${KiB(checkout.gzipBytes)} gzip on top of the landing, of which our own code ${KiB(checkout.ownGzipBytes)} (budget ${KiB(CHECKOUT_BUDGET)}: ${checkout.ownGzipBytes <= CHECKOUT_BUDGET ? 'within budget' : 'OVER BUDGET'}); packages: ${checkout.packages.join(', ')}; js.stripe.com is extra`);
}

async function paintFigures(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`\nPaint timings skipped: no Chromium at ${CHROMIUM}.`);
    return;
  }
  const preview = await startPreviewServer({ distDir: join(root, 'dist-bench'), port: 0 });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const samples: Array<{ fcp: number; lcp: number; tbt: number }> = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, locale: 'en-US' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      // DevTools' "Slow 4G": 562.5 ms RTT, 1.44 Mbit/s down, 675 kbit/s up
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: number; __tbt: number };
        w.__lcp = 0;
        w.__tbt = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__tbt += Math.max(0, e.duration - 50);
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(`${preview.url}/`, { waitUntil: 'load', timeout: 120_000 });
      await page.getByRole('button').first().waitFor({ timeout: 60_000 });
      await page.waitForTimeout(3000); // let LCP settle and late long tasks land
      const figures = await page.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
        const w = window as unknown as { __lcp: number; __tbt: number };
        return { fcp, lcp: w.__lcp, tbt: w.__tbt };
      });
      samples.push(figures);
      await context.close();
    }
  } finally {
    await browser.close();
    await preview.close();
  }
  const f = (k: 'fcp' | 'lcp' | 'tbt'): string => `${Math.round(median(samples.map((s) => s[k])))} ms`;
  console.log(`\nLanding "/" in headless Chromium, 4x CPU slowdown, Slow 4G, median of ${RUNS}:`);
  console.log(`  FCP ${f('fcp')}   LCP ${f('lcp')}   TBT ${f('tbt')}`);
  console.log(`  runs: ${samples.map((s) => `FCP ${Math.round(s.fcp)} / LCP ${Math.round(s.lcp)} / TBT ${Math.round(s.tbt)}`).join('; ')}`);
}

await bundleFigures();
await paintFigures();
await reportValidatorBench();
