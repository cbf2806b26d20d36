/**
 * Page loads in headless Chromium under the phone profile of the benchmark: 4x CPU slowdown
 * (Emulation.setCPUThrottlingRate), 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency
 * (Network.emulateNetworkConditions), gzip, cold cache, a 390x844 phone screen at 2x.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { askForGzip } from '../browserScripts.ts';

export interface LoadSample {
  fcp: number;
  lcp: number;
  /** Sum of the long tasks' time over 50 ms after the first contentful paint. */
  tbt: number;
  cls: number;
  /** Transferred gzip bytes of every script fetched until the network was idle. */
  scriptBytes: number;
  /** The longest task, in ms. */
  longestTask: number;
}

export const PHONE_PROFILE = { cpuSlowdown: 4, downloadKbit: 1600, uploadKbit: 750, latencyMs: 150 };

/** A fresh phone under the profile: its own cache, cookies and storage; `cold` turns the cache off. */
export async function phonePage(browser: Browser, { cold = false } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' });
  await askForGzip(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (cold) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.latencyMs,
    downloadThroughput: (PHONE_PROFILE.downloadKbit * 1024) / 8,
    uploadThroughput: (PHONE_PROFILE.uploadKbit * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
  return { context, page };
}

export async function throttledLoad(browser: Browser, url: string): Promise<LoadSample> {
  const { context, page } = await phonePage(browser, { cold: true });
  await page.addInitScript(() => {
    const w = window as unknown as { __perf: { lcp: number; cls: number; tasks: Array<[number, number]> } };
    w.__perf = { lcp: 0, cls: 0, tasks: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__perf.lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!e.hadRecentInput) w.__perf.cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__perf.tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  let scriptBytes = 0;
  const sizes: Array<Promise<void>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') sizes.push(request.sizes().then((s) => void (scriptBytes += s.responseBodySize)));
  });
  try {
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.waitForTimeout(1500); // late long tasks and the final LCP candidate
    await Promise.all(sizes);
    const perf = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      return { fcp, ...(window as unknown as { __perf: { lcp: number; cls: number; tasks: Array<[number, number]> } }).__perf };
    });
    const after = perf.tasks.filter(([start]) => start >= perf.fcp);
    return {
      fcp: perf.fcp,
      lcp: perf.lcp,
      cls: perf.cls,
      tbt: after.reduce((n, [, d]) => n + Math.max(0, d - 50), 0),
      longestTask: Math.max(0, ...perf.tasks.map(([, d]) => d)),
      scriptBytes,
    };
  } finally {
    await context.close();
  }
}
