/**
 * Issue 3 end to end: a visitor walks the main funnel from a landing route to /checkout in real
 * Chromium against the preview server and its sandbox API: feature intros, e-mail signup (a wrong
 * address refused, a registered one refused with the server's text), the quiz, profile creation and
 * the paywall with the variant's plans, reloading on every screen without losing answers or plan.
 */
import { afterAll, describe, expect, it, type ExpectStatic } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, closeBrowser, newVisitor, sandboxEvents, uniqueEmail, writtenVisitorId } from './browser.ts';
import { funnelData } from '../../screens/flowData.ts';
import { getVariant } from '../../engine/index.ts';
import { pathOfStep, propsOf, text, variantOfPath, walk, type StepVisit, type Texts } from './visitor.ts';
import en from '../../locales/en.json';
import de from '../../locales/de.json';
import i18next from 'i18next';
import { localeFormat, planPriceText } from '../../screens/ui/priceTexts.ts';
import { planNameText } from '../../screens/ui/planNames.ts';

afterAll(closeBrowser);

const EMAIL_ERROR = en.signup.emailError;
const url = (path: string): string => `${baseUrl()}${path}`;

const english = i18next.createInstance();
void english.init({ lng: 'en', resources: { en: { translation: en } }, initAsync: false, interpolation: { escapeValue: false } });

/** The plans a variant shows, as the paywall must print them: name and its price story ("$59.88 for 3 months"). */
function expectedPlans(variantId: string): Array<{ name: string; label: string; total: string }> {
  const variant = getVariant(funnelData.landings, variantId)!;
  const format = localeFormat('en', 'en', false);
  return variant.plans.map((name) => {
    const plan = funnelData.plans.plans[name]!;
    return {
      name,
      label: planNameText(english.t, plan, format),
      total: planPriceText(english.t, plan, format, new Date()),
    };
  });
}

/**
 * The paywall's headline as flows/main.json picks it: the headline of the visitor's answer to the
 * headline question, else the variant's title (texts from the given locale).
 */
function paywallHeadline(texts: typeof en, variantId: string, answers: Record<string, string>): string {
  const variant = getVariant(funnelData.landings, variantId)!;
  const step = Object.values(funnelData.flows[variant.flow]!.steps).find((s) => s.screen === 'paywall');
  const headline = step?.screen === 'paywall' ? step.props.headline : undefined;
  const key = (headline && answers[headline.question] && headline.byAnswer[answers[headline.question]!]) || variant.paywall.title;
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts) as string;
}

/** What the visitor's browser keeps in local storage (the persisted slices). */
async function persisted(
  page: Page,
): Promise<{ plans: { plan: string; landingType: string }; events: { analyticsData: Record<string, string> }; signup: Record<string, unknown> }> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('persist:root'))) ?? '{}');
}

async function reloadOn(expect: ExpectStatic, page: Page, path: string, heading: string): Promise<void> {
  await page.reload();
  expect(page.url()).toBe(url(path));
  await page.getByRole('heading', { name: heading }).waitFor();
}

interface Question {
  id: string;
  title: string;
  answers: Array<{ id: string; label: string }>;
}

/**
 * Walks from a landing route to /checkout along the flow, reloading on every screen (and on every quiz
 * question) and checking what must survive: the answers, the plan chosen, the account.
 */
