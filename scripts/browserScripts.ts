/**
 * The JavaScript a page really fetches, counted in the browser: every script response until the
 * network is idle, by its transferred (gzip) body size. The landing budget is measured this way, so
 * chunks fetched right after start-up (the rest of the texts, a prefetched screen) count too.
 */
import type { BrowserContext, Page } from 'playwright-core';

export interface ScriptTransfer {
  url: string;
  /** Transferred body bytes (gzip, as the page asked for). */
  bytes: number;
}

export interface PageScripts {
  scripts: ScriptTransfer[];
  totalBytes: number;
}

/** Makes every request of the context ask for gzip only, so the counted bytes are gzip bytes. */
export async function askForGzip(context: BrowserContext): Promise<void> {
  await context.setExtraHTTPHeaders({ 'accept-encoding': 'gzip' });
}

/**
 * Opens `url` and sums the script bytes fetched until the network has been idle for 500 ms and
 * `settleMs` more have passed, and (when given) until `complete` holds for the scripts seen so far.
 */
export async function scriptsUntilIdle(page: Page, url: string, settleMs = 1000, complete?: (scripts: ScriptTransfer[]) => boolean): Promise<PageScripts> {
  const scripts: ScriptTransfer[] = [];
  const pending: Array<Promise<void>> = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(request.sizes().then((sizes) => void scripts.push({ url: request.url(), bytes: sizes.responseBodySize })));
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  await page.waitForTimeout(settleMs); // an idle callback that fetches after the network went quiet still counts
  for (let waited = 0; complete && !complete(scripts) && waited < 30_000; waited += 250) await page.waitForTimeout(250);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return { scripts, totalBytes: scripts.reduce((n, s) => n + s.bytes, 0) };
}
