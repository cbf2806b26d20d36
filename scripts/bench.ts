/**
 * `npm run bench`: a benchmark, not a test. Builds the production bundle plus a bare React
 * hello-world page with the same esbuild settings, serves both the way production serves them (Debian's
 * nginx with the host files the build ships; the preview server where nginx is missing), and prints
 * for the landing routes and the React page:
 * - FCP, LCP, TBT, CLS and the JS fetched (gzip, counted in the browser until the network is idle),
 *   medians of RUNS loads (default 5) under the phone profile (4x CPU, 1.6 Mbit/s, 150 ms);
 * - Lighthouse's mobile preset: performance score, FCP, LCP, TBT, CLS, medians of LH_RUNS (default 5);
 * - the ratios to the React page and where each goal stands;
 * - the checkout's own code from the esbuild metafile;
 * - the funnel report's time and memory on 10 million events (scripts/bench/reportSpeed.ts), which
 *   `npm run bench -- report` runs alone.
 * `npm run bench -- landing` prints the landing's figures alone, `-- taps` the tap latency alone.
 * Each part is a module under scripts/bench/; a new part is one more line in PARTS.
 */
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { chromium } from 'playwright-core';
import { build } from '../build.mjs';
import { startPreviewServer } from './server/previewServer.ts';
import { hasNginx, NGINX_PATH, startNginx } from './host/nginx.ts';
import { CHECKOUT_SOURCES, KiB, LANDING_SOURCES, measureRoute } from './bundleReport.ts';
import { reportValidatorBench } from './benchValidator.ts';
import { buildHelloPage } from './bench/helloPage.ts';
import { PHONE_PROFILE, throttledLoad, type LoadSample } from './bench/throttled.ts';
import { startLighthouse, type LighthouseSample } from './bench/lighthouseRun.ts';
import { formatTable, median, ratio } from './bench/report.ts';
import { reportSpeedFigures } from './bench/reportSpeed.ts';
import { reportTapFigures } from './bench/tapLatency.ts';
import { firstSeconds, PRODUCTION_LIKE_ENV, WINDOW_MS, type FirstSecondsSample } from './bench/firstSeconds.ts';
import { buildSurveyPage, SURVEY_PAGES } from './bench/surveyPage.ts';

const root = new URL('..', import.meta.url).pathname;
const RUNS = Math.max(1, Number(process.env.RUNS ?? 5));
const LH_RUNS = Math.max(0, Number(process.env.LH_RUNS ?? 5));
const ROUTES = ['/', '/discount', '/family'];
const CHECKOUT_BUDGET = 30 * 1024;

interface Bench {
  outdir: string;
  baseUrl: string;
  /** The reference page's path. */
  hello: string;
  metafile: Metafile;
}

async function checkoutFigures(bench: Bench): Promise<void> {
  const { metafile } = bench;
  const landing = measureRoute(metafile, root, '/', LANDING_SOURCES);
  const checkout = measureRoute(metafile, root, '/checkout', CHECKOUT_SOURCES, new Set(landing.files));
  console.log(
    `Checkout (esbuild metafile): +${KiB(checkout.gzipBytes)} gzip on top of the landing, of which our own code ${KiB(checkout.ownGzipBytes)} (budget ${KiB(CHECKOUT_BUDGET)}: ${checkout.ownGzipBytes <= CHECKOUT_BUDGET ? 'within' : 'OVER'}); packages: ${checkout.packages.join(', ')}`,
  );
}

