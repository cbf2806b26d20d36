/**
 * A tap that moves on renders the next step in the tap's own task (engine/react/BrowserRoutes.tsx):
 * not as a transition that React slices between frames, painting the old step in between, which on a
 * slow phone doubled the wait for a large step.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, newVisitor } from './browser.ts';

afterAll(closeBrowser);

describe('a tap on a step of the router', () => {
  it('puts the next step on the page before the browser can paint again', async () => {
    const { context, page } = await newVisitor();
    await page.goto(`${baseUrl()}/check-location`);
    await page.locator('main[data-step="check-location"] .fe-button').waitFor();
    // the next step's code arrives while the visitor reads (prefetchNext.ts), as on any idle tap
    await page.waitForTimeout(2500);
    const stepAfterTap = await page.evaluate(async () => {
      document.querySelector<HTMLButtonElement>('main[data-step="check-location"] .fe-button')!.click();
      // React's own work for the click was queued before this, in the same task: no frame in between
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      return document.querySelector('main[data-step]')?.getAttribute('data-step');
    });
    expect(stepAfterTap).toBe('place-alerts');
    await expect(page.locator('main[data-step="place-alerts"] h1').isVisible()).resolves.toBe(true);
    await context.close();
  });
});
