/**
 * Issue 3 end to end: a visitor walks the main funnel from a landing route to /checkout in real
 * Chromium against the preview server and its sandbox API: feature intros, e-mail signup (a wrong
 * address refused, a registered one refused with the server's text), the quiz, profile creation and
 * the paywall with the variant's plans, reloading on every screen without losing answers or plan.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, closeBrowser, newVisitor, sandboxEvents, uniqueEmail, writtenVisitorId } from './browser.ts';
import { funnelData } from '../../screens/flowData.ts';
import { getVariant } from '../../engine/index.ts';
import en from '../../locales/en.json';
import de from '../../locales/de.json';

afterAll(closeBrowser);

const EMAIL_ERROR = en.signup.emailError;
const url = (path: string): string => `${baseUrl()}${path}`;

/** The plans a variant shows, as the paywall must print them: name and "$price for N months". */
function expectedPlans(variantId: string): Array<{ name: string; label: string; total: string }> {
  const variant = getVariant(funnelData.landings, variantId)!;
  const descriptions = en.plans.description as Record<string, string>;
  return variant.plans.map((name) => {
    const plan = funnelData.plans.plans[name]!;
    const { count, unit } = plan.duration;
    return {
      name,
      label: descriptions[plan.description.replace('plans.description.', '')]!,
      total: `$${plan.price.toFixed(2)} for ${count} ${unit}${count === 1 ? '' : 's'}`,
    };
  });
}

/**
 * The paywall's headline as flows/main.json picks it: the headline of the visitor's answer to the
 * headline question, else the variant's title (texts from the given locale).
 */
function paywallHeadline(texts: typeof en, variantId: string, answers: Record<string, string>): string {
  const step = funnelData.flows.main!.steps.plans!;
  const headline = step.screen === 'paywall' ? step.props.headline : undefined;
  const key =
    (headline && answers[headline.question] && headline.byAnswer[answers[headline.question]!]) || getVariant(funnelData.landings, variantId)!.paywall.title;
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts) as string;
}

/** What the visitor's browser keeps in local storage (the persisted slices). */
async function persisted(
  page: Page,
): Promise<{ plans: { plan: string; landingType: string }; events: { analyticsData: Record<string, string> }; signup: Record<string, unknown> }> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('persist:root'))) ?? '{}');
}

async function reloadOn(page: Page, path: string, heading: string): Promise<void> {
  await page.reload();
  expect(page.url()).toBe(url(path));
  await page.getByRole('heading', { name: heading }).waitFor();
}

async function continueTo(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(url(path));
}