async function walkWithReloads(expect: ExpectStatic, landingPath: string): Promise<void> {
  const variantId = variantOfPath(landingPath);
  const { context, page } = await newVisitor();
  const email = uniqueEmail(variantId);
  // each question's last answer: not the one a visitor gets by tapping the first button each time
  const answered: Array<{ question: string; answer: string }> = [];
  let chosen = '';
  let afterQuiz = false;

  const onStep = async ({ page, step, t }: StepVisit): Promise<void | { left: true }> => {
    const path = pathOfStep(step, landingPath);
    const props = propsOf(step) as { title?: string; questions?: Question[] };
    if (step.screen === 'quiz') {
      const questions = props.questions!;
      const progress = (i: number): string =>
        t('quiz.progress')
          .replace('{{current}}', String(i + 1))
          .replace('{{total}}', String(questions.length));
      for (const [i, question] of questions.entries()) {
        await reloadOn(expect, page, path, t(question.title));
        await page.getByText(progress(i)).waitFor();
        if (i > 0) {
          // the quiz's own Back: the previous question, its answer still chosen and its heading focused
          const before = questions[i - 1]!;
          const beforeAnswer = t(before.answers.at(-1)!.label);
          await page.getByRole('button', { name: t('quiz.back'), exact: true }).click();
          const previous = page.getByRole('heading', { name: t(before.title) });
          await expect.poll(() => previous.evaluate((h) => h === document.activeElement)).toBe(true);
          expect(await page.getByRole('button', { name: beforeAnswer, exact: true }).getAttribute('aria-pressed')).toBe('true');
          expect(page.url()).toBe(url(path));
          await page.getByRole('button', { name: beforeAnswer, exact: true }).click();
          answered.push({ question: before.id, answer: before.answers.at(-1)!.id });
          await page.getByRole('heading', { name: t(question.title) }).waitFor();
        }
        const answer = question.answers.at(-1)!;
        answered.push({ question: question.id, answer: answer.id });
        await page.getByRole('button', { name: t(answer.label), exact: true }).click();
      }
      afterQuiz = true;
      return { left: true };
    }
    if (step.screen === 'paywall') {
      chosen = await checkPaywall(
        expect,
        page,
        path,
        variantId,
        paywallHeadline(en, variantId, Object.fromEntries(answered.map((a) => [a.question, a.answer]))),
      );
      await page
        .getByRole('button', { name: t(propsOf(step).cta as string), exact: true })
        .first()
        .click();
      return { left: true };
    }
    if (afterQuiz && props.title) {
      // the step after the quiz painted in the brand font, loaded before it showed (no flip mid-funnel)
      afterQuiz = false;
      await page.getByRole('heading', { name: t(props.title) }).waitFor();
      expect(await page.evaluate((text) => document.fonts.check('800 26px "Open Sans Variable"', text), t(props.title))).toBe(true);
    }
    if (props.title) await reloadOn(expect, page, path, t(props.title));
    if (step.screen === 'signup-email') {
      await page.getByLabel(en.signup.emailLabel).fill('anna@example');
      await page.getByRole('button', { name: t(propsOf(step).cta as string), exact: true }).click();
      await page.getByText(EMAIL_ERROR).waitFor();
      expect(page.url()).toBe(url(path));
      await page.getByLabel(en.signup.emailLabel).fill(email);
      await expect.poll(() => page.getByText(EMAIL_ERROR).count()).toBe(0);
    }
  };
  await walk(page, { baseUrl: baseUrl(), landingPath, until: { screen: 'checkout' }, choices: { email }, onStep });
  expect(await page.evaluate(() => sessionStorage.getItem('access_token'))).toMatch(/^[0-9a-f]{48}$/);
  const checkoutUrl = page.url();
  await page.reload();
  expect(page.url()).toBe(checkoutUrl);
  // the checkout (issue 4) charges the plan chosen before the reload
  const total = page.getByTestId('checkout-total');
  await total.waitFor();
  await expect.poll(() => total.textContent()).toBe(`$${funnelData.plans.plans[chosen]!.price.toFixed(2)}`);

  const saved = await persisted(page);
  expect(saved.plans).toMatchObject({ plan: chosen, landingType: variantId });
  expect(saved.events.analyticsData).toMatchObject(Object.fromEntries(answered.map((a) => [`quiz_${a.question}`, a.answer])));
  expect(saved.signup).toMatchObject({ email, isSuccess: true });
  expect(JSON.stringify(saved)).not.toContain(await page.evaluate(() => sessionStorage.getItem('access_token')));

  // events reach the collector in batches: wait for the answers, the plan and the sign-up, then read the log
  const id = await writtenVisitorId(context);
  const arrived = async (): Promise<boolean> => {
    const log = await sandboxEvents(id);
    const answeredLog = log.filter((e) => e.name === 'quiz_answered').length === answered.length;
    return answeredLog && log.some((e) => e.name === 'Product Added') && log.some((e) => e.kind === 'identify');
  };
  await expect.poll(arrived, { timeout: 20_000 }).toBe(true);
  const events = await sandboxEvents(id);
  // every event also carries its context (landing type, experiments); the answers are what this checks
  expect(events.filter((e) => e.name === 'quiz_answered').map((e) => ({ question: e.props.question, answer: e.props.answer }))).toEqual(answered);
  expect(events.find((e) => e.name === 'quiz_answered')?.props).toMatchObject({ landing_type: variantId, experiments: {} });
  expect(events.find((e) => e.name === 'Product Added')?.props).toMatchObject({ product_id: chosen, plan: chosen, landing_type: variantId });
  expect(events.some((e) => e.kind === 'identify')).toBe(true);
  await context.close();
}

