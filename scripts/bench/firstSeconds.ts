/**
 * What a visitor who does not touch the page downloads in its first 10 s, as the production
 * configuration serves it (an error-reporting DSN, the Meta Pixel and GA4 ids set: see
 * PRODUCTION_LIKE_ENV): the funnel's own scripts (gzip, transferred) apart from the third-party tags,
 * which load from their own hosts (and fail on an offline machine: they are counted by request).
 */
import type { Browser } from 'playwright-core';
import { phonePage } from './throttled.ts';

export const WINDOW_MS = 10_000;

/** The production settings the bench builds with when the environment does not set them. */
export const PRODUCTION_LIKE_ENV = {
  SENTRY_DSN: 'https://0123456789abcdef0123456789abcdef@o0.ingest.sentry.io/0',
  META_PIXEL_ID: '000000000000000',
  GA4_MEASUREMENT_ID: 'G-BENCH00000',
} as const;

export interface FirstSecondsSample {
  /** Transferred bytes of the page's own scripts that started within the window. */
  ownScriptBytes: number;
  /** Requests for scripts of other hosts (the tags) started within the window. */
  thirdPartyScripts: number;
}

export async function firstSeconds(browser: Browser, url: string): Promise<FirstSecondsSample> {
  const { context, page } = await phonePage(browser, { cold: true });
  const origin = new URL(url).origin;
  let ownScriptBytes = 0;
  let thirdPartyScripts = 0;
  const sizes: Array<Promise<void>> = [];
  let start = 0;
  const inWindow = (): boolean => Date.now() - start <= WINDOW_MS;
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && !request.url().startsWith(origin) && inWindow()) thirdPartyScripts++;
  });
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script' || !request.url().startsWith(origin)) return;
    // a script whose request started within the window counts whole, as the visitor pays for it
    if (request.timing().startTime - start <= WINDOW_MS) sizes.push(request.sizes().then((s) => void (ownScriptBytes += s.responseBodySize)));
  });
  try {
    start = Date.now();
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForTimeout(WINDOW_MS - (Date.now() - start));
    // the downloads started in the window may finish after it
    await page.waitForLoadState('networkidle').catch(() => {});
    await Promise.all(sizes);
    return { ownScriptBytes, thirdPartyScripts };
  } finally {
    await context.close();
  }
}
