/**
 * Error reporting end to end: the preview build reports to the preview server's Sentry collector.
 * The SDK arrives only when there is an error to send, after the page has loaded and only with the
 * consent the configuration asks for; an error thrown before it arrives is queued and sent, scrubbed
 * of e-mails and click ids; errors carry the step, the variant, the release and the environment.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, closeBrowser, newVisitor } from './browser.ts';
import { afterStep, stepIdOf } from './visitor.ts';
import en from '../../locales/en.json';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';

afterAll(closeBrowser);

const url = (path: string): string => `${baseUrl()}${path}`;
const SDK_CHUNK = /\/static\/js\/sentryReporter-[A-Z0-9]+\.js$/;

interface Report {
  type: string;
  exception: Array<{ type: string; value: string }>;
  tags: Record<string, string>;
  release: string;
  environment: string;
}

/** Every error report the collector holds, read page by page. */
async function collected(): Promise<Report[]> {
  const all: Report[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const body = (await (await fetch(url(`/sandbox/sentry/events?type=event&limit=500&cursor=${cursor}`))).json()) as {
      events: Report[];
      next_cursor: string | null;
    };
    all.push(...body.events);
    cursor = body.next_cursor;
  }
  return all;
}

async function reportOf(value: string): Promise<Report> {
  await expect.poll(async () => (await collected()).some((r) => r.exception[0]?.value === value), { timeout: 20_000 }).toBe(true);
  return (await collected()).find((r) => r.exception[0]?.value === value)!;
}

const sdkRequested = (page: Page) =>
  page.evaluate((pattern) => performance.getEntriesByType('resource').some((e) => new RegExp(pattern).test(new URL(e.name).pathname)), SDK_CHUNK.source);

describe('error reporting in the preview build', () => {
  it('sends a thrown error and an unhandled rejection once, with the step, variant and release', async () => {
    const { context, page } = await newVisitor();
    await page.goto(url('/discount'));
    await page.getByRole('heading', { name: en.landing.title }).waitFor();
    await page.getByRole('button', { name: en.common.continue }).click();
    await page.waitForURL(url(afterStep('/discount')));
    await page.waitForTimeout(1000);
    expect(await sdkRequested(page)).toBe(false); // nothing to send yet: no SDK

    const thrown = `e2e thrown ${Date.now()}`;
    const rejected = `e2e rejected ${Date.now()}`;
    await page.evaluate(
      ([a, b]) => {
        setTimeout(() => {
          throw new Error(a);
        });
        void Promise.reject(new Error(b));
      },
      [thrown, rejected],
    );

    const error = await reportOf(thrown);
    await page.waitForTimeout(500);
    expect((await collected()).filter((r) => r.exception[0]?.value === thrown)).toHaveLength(1); // sent once
    expect(error.tags).toMatchObject({ step: stepIdOf(afterStep('/discount')), variant: 'discount', release: PREVIEW_CONFIG.release, source: 'uncaught' });
    expect(error.release).toBe(PREVIEW_CONFIG.release);
    expect((await reportOf(rejected)).tags).toMatchObject({ step: stepIdOf(afterStep('/discount')), variant: 'discount', source: 'unhandled-rejection' });
    // the preview traces every page load (sample rate 1): the page-load trace arrives too once the SDK runs (it streams it as spans)
    const traces = async () =>
      ((await (await fetch(url('/sandbox/sentry/events?type=span&limit=500'))).json()) as { events: Array<{ transaction: string }> }).events;
    await expect.poll(async () => (await traces()).some((t) => /pageload/i.test(t.transaction)), { timeout: 45_000 }).toBe(true);
    await context.close();
  });

  it('loads the SDK only after the page has loaded, and sends an error thrown before that', async () => {
    const { context, page } = await newVisitor();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(SDK_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url('/'));
    await page.getByRole('heading', { name: en.landing.title }).waitFor();
    // the app's script has run (it switches the full stylesheet on first; the page requests it after its first paint)
    await page.waitForFunction(() => (document.querySelector('link[data-full-styles]') as HTMLLinkElement | null)?.media === 'all');
    const early = `e2e before the SDK ${Date.now()}`;
    await page.evaluate(
      (message) =>
        setTimeout(() => {
          throw new Error(message);
        }),
      early,
    );
    await page.waitForTimeout(500);
    expect((await collected()).some((r) => r.exception[0]?.value === early)).toBe(false);
    release();

    const report = await reportOf(early);
    expect(report.tags).toMatchObject({ step: 'landing', variant: 'fullPrice', source: 'uncaught' });
    const timing = await page.evaluate((pattern) => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const sdk = performance.getEntriesByType('resource').find((e) => new RegExp(pattern).test(new URL(e.name).pathname))!;
      return { loadEnd: nav.loadEventEnd, sdkStart: sdk.startTime };
    }, SDK_CHUNK.source);
    expect(timing.sdkStart).toBeGreaterThanOrEqual(timing.loadEnd);
    const html = await (await fetch(url('/'))).text();
    expect(html).not.toMatch(/sentryReporter-/);
    await context.close();
  });

  it('a healthy landing loads none of the SDK; an error is sent scrubbed of e-mails and click ids, with its environment', async () => {
    const { context, page } = await newVisitor();
    await page.goto(url('/?utm_source=g&gclid=GCLID-SECRET-1'), { waitUntil: 'load' });
    await page.getByRole('heading', { name: en.landing.title }).waitFor();
    await page.waitForTimeout(3000); // load, idle and start-up are over
    expect(await sdkRequested(page)).toBe(false);
    const stamp = Date.now();
    await page.evaluate((n) => {
      setTimeout(() => {
        throw new Error(`e2e private ${n} ada.lovelace@example.com`);
      });
    }, stamp);
    const report = await reportOf(`e2e private ${stamp} [redacted]`);
    expect(report.environment).toBe(PREVIEW_CONFIG.sentryEnvironment);
    expect(JSON.stringify(report)).not.toMatch(/lovelace|GCLID-SECRET/);
    expect(await sdkRequested(page)).toBe(true);
    await context.close();
  });

  it('after "Reject all" nothing is sent and the SDK is never loaded', async () => {
    const { context, page } = await newVisitor({ timezoneId: 'Europe/Paris' });
    await page.goto(url('/'), { waitUntil: 'load' });
    const banner = page.getByRole('region', { name: en.consent.title });
    await banner.getByRole('button', { name: en.consent.rejectAll }).click();
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e after Reject all');
      });
      void Promise.reject(new Error('e2e rejection after Reject all'));
    });
    await page.waitForTimeout(3000);
    expect(await sdkRequested(page)).toBe(false); // no SDK: no envelope can leave this page
    expect((await collected()).some((r) => /Reject all/.test(r.exception[0]?.value ?? ''))).toBe(false);
    await context.close();
  });
});