/** Walks from a landing route to /checkout, reloading on every screen and checking what must survive. */
async function walk(landingPath: string, variantId: string): Promise<void> {
  const { context, page } = await newVisitor();
  await page.goto(url(landingPath));
  await reloadOn(page, landingPath, en.landing.title);

  const intros: Array<[string, string]> = [
    ['/check-location', en.intro.checkLocation.title],
    ['/place-alerts', en.intro.placeAlerts.title],
    ['/crash-detection', en.intro.crashDetection.title],
  ];
  const fromIntro = variantId === 'optionsy' ? 1 : 0; // optionsy's landing skips check location
  for (const [path, title] of intros.slice(fromIntro)) {
    await continueTo(page, path);
    await reloadOn(page, path, title);
  }

  await continueTo(page, '/signup');
  await reloadOn(page, '/signup', en.signup.title);
  const field = page.getByLabel('E-mail');
  await field.fill('anna@example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText(EMAIL_ERROR).waitFor();
  expect(page.url()).toBe(url('/signup'));
  const email = uniqueEmail(variantId);
  await field.fill(email);
  await expect.poll(() => page.getByText(EMAIL_ERROR).count()).toBe(0);
  await continueTo(page, '/signup/set-your-options');
  expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).toMatch(/^[0-9a-f]{48}$/);

  const answers: Array<[string, string, string]> = [
    [en.quiz.locate.title, en.quiz.locate.familyMember, 'familyMember'],
    [en.quiz.place.title, en.quiz.place.school, 'school'],
    [en.quiz.follow.title, en.quiz.follow.batteryStatus, 'batteryStatus'],
  ];
  for (const [i, [title, answer]] of answers.entries()) {
    await reloadOn(page, '/signup/set-your-options', title);
    await page.getByText(`Question ${i + 1} of 3`).waitFor();
    await page.getByRole('button', { name: answer }).click();
  }
  await page.waitForURL(url('/signup/creating-your-profile'));
  await reloadOn(page, '/signup/creating-your-profile', en.creatingProfile.title);
  await page.waitForURL(url('/signup/plans'), { timeout: 15_000 });

  const variant = getVariant(funnelData.landings, variantId)!;
  const plans = expectedPlans(variantId);
  await reloadOn(
    page,
    '/signup/plans',
    paywallHeadline(en, variantId, Object.fromEntries(answers.map(([, , id], i) => [['locate', 'place', 'follow'][i]!, id]))),
  );
  // the variant's title under the headline the quiz answer chose
  await page.getByText((en.paywall.title as Record<string, string>)[variant.paywall.title.replace('paywall.title.', '')]!, { exact: true }).waitFor();
  expect(await page.locator('input[type=radio]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual(plans.map((p) => p.name));
  for (const plan of plans) {
    const card = page.locator(`label[data-plan="${plan.name}"]`);
    await expect.poll(() => card.locator('.paywall-plan__name').textContent()).toBe(plan.label);
    await expect.poll(() => card.locator('.paywall-plan__total').textContent()).toBe(plan.total);
  }
  if (variant.paywall.discountLabel) {
    // a discount shows the regular price it is measured against, struck through and read out
    await expect.poll(() => page.getByRole('deletion').first().textContent()).toMatch(/^Regular price: \$\d+\.\d\d$/);
  }
  // the renewal terms of the selected plan sit next to the button that commits to it
  await expect
    .poll(() => page.locator('.paywall__terms').textContent())
    .toMatch(/^Renews automatically at \$\d+\.\d\d (per|every) .+ until you cancel\. Cancel anytime in the app settings\.$/);
  expect(await page.locator(`input[value="${variant.defaultPlan}"]`).isChecked()).toBe(true);
  const chosen = plans.find((p) => p.name !== variant.defaultPlan)!.name;
  await page.locator(`label[data-plan="${chosen}"]`).click();
  await page.reload();
  await page.locator(`label[data-plan="${chosen}"]`).waitFor();
  expect(await page.locator(`input[value="${chosen}"]`).isChecked()).toBe(true);
  await continueTo(page, '/checkout');
  await page.reload();
  expect(page.url()).toBe(url('/checkout'));
  // the checkout (issue 4) charges the plan chosen before the reload
  const total = page.getByTestId('checkout-total');
  await total.waitFor();
  await expect.poll(() => total.textContent()).toBe(`$${funnelData.plans.plans[chosen]!.price.toFixed(2)}`);

  const saved = await persisted(page);
  expect(saved.plans).toMatchObject({ plan: chosen, landingType: variantId });
  expect(saved.events.analyticsData).toMatchObject({ quiz_locate: 'familyMember', quiz_place: 'school', quiz_follow: 'batteryStatus' });
  expect(saved.signup).toMatchObject({ email, isSuccess: true });
  expect(JSON.stringify(saved)).not.toContain(await page.evaluate(() => sessionStorage.getItem('access_token')));

  // events reach the collector in batches: wait for the answers, the plan and the sign-up, then read the log
  const id = await writtenVisitorId(context);
  const arrived = async (): Promise<boolean> => {
    const log = await sandboxEvents(id);
    const answered = log.filter((e) => e.name === 'quiz_answered').length === answers.length;
    return answered && log.some((e) => e.name === 'Product Added') && log.some((e) => e.kind === 'identify');
  };
  await expect.poll(arrived, { timeout: 20_000 }).toBe(true);
  const events = await sandboxEvents(id);
  // every event also carries its context (landing type, experiments); the answers are what this checks
  expect(events.filter((e) => e.name === 'quiz_answered').map((e) => ({ question: e.props.question, answer: e.props.answer }))).toEqual(
    answers.map(([, , id], i) => ({ question: ['locate', 'place', 'follow'][i], answer: id })),
  );
  expect(events.find((e) => e.name === 'quiz_answered')?.props).toMatchObject({ landing_type: variantId, experiments: {} });
  expect(events.find((e) => e.name === 'Product Added')?.props).toMatchObject({ product_id: chosen, plan: chosen, landing_type: variantId });
  expect(events.some((e) => e.kind === 'identify')).toBe(true);
  await context.close();
}

describe('main funnel', () => {
  it('from "/" a visitor walks every screen to /checkout with the fullPrice plans, surviving reloads', () => walk('/', 'fullPrice'));
  it('from "/discount" with the discount plans', () => walk('/discount', 'discount'));
  it('from "/optionsy" (which skips check location) with the optionsy plans', () => walk('/optionsy', 'optionsy'));

  it("shows the server's text when the address is already registered, and keeps it in the field", async () => {
    const email = uniqueEmail('taken');
    const response = await fetch(url('/sandbox/webapi/api/v1/signup'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ registration_source: 'email', name: email, email, landing_type: 'fullPrice' }),
    });
    expect(response.status).toBe(200);

    const { context, page } = await newVisitor();
    await page.goto(url('/'));
    await page.getByRole('heading', { name: en.landing.title }).waitFor();
    await page.goto(url('/signup'));
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'This e-mail is already registered' });
    await banner.waitFor();
    expect(await banner.getAttribute('data-error-type')).toBe('signup');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(email);
    expect(page.url()).toBe(url('/signup'));
    await expect.poll(() => page.getByRole('button', { name: 'Continue' }).isEnabled()).toBe(true);
    await context.close();
  });

  it('shows "Failed to create an account" when the server fails without a reason', async () => {
    const { context, page } = await newVisitor();
    await page.goto(url('/signup'));
    await page.getByLabel('E-mail').fill('nobody@fail.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to create an account' }).waitFor();
    expect(page.url()).toBe(url('/signup'));
    await context.close();
  });

  it('walks to /checkout in German with German texts and prices', async () => {
    const { context, page } = await newVisitor({ locale: 'de-DE' });
    await page.goto(url('/optionsx'));
    await page.getByRole('heading', { name: de.landing.title }).waitFor();
    for (const path of ['/check-location', '/place-alerts', '/crash-detection', '/signup']) {
      await page.getByRole('button', { name: de.common.continue }).click();
      await page.waitForURL(url(path));
    }
    await page.getByLabel(de.signup.emailLabel).fill('falsch@');
    await page.getByRole('button', { name: de.common.continue }).click();
    await page.getByText(de.signup.emailError).waitFor();
    await page.getByLabel(de.signup.emailLabel).fill(uniqueEmail('de'));
    await page.getByRole('button', { name: de.common.continue }).click();
    await page.waitForURL(url('/signup/set-your-options'));
    for (const answer of [de.quiz.locate.lovedOne, de.quiz.place.home, de.quiz.follow.schedule]) {
      await page.getByRole('button', { name: answer }).click();
    }
    await page.waitForURL(url('/signup/plans'), { timeout: 15_000 });
    await page
      .getByRole('heading', { name: paywallHeadline(de as typeof en, 'optionsx', { locate: 'lovedOne', place: 'home', follow: 'schedule' }) })
      .waitFor();
    // optionsx: gz-1-month-2999 29.99 and gz-3-month-kostenko 39.95, in German number format
    expect(await page.locator('.paywall-plan__total').allTextContents()).toEqual(['29,99\u00a0$ für 1 Monat', '39,95\u00a0$ für 3 Monate']);
    await page.getByRole('button', { name: de.paywall.cta }).click();
    await page.waitForURL(url('/checkout'));
    expect((await persisted(page)).plans.plan).toBe('gz-3-month-kostenko');
    await context.close();
  });
});
