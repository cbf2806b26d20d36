/**
 * The two quiz variants end to end in Chromium against the preview server: the personal variant (a
 * quiz of five or more questions split over several steps, with a fact, a testimonial and a summary
 * between them, the e-mail asked after it) and the quiz-first variant of the main flow (its quiz before
 * the e-mail, by overrides of next only). Routes, questions, texts and plans all come from flows/ and
 * locales/; on a 375 x 667 phone each step's primary action is in view without scrolling.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, closeBrowser, newVisitor, uniqueEmail } from './browser.ts';
import { funnelData } from '../../screens/flowData.ts';
import { getVariant, indexSteps, nextStepId, resolveStep, variantIds, type Variant } from '../../engine/index.ts';
import { propsOf, walk, type StepVisit } from './visitor.ts';
import type { QuizProps } from '../../screens/types/flow.gen.ts';
import en from '../../locales/en.json';

afterAll(closeBrowser);

const PHONE = { width: 375, height: 667 };
const steps = indexSteps(funnelData.flows);

/** The variants with their ids. */
const variants: Array<[string, Variant]> = variantIds(funnelData.landings).map((id) => [id, getVariant(funnelData.landings, id)!]);

/** The screen types met walking a variant from its entry along each step's default outcome, up to the checkout. */
function walkOf(variant: Variant): Array<{ id: string; screen: string; questions: number }> {
  const out: Array<{ id: string; screen: string; questions: number }> = [];
  for (let id: string | undefined = funnelData.flows[variant.flow]!.entry; id && !out.some((s) => s.id === id);) {
    const ref = steps.get(id);
    if (!ref || ref.step.screen === 'checkout') break;
    const step = resolveStep(ref.step, id, variant);
    out.push({ id, screen: step.screen, questions: step.screen === 'quiz' ? (step.props as QuizProps).questions.length : 0 });
    id = nextStepId(step.next);
  }
  return out;
}

/** The variant whose walk has five or more quiz questions and interstitials between them. */
const personal = variants.find(([, v]) => {
  const screens = walkOf(v);
  return screens.reduce((n, s) => n + s.questions, 0) >= 5 && screens.some((s) => s.screen.startsWith('quiz-'));
});
/** A variant whose walk meets its quiz before its e-mail signup. */
const quizFirst = variants.find(([, v]) => {
  const screens = walkOf(v).map((s) => s.screen);
  return screens.includes('quiz') && screens.indexOf('quiz') < screens.indexOf('signup-email');
});

/** The text at a dotted key of the English locale, its {{placeholders}} filled. */
function text(key: string, values: Record<string, string | number> = {}): string {
  const raw = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
  if (typeof raw !== 'string') throw new Error(`no English text ${key}`);
  return raw.replace(/\{\{([\w.]+)\}\}/g, (_, name: string) => String(values[name]));
}

/** Whether the visible element of a selector lies wholly inside the first screenful, before any scrolling. */
async function aboveTheFold(page: Page, selector: string): Promise<boolean> {
  await page.evaluate(() => window.scrollTo(0, 0));
  // the visible one: behind a landing's copy of its next step, the app's own step may sit hidden
  const box = await page.locator(selector).filter({ visible: true }).last().boundingBox();
  return Boolean(box && box.height > 0 && box.y >= 0 && box.y + box.height <= PHONE.height);
}

describe('quiz variants', { timeout: 120_000 }, () => {
  it('the personal variant asks 5+ questions over several steps, with a fact, a testimonial and a summary between them, then the e-mail, then a paywall that sums the answers up', async () => {
    expect(personal, 'a variant with 5+ quiz questions and interstitials').toBeDefined();
    const [variantId, variant] = personal!;
    const landingPath = variant.paths[0]!;
    const route = walkOf(variant);
    const total = route.reduce((n, s) => n + s.questions, 0);
    const { context, page } = await newVisitor(PHONE);
    const seen: string[] = [];
    let asked = 0;
    const onStep = async ({ page, step, stepId, t }: StepVisit): Promise<void> => {
      seen.push(step.screen);
      const props = propsOf(step);
      if (step.screen === 'quiz') {
        const questions = (props as QuizProps).questions;
        // in the page's root: the step laid out ahead outside it may show the same counter
        await page
          .locator('#root')
          .getByText(
            t('quiz.progress')
              .replace('{{current}}', String(asked + 1))
              .replace('{{total}}', String(total)),
          )
          .waitFor();
        // every answer of the first question fits on the phone's first screenful
        expect(await aboveTheFold(page, '.quiz__answers li'), `${stepId}: every answer in the first screenful`).toBe(true);
        asked += questions.length;
        return;
      }
      if (step.screen.startsWith('quiz-')) {
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await aboveTheFold(page, `main[data-step="${stepId}"] .fe-button`), `${stepId}: its button in the first screenful`).toBe(true);
      }
      if (step.screen === 'quiz-summary') {
        // one row per question of the summary, all answered by now
        await expect.poll(() => page.locator('.fe-answers__row').count()).toBe((props.items as unknown[]).length);
      }
      if (step.screen === 'signup-email') expect(seen.filter((s) => s === 'quiz').length).toBe(route.filter((s) => s.screen === 'quiz').length);
      if (step.screen === 'paywall') {
        await page.getByRole('heading', { name: text((props.summary as { title: string }).title) }).waitFor();
        await page.getByRole('heading', { name: text('paywall.timeline.title') }).waitFor();
        expect(await aboveTheFold(page, '[data-testid="paywall-action-bar"] .fe-button')).toBe(true);
      }
    };
    await walk(page, { baseUrl: baseUrl(), landingPath, until: { screen: 'checkout' }, choices: { email: uniqueEmail(variantId) }, onStep, timeoutMs: 30_000 });
    expect(asked).toBe(total);
    for (const screen of ['quiz-fact', 'quiz-testimonial', 'quiz-summary', 'paywall']) expect(seen).toContain(screen);
    await context.close();
  });

  it('the quiz-first variant asks the quiz before the e-mail, and reaches the checkout', async () => {
    expect(quizFirst, 'a variant whose quiz comes before its signup').toBeDefined();
    const [variantId, variant] = quizFirst!;
    const { context, page } = await newVisitor(PHONE);
    const seen: string[] = [];
    const onStep = async ({ page, step, stepId, t }: StepVisit): Promise<void> => {
      seen.push(step.screen);
      if (step.screen !== 'signup-email') return;
      // the signup's own texts, as the variant's overrides give them
      await page.getByRole('heading', { name: t(propsOf(step).title as string) }).waitFor();
      expect(await aboveTheFold(page, `main[data-step="${stepId}"] .fe-button`)).toBe(true);
    };
    await walk(page, {
      baseUrl: baseUrl(),
      landingPath: variant.paths[0]!,
      until: { screen: 'checkout' },
      choices: { email: uniqueEmail(variantId) },
      onStep,
      timeoutMs: 30_000,
    });
    expect(seen.indexOf('quiz')).toBeGreaterThan(-1);
    expect(seen.indexOf('quiz')).toBeLessThan(seen.indexOf('signup-email'));
    expect(seen.indexOf('signup-email')).toBeLessThan(seen.indexOf('paywall'));
    await context.close();
  });
});