/** The paywall shows the variant's plans and terms; a plan other than the default is chosen and survives a reload. Answers the plan. */
async function checkPaywall(expect: ExpectStatic, page: Page, path: string, variantId: string, title: string): Promise<string> {
  await reloadOn(expect, page, path, title);
  const variant = getVariant(funnelData.landings, variantId)!;
  const plans = expectedPlans(variantId);
  // the variant's title: the headline, or under the headline the quiz answer chose
  await page.getByText(text(en, variant.paywall.title), { exact: true }).waitFor();
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
    .toMatch(
      /^(Renews|After the introductory period, it renews) automatically at \$\d+\.\d\d (per|every) .+ until you cancel\. Cancel anytime in the app settings\.$/,
    );
  expect(await page.locator(`input[value="${variant.defaultPlan}"]`).isChecked()).toBe(true);
  const chosen = (plans.find((p) => p.name !== variant.defaultPlan) ?? plans[0]!).name;
  await page.locator(`label[data-plan="${chosen}"]`).click();
  await page.reload();
  await page.locator(`label[data-plan="${chosen}"]`).waitFor();
  expect(await page.locator(`input[value="${chosen}"]`).isChecked()).toBe(true);
  return chosen;
}

// the walks mostly wait on the sandbox, reloads and profile creation: three at a time, each in its own browser context
describe.concurrent('main funnel walks', () => {
  it('from "/" a visitor walks every screen to /checkout with the fullPrice plans, surviving reloads', ({ expect }) => walkWithReloads(expect, '/'));
  it('from "/discount" with the discount plans', ({ expect }) => walkWithReloads(expect, '/discount'));
  it('from "/optionsy" (which skips check location) with the optionsy plans', ({ expect }) => walkWithReloads(expect, '/optionsy'));
});

