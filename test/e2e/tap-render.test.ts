/**
 * A tap that moves on (engine/react/BrowserRoutes.tsx, FunnelRoutes' RouterNavigation): the next step
 * renders in the tap's own task, in one piece, and the first frame after the tap shows it. Not as a
 * transition that React slices into 5 ms pieces with the old step painted between them, which on a
 * slow phone doubled the wait for a large step. A move made after a network answer is made at once,
 * with what came with the answer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, newVisitor } from './browser.ts';
import en from '../../locales/en.json';

afterAll(closeBrowser);

type Moment = { what: 'click' | 'address' | 'frame'; step?: string; focused?: string };

describe('a tap on a step of the router', () => {
  it('renders the next step in the tap itself, in one piece: the first frame after the tap shows it, on a slow phone', async () => {
    const { context, page } = await newVisitor();
    await page.goto(`${baseUrl()}/check-location`);
    const button = page.locator('main[data-step="check-location"] .fe-button');
    await button.waitFor();
    // the next step's code arrives while the visitor reads (prefetchNext.ts), as on any idle tap
    await page.waitForTimeout(2500);
    // from the click on, in order: the click, the address change, and the step each frame shows
    await page.evaluate(() => {
      const w = window as unknown as { __moments: Moment[] };
      w.__moments = [];
      const tick = (): void => {
        const step = document.querySelector('main[data-step]')?.getAttribute('data-step') ?? '';
        w.__moments.push({ what: 'frame', step });
        if (step === 'check-location' && w.__moments.length < 100) requestAnimationFrame(tick);
      };
      const pushState = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History['pushState']>) => {
        w.__moments.push({ what: 'address', focused: document.activeElement?.tagName });
        pushState(...args);
      };
      addEventListener(
        'click',
        () => {
          w.__moments.push({ what: 'click' });
          requestAnimationFrame(tick);
        },
        { capture: true, once: true },
      );
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await button.click();
    await page.locator('main[data-step="place-alerts"] h1').waitFor();
    const moments = await page.evaluate(() => (window as unknown as { __moments: Moment[] }).__moments);
    const moved = moments.findIndex((m) => m.what === 'address');
    expect(moved).toBeGreaterThan(0);
    // the address changed in the tap's handler, before any frame
    expect(moments.slice(0, moved).filter((m) => m.what === 'frame')).toEqual([]);
    const framesAfter = moments.slice(moved).filter((m) => m.what === 'frame');
    // no frame after the tap shows the old step: the first one shows the new step
    expect(framesAfter[0]?.step).toBe('place-alerts');
    expect(framesAfter.filter((m) => m.step !== 'place-alerts')).toEqual([]);
    // the pressed button gave up focus before the render: its removal forces no style update of the whole
    // page in the render (FunnelRoutes' releaseFocusOfStep); the new step's heading takes it once painted
    expect(moments[moved]!.focused).toBe('BODY');
    await expect.poll(() => page.evaluate(() => document.activeElement === document.querySelector('main[data-step="place-alerts"] h1'))).toBe(true);
    await context.close();
  });
});

describe('a move after a network answer', () => {
  it('is made at once, in the frame the loader goes off: the signup step never shows without its loader before the next step', async () => {
    const { context, page } = await newVisitor();
    await page.goto(`${baseUrl()}/signup`);
    const field = page.getByLabel(en.signup.emailLabel).filter({ visible: true });
    await field.fill(`frames-${Date.now()}@example.com`);
    // from the click on, what each frame shows: the step and whether the loader covers it
    await page.evaluate(() => {
      const w = window as unknown as { __frames: Array<{ step: string; loader: boolean }> };
      w.__frames = [];
      const tick = (): void => {
        const step = document.querySelector('main[data-step]')?.getAttribute('data-step') ?? '';
        w.__frames.push({ step, loader: document.querySelector('.fe-loader') !== null });
        if (step === 'signup' && w.__frames.length < 1000) requestAnimationFrame(tick);
      };
      addEventListener('click', () => requestAnimationFrame(tick), { capture: true, once: true });
    });
    // the answer takes a while, as on a phone network: the loader shows first
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByRole('button', { name: en.common.continue, exact: true }).click();
    await page.locator('main[data-step="set-your-options"] h1').waitFor();
    // the step is visible once committed; the frame that shows it is recorded at its animation frame
    const recorded = () => page.evaluate(() => (window as unknown as { __frames: Array<{ step: string; loader: boolean }> }).__frames);
    await expect.poll(async () => (await recorded()).at(-1)?.step).toBe('set-your-options');
    const frames = await recorded();
    const covered = frames.findIndex((f) => f.loader);
    expect(covered).toBeGreaterThanOrEqual(0);
    expect(frames.slice(covered).filter((f) => f.step === 'signup' && !f.loader)).toEqual([]);
    expect(frames.at(-1)).toEqual({ step: 'set-your-options', loader: false });
    await context.close();
  });
});