async function throttledFigures(bench: Bench): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  const pages = [...ROUTES, bench.hello];
  const samples = new Map<string, LoadSample[]>(pages.map((p) => [p, []]));
  try {
    // interleaved, so a burst of load on the shared machine hits every page alike
    for (let run = 0; run < RUNS; run++) for (const page of pages) samples.get(page)!.push(await throttledLoad(browser, bench.baseUrl + page));
  } finally {
    await browser.close();
  }
  const m = (page: string, key: keyof LoadSample): number => median(samples.get(page)!.map((s) => s[key]));
  const ref = (key: keyof LoadSample): number => m(bench.hello, key);
  console.log(
    `\nPhone profile in headless Chromium (${PHONE_PROFILE.cpuSlowdown}x CPU, ${PHONE_PROFILE.downloadKbit / 1000} Mbit/s, ${PHONE_PROFILE.latencyMs} ms, gzip), median of ${RUNS}:\n`,
  );
  console.log(
    formatTable(
      ['page', 'FCP', 'LCP', 'TBT', 'CLS', 'longest task', 'JS (gzip)', 'FCP ratio', 'LCP ratio'],
      pages.map((p) => [
        p === bench.hello ? 'React hello world' : p,
        `${Math.round(m(p, 'fcp'))} ms`,
        `${Math.round(m(p, 'lcp'))} ms`,
        `${Math.round(m(p, 'tbt'))} ms`,
        m(p, 'cls').toFixed(3),
        `${Math.round(m(p, 'longestTask'))} ms`,
        KiB(m(p, 'scriptBytes')),
        ratio(m(p, 'fcp'), ref('fcp')),
        ratio(m(p, 'lcp'), ref('lcp')),
      ]),
    ),
  );
  const worst = (key: keyof LoadSample): number => Math.max(...ROUTES.map((r) => m(r, key)));
  console.log(
    `\nGoals: FCP <= 0.7x React: ${ratio(worst('fcp'), ref('fcp'))} (worst route) ${worst('fcp') <= 0.7 * ref('fcp') ? 'met' : 'NOT met'}; ` +
      `LCP <= 0.9x: ${ratio(worst('lcp'), ref('lcp'))} ${worst('lcp') <= 0.9 * ref('lcp') ? 'met' : 'NOT met'}; CLS 0: ${worst('cls') === 0 ? 'met' : `NOT met (${worst('cls').toFixed(3)})`}; ` +
      `JS <= 100 KiB: ${KiB(worst('scriptBytes'))} ${worst('scriptBytes') <= 100 * 1024 ? 'met' : 'NOT met'}`,
  );
}

async function lighthouseFigures(bench: Bench): Promise<void> {
  if (!LH_RUNS) return;
  const lh = await startLighthouse(CHROMIUM_PATH);
  const pages = [...ROUTES, bench.hello];
  const samples = new Map<string, LighthouseSample[]>(pages.map((p) => [p, []]));
  try {
    for (let run = 0; run < LH_RUNS; run++) for (const page of pages) samples.get(page)!.push(await lh.run(bench.baseUrl + page));
  } finally {
    await lh.close();
  }
  const m = (page: string, key: keyof LighthouseSample): number => median(samples.get(page)!.map((s) => s[key]));
  console.log(`\nLighthouse mobile preset (simulated throttling), median of ${LH_RUNS}:\n`);
  console.log(
    formatTable(
      ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'FCP ratio', 'LCP ratio'],
      pages.map((p) => [
        p === bench.hello ? 'React hello world' : p,
        String(m(p, 'score')),
        `${Math.round(m(p, 'fcp'))} ms`,
        `${Math.round(m(p, 'lcp'))} ms`,
        `${Math.round(m(p, 'tbt'))} ms`,
        m(p, 'cls').toFixed(3),
        ratio(m(p, 'fcp'), m(bench.hello, 'fcp')),
        ratio(m(p, 'lcp'), m(bench.hello, 'lcp')),
      ]),
    ),
  );
  const tbt = Math.max(...ROUTES.map((r) => m(r, 'tbt')));
  const scores = ['/', '/discount'].map((r) => m(r, 'score'));
  console.log(
    `\nGoals: TBT <= 50 ms: ${Math.round(tbt)} ms (worst route) ${tbt <= 50 ? 'met' : 'NOT met'}; score 100 on / and /discount: ${scores.join(', ')} ${scores.every((s) => s === 100) ? 'met' : 'NOT met'}`,
  );
}