describe('main funnel', () => {
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
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'This email is already registered' });
    await banner.waitFor();
    expect(await banner.getAttribute('data-error-type')).toBe('signup');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(page.url()).toBe(url('/signup'));
    await expect.poll(() => page.getByRole('button', { name: 'Continue' }).isEnabled()).toBe(true);
    await context.close();
  });

  it('shows "Failed to create an account" when the server fails without a reason', async () => {
    const { context, page } = await newVisitor();
    await page.goto(url('/signup'));
    await page.getByLabel('Email').fill('nobody@fail.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to create an account' }).waitFor();
    expect(page.url()).toBe(url('/signup'));
    await context.close();
  });

  it('walks to /checkout in German with German texts and prices', async () => {
    const { context, page } = await newVisitor({ locale: 'de-DE' });
    const answered: Array<[string, string]> = []; // the visitor driver picks each question's first answer
    const onStep = async ({ page, step, t }: StepVisit): Promise<void> => {
      if (step.screen === 'quiz') for (const q of propsOf(step).questions as Question[]) answered.push([q.id, q.answers[0]!.id]);
      const title = propsOf(step).title as string | undefined;
      if (title) await page.getByRole('heading', { name: t(title) }).waitFor();
      if (step.screen !== 'signup-email') return;
      // a wrong address is refused in German before the walk goes on with a good one
      await page.getByLabel(t('signup.emailLabel')).fill('falsch@');
      await page.getByRole('button', { name: t(propsOf(step).cta as string), exact: true }).click();
      await page.getByText(t('signup.emailError')).waitFor();
    };
    await walk(page, {
      baseUrl: baseUrl(),
      landingPath: '/optionsx',
      until: { screen: 'paywall' },
      texts: de as unknown as Texts,
      choices: { email: uniqueEmail('de') },
      onStep,
    });
    await page.getByRole('heading', { name: paywallHeadline(de as typeof en, 'optionsx', Object.fromEntries(answered)) }).waitFor();
    // optionsx: gz-1-month-2999 29.99 and gz-3-month-kostenko 39.95, in German number format
    expect(await page.locator('.paywall-plan__total').allTextContents()).toEqual(['29,99\u00a0$ für 1 Monat', '39,95\u00a0$ für 3 Monate']);
    await page.getByRole('button', { name: de.paywall.cta }).first().click();
    await page.waitForURL(url('/checkout'));
    expect((await persisted(page)).plans.plan).toBe('gz-3-month-kostenko');
    await context.close();
  });
  it("on a phone, nothing the keyboard reaches on the paywall is under its action bar, nor is the page's last line", async () => {
    const { context, page } = await newVisitor({ locale: 'en-US' });
    await walk(page, { baseUrl: baseUrl(), landingPath: '/', until: { screen: 'paywall' }, texts: en, choices: { email: uniqueEmail('paywall-keys') } });
    const bar = page.getByTestId('paywall-action-bar');
    await bar.waitFor();
    expect(await bar.evaluate((b) => getComputedStyle(b).position)).toBe('fixed');
    // from the top of the page, every stop of the Tab key through the whole page, the bar's own button aside
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, 0);
    });
    const stops: Array<{ stop: string; clearOfTheBar: boolean }> = [];
    const seen = new Set<string>();
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement | null;
        if (!focused || focused === document.body) return null;
        const actions = document.querySelector('[data-testid="paywall-action-bar"]')!;
        const box = focused.getBoundingClientRect();
        const name = focused.getAttribute('aria-label') ?? (focused.textContent || focused.getAttribute('value') || focused.tagName);
        const path = [...document.querySelectorAll('*')].indexOf(focused);
        return {
          key: String(path),
          stop: name.trim().slice(0, 40),
          inTheBar: actions.contains(focused),
          clearOfTheBar: box.bottom <= actions.getBoundingClientRect().top + 0.5,
        };
      });
      if (!stop || seen.has(stop.key)) break;
      seen.add(stop.key);
      if (!stop.inTheBar) stops.push({ stop: stop.stop, clearOfTheBar: stop.clearOfTheBar });
    }
    expect(stops.map((s) => s.stop)).toEqual(expect.arrayContaining([en.consent.settings]));
    expect(stops.filter((s) => !s.clearOfTheBar)).toEqual([]);
    // a finger scrolls to the very bottom: the page's last line, the cookie settings, is above the bar
    await page.mouse.wheel(0, 10_000);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const settings = document.querySelector('.consent-footer__link')!.getBoundingClientRect();
          return settings.bottom <= document.querySelector('[data-testid="paywall-action-bar"]')!.getBoundingClientRect().top;
        }),
      )
      .toBe(true);
    await context.close();
  });
});
