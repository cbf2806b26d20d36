/**
 * End to end: how a prerendered landing starts. Before the visitor's first interaction (or before the
 * loaded page has been idle for a while) it does not run React's client: the page view and attribution are recorded
 * without it, and React's client, the router chunk and i18next wait. A tap then hydrates at once and is
 * not lost. (Each language's texts through these stages: landing-languages.test.ts.)
 */
import { afterStep, text, titleKeyOf } from './visitor.ts';
import { afterAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import type { Page } from 'playwright-core';
import { baseUrl, closeBrowser, newVisitor, sandboxEvents, writtenVisitorId } from './browser.ts';

afterAll(closeBrowser);

const scriptName = (url: string): string => url.replace(/^.*\//, '');
/** The English title of the step a landing leads to, as the flows and the variant's overrides say. */
const titleAfter = (landingPath: string): string => text(en, titleKeyOf(afterStep(landingPath))!);

/** Whether React has hydrated the landing's button (it attaches its props to the server's element). */
const isHydrated = (page: Page): Promise<boolean> =>
  page.evaluate(() => Object.keys(document.querySelector('.landing button') ?? {}).some((k) => k.startsWith('__react')));

describe('the prerendered landing starts light', () => {
  it('hydrates without the router, loads it on the way to the next step, and keeps Back working with it', async () => {
    const { context, page } = await newVisitor();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(scriptName(request.url()));
    });
    await page.goto(`${baseUrl()}/discount`, { waitUntil: 'load' });
    await page.waitForTimeout(1000);
    // before the first interaction (and before the loaded page has been idle for 3 s): the app's script
    // and the entry screen only; React's client, the router and i18next wait
    expect(scripts.some((s) => s.startsWith('LandingScreen-'))).toBe(true);
    expect(scripts.filter((s) => /^(client|BrowserRoutes|i18n)-/.test(s))).toEqual([]);
    expect(await isHydrated(page)).toBe(false);
    // idle: React hydrates the page; the router still waits for the visitor to move on
    await page.waitForFunction(() => Object.keys(document.querySelector('.landing button') ?? {}).some((k) => k.startsWith('__reactProps')));
    expect(scripts.filter((s) => s.startsWith('client-'))).toHaveLength(1);
    expect(scripts.filter((s) => s.startsWith('BrowserRoutes-'))).toEqual([]);

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${baseUrl()}${afterStep('/discount')}`);
    await page.getByRole('heading', { name: titleAfter('/discount') }).waitFor();
    expect(scripts.filter((s) => s.startsWith('BrowserRoutes-'))).toHaveLength(1);
    // the router keeps the visitor's place: Back is sent to the last recorded path, as on any step
    await page.goBack();
    await page.waitForURL(`${baseUrl()}${afterStep('/discount')}`);
    await page.getByRole('heading', { name: titleAfter('/discount') }).waitFor();
    await context.close();
  }, 60_000);

  it("requests the app's scripts only once the page has loaded (image and font in) and its first paint is reported", async () => {
    const { context, page } = await newVisitor();
    await page.goto(`${baseUrl()}/discount`, { waitUntil: 'load' });
    // the app's script has run (it switches the full stylesheet on first)
    await page.waitForFunction(() => (document.querySelector('link[data-full-styles]') as HTMLLinkElement | null)?.media === 'all');
    const times = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const scripts = resources.filter((e) => new URL(e.name).pathname.startsWith('/static/js/'));
      return {
        load: navigation.loadEventStart,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        // the hero image and the font: the downloads the scripts no longer compete with
        media: resources.filter((e) => /\.(avif|woff2)$/.test(new URL(e.name).pathname)).map((e) => e.responseEnd),
        firstScript: Math.min(...scripts.map((e) => e.startTime)),
        scripts: scripts.length,
      };
    });
    expect(times.scripts).toBeGreaterThan(1);
    expect(times.firstScript).toBeGreaterThanOrEqual(times.load);
    expect(times.firstScript).toBeGreaterThanOrEqual(times.fcp);
    expect(times.media).toHaveLength(2);
    expect(times.firstScript).toBeGreaterThanOrEqual(Math.max(...times.media));
    await context.close();
  }, 60_000);

  it('replays a tap on the button that came before hydration', async () => {
    const { context, page } = await newVisitor();
    // the entry screen's chunk arrives late, so hydration starts well after the app's script runs
    await page.route('**/static/js/LandingScreen-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${baseUrl()}/`, { waitUntil: 'commit' });
    // the app's script has started (it switches the full stylesheet on first)
    await page.waitForFunction(() => (document.querySelector('link[data-full-styles]') as HTMLLinkElement | null)?.media === 'all');
    expect(await isHydrated(page)).toBe(false);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${baseUrl()}${afterStep('/')}`);
    await page.getByRole('heading', { name: titleAfter('/') }).waitFor();
    await context.close();
  }, 60_000);

  it("replays a tap that came before the app's script had even arrived (a slow network)", async () => {
    const { context, page } = await newVisitor();
    let arrived = false;
    await page.route('**/static/js/main-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      arrived = true;
      await route.continue();
    });
    await page.goto(`${baseUrl()}/`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Continue' }).click();
    // the tap came while the script was still on its way: only the page's inline script saw it (and showed
    // the next step's copy: earlyStep.ts)
    expect(arrived).toBe(false);
    await page.waitForURL(`${baseUrl()}${afterStep('/')}`);
    await page.getByRole('heading', { name: titleAfter('/') }).waitFor();
    await context.close();
  }, 60_000);

  it('hydrates at the first tap, without waiting for the page to load or idle, and replays the tap', async () => {
    const { context, page } = await newVisitor();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(scriptName(request.url()));
    });
    // the hero image never arrives: no load event, so nothing but the tap can start React
    await page.route(/\.(avif|webp|png)$/, () => {});
    await page.goto(`${baseUrl()}/`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (document.querySelector('link[data-full-styles]') as HTMLLinkElement | null)?.media === 'all');
    await page.waitForTimeout(1000);
    expect(scripts.filter((s) => s.startsWith('client-'))).toEqual([]);
    expect(await isHydrated(page)).toBe(false);
    await page.getByRole('button', { name: 'Continue' }).click();
    // (the page's load event never comes: wait for the address only)
    await page.waitForURL(`${baseUrl()}${afterStep('/')}`, { waitUntil: 'commit' });
    await page.getByRole('heading', { name: titleAfter('/') }).waitFor();
    expect(scripts.filter((s) => s.startsWith('client-'))).toHaveLength(1);
    await context.close();
  }, 60_000);

  it('records the page view and attribution without React: a visitor who only looks still counts', async () => {
    const { context, page } = await newVisitor();
    // React's client never arrives: the landing's arrival must not depend on it
    await page.route('**/static/js/client-*.js', (route) => route.abort());
    await page.goto(`${baseUrl()}/latam?utm_source=tiktok`, { waitUntil: 'load' });
    const id = await writtenVisitorId(context);
    await expect.poll(async () => (await sandboxEvents(id)).map((e) => `${e.kind} ${e.name}`), { timeout: 15_000 }).toContain('page /latam');
    const events = await sandboxEvents(id);
    expect(events.find((e) => e.name === 'tracking_captured')?.props).toMatchObject({ utm_source: 'tiktok' });
    expect(events.map((e) => e.name)).toContain('onboarding_started');
    expect(await isHydrated(page)).toBe(false);
    await context.close();
  }, 60_000);
});
