/**
 * The step after a landing, shown at a tap that comes before the app's script (engine/react/earlyStep.ts):
 * the visitor sees it at once from the page's own markup, and nothing done on it is lost when the app
 * takes over. The app's script is held back by the test, the way a slow network holds it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '../../locales/en.json';
import de from '../../locales/de.json';
import { baseUrl, closeBrowser, newVisitor, sandboxEvents, writtenVisitorId } from './browser.ts';
import { funnelData } from '../../screens/flowData.ts';
import { getVariant, indexSteps, resolveStep } from '../../engine/index.ts';
import { afterStep, entryStep, propsOf, stepIdOf, text, titleKeyOf, variantOfPath, type Texts } from './visitor.ts';

afterAll(closeBrowser);

/** Holds the app's entry script until `release` is called. */
async function holdAppScript(page: Page): Promise<{ release: () => void; arrived: () => boolean }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let arrived = false;
  await page.route('**/static/js/main-*.js', async (route) => {
    await held;
    arrived = true;
    await route.continue();
  });
  return { release, arrived: () => arrived };
}

const heading = (texts: Texts, path: string): string => text(texts, titleKeyOf(path)!);

/** The label of a landing path's continue button. */
function continueOf(texts: Texts, landingPath: string): string {
  const variant = getVariant(funnelData.landings, variantOfPath(landingPath))!;
  const id = entryStep(landingPath);
  return text(texts, propsOf(resolveStep(funnelData.flows[variant.flow]!.steps[id]!, id, variant)).cta as string);
}

/** What the page's CSP refused (a style attribute in the copy's markup would be). */
function refusedByCsp(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

describe('the step after the landing at an early tap', () => {
  it('shows at once, before the app has run; a tap on it is held, and the steps are counted once', async () => {
    const { context, page } = await newVisitor();
    const refused = refusedByCsp(page);
    const app = await holdAppScript(page);
    const next = afterStep('/');
    await page.goto(`${baseUrl()}/`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: continueOf(en, '/') }).click();
    const copy = page.locator(`#fe-early-step main[data-step="${stepIdOf(next)}"]`);
    await copy.getByRole('heading', { name: heading(en, next) }).waitFor();
    expect(app.arrived()).toBe(false);
    expect(await page.locator('#root').isHidden()).toBe(true);
    // the address moves with the app, which records the step
    expect(page.url()).toBe(`${baseUrl()}/`);
    // laid out by the page's inline styles: the progress bar's width is applied without a style attribute
    const fill = await copy.locator('.fe-progress__fill').evaluate((el) => el.getBoundingClientRect().width);
    expect(fill).toBeGreaterThan(0);
    // keyboard and screen-reader users are told where they are
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

    // the visitor reads and taps on before the app arrives: the tap waits for it
    await copy.getByRole('button', { name: text(en, propsOf(indexSteps(funnelData.flows).get(stepIdOf(next))!.step).cta as string) }).click();
    app.release();
    const after = afterStep('/', stepIdOf(next));
    await page.waitForURL(`${baseUrl()}${after}`);
    await page
      .locator(`#root main[data-step="${stepIdOf(after)}"]`)
      .getByRole('heading', { name: heading(en, after) })
      .waitFor();
    expect(await page.locator('#fe-early-step').count()).toBe(0);
    expect(await page.locator('#root').isVisible()).toBe(true);

    const visitor = await writtenVisitorId(context);
    await expect
      .poll(async () => (await sandboxEvents(visitor)).filter((e) => e.kind === 'page').map((e) => e.name), { timeout: 15_000 })
      .toEqual(['/', next, after]);
    const completed = (await sandboxEvents(visitor)).filter((e) => e.name === 'step_completed').map((e) => e.props.step);
    expect(completed.slice(0, 2)).toEqual(['landing', stepIdOf(next)]);
    expect(refused).toEqual([]);
    await context.close();
  }, 60_000);

  it("keeps what was typed on it, and the focus, when the app's own step takes its place", async () => {
    const { context, page } = await newVisitor();
    const app = await holdAppScript(page);
    const next = afterStep('/family');
    await page.goto(`${baseUrl()}/family`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: continueOf(en, '/family') }).click();
    const copy = page.locator(`#fe-early-step main[data-step="${stepIdOf(next)}"]`);
    await copy.getByRole('heading', { name: heading(en, next) }).waitFor();
    const fields = copy.locator('input[type="tel"], input[type="text"], input:not([type])');
    const typed = await fields.count();
    for (let i = 0; i < typed; i++) await fields.nth(i).pressSequentially('2025550123');
    app.release();
    const real = page.locator(`#root main[data-step="${stepIdOf(next)}"]`);
    await real.waitFor();
    await page.locator('#fe-early-step').waitFor({ state: 'detached' });
    const realFields = real.locator('input[type="tel"], input[type="text"], input:not([type])');
    for (let i = 0; i < typed; i++) expect((await realFields.nth(i).inputValue()).replace(/\D/g, '')).toContain('2025550123');
    if (typed > 0) expect(await realFields.last().evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  }, 60_000);

  it("is followed by the app's own step at once when the tap came while the app was starting", async () => {
    const { context, page } = await newVisitor();
    // the landing's chunk arrives late: the app's script has run and holds the tap, but has not hydrated
    await page.route('**/static/js/LandingScreen-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const next = afterStep('/');
    await page.goto(`${baseUrl()}/`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (document.querySelector('link[data-full-styles]') as HTMLLinkElement | null)?.media === 'all');
    await page.getByRole('button', { name: continueOf(en, '/') }).click();
    await page
      .locator('#fe-early-step')
      .getByRole('heading', { name: heading(en, next) })
      .waitFor();
    // the later steps' texts are fetched for the held tap, not 10 s after the page loaded (the delay for a visitor who only reads)
    await page
      .locator(`#root main[data-step="${stepIdOf(next)}"]`)
      .getByRole('heading', { name: heading(en, next) })
      .waitFor({ timeout: 6000 });
    await context.close();
  }, 60_000);

  it("is in the page's language", async () => {
    const { context, page } = await newVisitor({ locale: 'de-DE' });
    const app = await holdAppScript(page);
    const next = afterStep('/');
    await page.goto(`${baseUrl()}/`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: continueOf(de as Texts, '/') }).click();
    await page
      .locator('#fe-early-step')
      .getByRole('heading', { name: heading(de as Texts, next) })
      .waitFor();
    app.release();
    await page
      .locator(`#root main[data-step="${stepIdOf(next)}"]`)
      .getByRole('heading', { name: heading(de as Texts, next) })
      .waitFor();
    await context.close();
  }, 60_000);
});
