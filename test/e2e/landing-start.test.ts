/**
 * End to end: how a prerendered landing starts. It hydrates without the router chunk (react-router
 * and every route), which loads when the visitor moves on; a tap on the button before React listens
 * is not lost.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, newVisitor } from './browser.ts';

afterAll(closeBrowser);

const scriptName = (url: string): string => url.replace(/^.*\//, '');

describe('the prerendered landing starts light', () => {
  it('hydrates without the router, loads it on the way to the next step, and keeps Back working with it', async () => {
    const { context, page } = await newVisitor();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(scriptName(request.url()));
    });
    await page.goto(`${baseUrl()}/discount`);
    // hydrated: React has attached its props to the server's button
    await page.waitForFunction(() => Object.keys(document.querySelector('.landing button') ?? {}).some((k) => k.startsWith('__reactProps')));
    await page.waitForTimeout(1500);
    expect(scripts.some((s) => s.startsWith('LandingScreen-'))).toBe(true);
    expect(scripts.filter((s) => s.startsWith('BrowserRoutes-'))).toEqual([]);

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${baseUrl()}/check-location`);
    await page.getByRole('heading', { name: 'Check location' }).waitFor();
    expect(scripts.filter((s) => s.startsWith('BrowserRoutes-'))).toHaveLength(1);
    // the router keeps the visitor's place: Back is sent to the last recorded path, as on any step
    await page.goBack();
    await page.waitForURL(`${baseUrl()}/check-location`);
    await page.getByRole('heading', { name: 'Check location' }).waitFor();
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
    const hydratedBeforeTap = await page.evaluate(() => Object.keys(document.querySelector('.landing button') ?? {}).some((k) => k.startsWith('__react')));
    expect(hydratedBeforeTap).toBe(false);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${baseUrl()}/check-location`);
    await page.getByRole('heading', { name: 'Check location' }).waitFor();
    await context.close();
  }, 60_000);
});