const FIRST_SECONDS_BUDGET = 120 * 1024;

async function firstSecondsFigures(bench: Bench): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const samples = new Map<string, FirstSecondsSample[]>(ROUTES.map((p) => [p, []]));
  try {
    for (let run = 0; run < RUNS; run++) for (const page of ROUTES) samples.get(page)!.push(await firstSeconds(browser, bench.baseUrl + page));
  } finally {
    await browser.close();
  }
  const m = (page: string, key: keyof FirstSecondsSample): number => median(samples.get(page)!.map((s) => s[key]));
  console.log(
    `\nScripts in the first ${WINDOW_MS / 1000} s without a tap, production configuration (error reporting, Meta Pixel and GA4 set), median of ${RUNS}:\n`,
  );
  console.log(
    formatTable(
      ['page', 'own JS (gzip)', 'third-party tag scripts'],
      ROUTES.map((p) => [p, KiB(m(p, 'ownScriptBytes')), `${m(p, 'thirdPartyScripts')} requests`]),
    ),
  );
  const worst = Math.max(...ROUTES.map((r) => m(r, 'ownScriptBytes')));
  console.log(
    `\nGoal: own JS in the first ${WINDOW_MS / 1000} s <= ${KiB(FIRST_SECONDS_BUDGET)}: ${KiB(worst)} (worst route) ${worst <= FIRST_SECONDS_BUDGET ? 'met' : 'NOT met'}`,
  );
}

/** The parts of the benchmark, in order. */
const PARTS: Array<(bench: Bench) => Promise<void>> = [checkoutFigures, throttledFigures, firstSecondsFigures, lighthouseFigures];

/**
 * Tap latency walks the whole funnel, signup and payment included: the preview build (the sandbox
 * backend and gateway of `npm start`) behind the preview server, the SurveyJS peer beside it.
 */
async function tapFigures(): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) return;
  const outdir = join(root, 'dist-bench-preview');
  await build({ preview: true, outdir, log: false });
  const survey = await buildSurveyPage(root, outdir);
  const server = await startPreviewServer({ distDir: outdir, port: 0 });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await reportTapFigures(browser, server.url, survey, SURVEY_PAGES);
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv.slice(2).includes('taps')) {
  await tapFigures();
  process.exit(0);
}

if (process.argv.slice(2).includes('report')) {
  await reportSpeedFigures();
  process.exit(0);
}

// the production configuration: a visitor's downloads include what these settings switch on
for (const [name, value] of Object.entries(PRODUCTION_LIKE_ENV)) process.env[name] ??= value;
const outdir = join(root, 'dist-bench');
const { metafile } = await build({ preview: false, outdir, log: false });
const hello = await buildHelloPage(root, outdir);
if (!existsSync(CHROMIUM_PATH)) console.log(`No Chromium at ${CHROMIUM_PATH}: only the bundle figures are printed.`);
if (!hasNginx()) console.log(`No nginx at ${NGINX_PATH} (apt-get install nginx): served by the preview server instead of the production host rules.`);
const host = hasNginx() ? await startNginx(outdir) : await startPreviewServer({ distDir: outdir, port: 0 });
console.log(`Served by ${hasNginx() ? "nginx with the build's _host/ files" : 'the preview server'} at ${host.url}\n`);
try {
  for (const part of existsSync(CHROMIUM_PATH) ? PARTS : PARTS.slice(0, 1)) await part({ outdir, baseUrl: host.url, hello, metafile });
} finally {
  await host.close();
}
// `npm run bench -- landing`: the landing's figures alone (load, first 10 s, Lighthouse)
if (process.argv.slice(2).includes('landing')) process.exit(0);
await tapFigures();
await reportValidatorBench();
await reportSpeedFigures();
