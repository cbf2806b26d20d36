/**
 * A visitor who walks a funnel the way its flow files lay it out: from a landing path, step by step
 * along the flow graph (the variant's overrides, the branch chosen at each fork), doing on every screen
 * what a person would do there (one driver per screen type). A test names where the walk stops and
 * what the visitor chooses, not the paths on the way, so a step a marketer adds, removes or reorders
 * changes the walk, never the test.
 */
import type { Locator, Page } from 'playwright-core';
import { funnelData } from '../../screens/flowData.ts';
import { getVariant, indexSteps, nextStepId, resolveStep } from '../../engine/index.ts';
import type { Step } from '../../engine/index.ts';
import { routeTable } from '../../engine/react/routes.ts';
import type { screens } from '../../screens/registry.ts';
import en from '../../locales/en.json';

export type Texts = typeof en;
type ScreenType = keyof typeof screens;

/** What the visitor types and picks; anything left out gets a sensible first choice. */
export interface Choices {
  /** The signup address (required once the walk passes a signup step). */
  email?: string;
  /** Quiz answers by question id (default: each question's first answer). */
  answers?: Record<string, string>;
  /** The option picked on a branching step, by step id (default: its first option). */
  outcomes?: Record<string, string>;
  /** The paywall plan (default: the variant's default plan). */
  plan?: string;
  /** A phone number valid for the country the page guesses (default: a US number). */
  phone?: string;
  /** What is typed into a text-entry step, by its rule (default: a name, a Circle name, a code). */
  typed?: Record<string, string>;
}

/** One step as the visitor meets it. */
export interface StepVisit {
  page: Page;
  stepId: string;
  /** The step as the visitor's variant sees it (its overrides applied). */
  step: Step;
  /** The translated text of a key of the page's language. */
  t: (key: string) => string;
  texts: Texts;
  choices: Choices;
}

/** Leaves a step the way a visitor would; answers the outcome chosen at a fork. */
type Driver = (visit: StepVisit) => Promise<string | undefined>;

/** The props of a step, read loosely: each driver knows the few fields its screen type has. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- props differ per screen type; the drivers read their own
export const propsOf = (step: Step): Record<string, any> => step.props ?? {};

const TYPED_DEFAULTS: Record<string, string> = { name: 'Anna', circleName: 'Miller family', code: 'K7P4QX' };

/** Taps the button labelled with the step's `key` prop (the first of them: a sticky bar may repeat it). */
const tap =
  (prop: string): Driver =>
  async ({ page, step, t }) => {
    await page
      .getByRole('button', { name: t(propsOf(step)[prop] as string), exact: true })
      .first()
      .click();
    return undefined;
  };

/**
 * The field with this label that the visitor sees: while the step after a landing is shown as the
 * page's copy of it (engine/react/earlyStep.ts), the app's own step may already sit hidden behind it.
 */
const visibleField = (page: Page, label: string): Locator => page.getByLabel(label).filter({ visible: true });

/**
 * What a visitor does on each screen type. A screen type without a driver fails the walk that reaches
 * it with a message saying where to add one.
 */
export const drivers: Partial<Record<ScreenType, Driver>> = {
  landing: tap('cta'),
  'feature-intro': tap('cta'),
  'social-proof': tap('cta'),
  'quiz-fact': tap('cta'),
  'quiz-testimonial': tap('cta'),
  'quiz-summary': tap('cta'),
  'circle-welcome': tap('cta'),
  offer: tap('cta'),
  'checkout-success': async (visit) => {
    // an add-on offer is answered first (declining it is the way on); without one, the step's button
    const decline = visit.page.getByRole('button', { name: visit.texts.upsell.close, exact: true });
    const onward = visit.page.getByRole('button', { name: visit.t(propsOf(visit.step).cta as string), exact: true });
    await decline.or(onward).first().waitFor();
    await ((await decline.count()) ? decline : onward).first().click();
    return undefined;
  },
  'share-code': tap('skip'),
  'add-home': tap('skip'),
  'creating-profile': async () => undefined, // moves on by itself
  'signup-email': async (visit) => {
    if (!visit.choices.email) throw new Error(`the walk reached the signup step "${visit.stepId}" without choices.email`);
    await visibleField(visit.page, visit.texts.signup.emailLabel).fill(visit.choices.email);
    return tap('cta')(visit);
  },
  quiz: async ({ page, step, t, choices }) => {
    const questions = propsOf(step).questions as Array<{ id: string; answers: Array<{ id: string; label: string }> }>;
    for (const question of questions) {
      const answer = question.answers.find((a) => a.id === choices.answers?.[question.id]) ?? question.answers[0]!;
      await page.getByRole('button', { name: t(answer.label), exact: true }).click();
    }
    return undefined;
  },
  paywall: async (visit) => {
    if (visit.choices.plan) await visit.page.locator(`label[data-plan="${visit.choices.plan}"]`).click();
    // the action bar's one button: the step's cta, or "Start free trial" while a trial plan is selected
    await visit.page.getByTestId('paywall-action-bar').getByRole('button').click();
    return undefined;
  },
  'phone-number': async (visit) => {
    await visibleField(visit.page, visit.texts.family.phone.numberLabel).pressSequentially(visit.choices.phone ?? '2025550123');
    return tap('cta')(visit);
  },
  'text-entry': async (visit) => {
    const { label, rule } = propsOf(visit.step) as { label: string; rule: string };
    await visibleField(visit.page, visit.t(label)).fill(visit.choices.typed?.[rule] ?? TYPED_DEFAULTS[rule] ?? 'Anna');
    return tap('cta')(visit);
  },
  choice: async ({ page, step, stepId, t, choices }) => {
    const options = propsOf(step).options as Array<{ id: string; label: string }>;
    const option = options.find((o) => o.id === choices.outcomes?.[stepId]) ?? options[0]!;
    await page.getByRole('button', { name: t(option.label), exact: true }).click();
    return option.id;
  },
};

/** The text at a dotted key of a locale file, e.g. text(en, 'common.continue'). */
export function text(texts: Texts, key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
  if (typeof value !== 'string') throw new Error(`no text at "${key}"`);
  return value;
}

export interface Walk {
  /** The address of the preview server, e.g. http://127.0.0.1:4173. */
  baseUrl: string;
  /** The landing path the visitor arrives on (it decides the variant), e.g. "/discount". */
  landingPath: string;
  /** Where the walk stops, once its page is open: a step id, or the first step of a screen type. */
  until: string | { screen: string };
  /** The step the page already shows (a walk that goes on after a test's own checks); default: open the landing. */
  start?: string;
  texts?: Texts;
  choices?: Choices;
  /**
   * Called on each step before the visitor acts on it (to reload, read or check the page). A test that
   * leaves the step itself answers `{ left: true }` (with the outcome it chose at a fork).
   */
  onStep?: (visit: StepVisit) => Promise<void | { left: true; outcome?: string }>;
  /** How long a step may take to appear (profile creation takes a few seconds). */
  timeoutMs?: number;
}

/** The variant a landing path opens. */
export function variantOfPath(landingPath: string): string {
  const entry = routeTable(funnelData).find((route) => route.path === landingPath && route.variantId);
  if (!entry?.variantId) throw new Error(`no landing variant has the path ${landingPath}`);
  return entry.variantId;
}

/** The URL path a step opens for the visitor's variant (the landing step: the landing path). */
export function pathOfStep(step: Step, landingPath: string): string {
  return step.path ?? landingPath;
}

/**
 * Walks from the landing (or from `start`) to the step `until`, one screen at a time.
 * @example await walk(page, { baseUrl, landingPath: '/', until: 'checkout', choices: { email } })
 */
export async function walk(page: Page, options: Walk): Promise<void> {
  const texts = options.texts ?? en;
  const choices = options.choices ?? {};
  const variant = getVariant(funnelData.landings, variantOfPath(options.landingPath))!;
  const index = indexSteps(funnelData.flows);
  const timeout = options.timeoutMs ?? 20_000;
  const visited = new Set<string>();
  let stepId = options.start ?? funnelData.flows[variant.flow]!.entry;
  if (!options.start) await page.goto(`${options.baseUrl}${options.landingPath}`);
  for (;;) {
    const ref = index.get(stepId);
    if (!ref) throw new Error(`the walk reached "${stepId}", which no flow defines`);
    const step = resolveStep(ref.step, stepId, variant);
    const path = pathOfStep(step, options.landingPath);
    // the path alone: a landing keeps the query it was opened with (utm_source, gclid …)
    await page.waitForURL((address) => address.origin === options.baseUrl && address.pathname === path, { timeout });
    const until = options.until;
    if (typeof until === 'string' ? stepId === until : step.screen === until.screen) return;
    if (visited.has(stepId)) throw new Error(`the walk came back to "${stepId}" before reaching ${JSON.stringify(options.until)}`);
    visited.add(stepId);
    const visit: StepVisit = { page, stepId, step, t: (key) => text(texts, key), texts, choices };
    const handled = await options.onStep?.(visit);
    const driver = drivers[step.screen as ScreenType];
    if (!handled && !driver) throw new Error(`no visitor driver for the screen type "${step.screen}": add one to test/e2e/visitor.ts`);
    const outcome = handled ? handled.outcome : await driver!(visit);
    const next = nextStepId(step.next, outcome ?? 'default') ?? nextStepId(step.next);
    if (!next) throw new Error(`the walk ended at "${stepId}" before reaching ${JSON.stringify(options.until)}`);
    stepId = next;
  }
}

/**
 * The path of the step a visitor reaches from `stepId` (default: the landing) by the default way, for
 * the variant of `landingPath`.
 * @example afterStep('/optionsy') // '/place-alerts'
 */
export function afterStep(landingPath: string, stepId?: string): string {
  const variant = getVariant(funnelData.landings, variantOfPath(landingPath))!;
  const index = indexSteps(funnelData.flows);
  const from = stepId ?? funnelData.flows[variant.flow]!.entry;
  const next = nextStepId(resolveStep(index.get(from)!.step, from, variant).next);
  const ref = next ? index.get(next) : undefined;
  if (!ref) throw new Error(`no step follows "${from}" for ${landingPath}`);
  return pathOfStep(resolveStep(ref.step, ref.id, variant), landingPath);
}

/** The title (a text key) of the step at `path`, if it has one. */
export function titleKeyOf(path: string): string | undefined {
  return propsOf(indexSteps(funnelData.flows).get(stepIdOf(path))!.step).title as string | undefined;
}

/** The step id a landing path opens (its flow's entry). */
export function entryStep(landingPath: string): string {
  return funnelData.flows[getVariant(funnelData.landings, variantOfPath(landingPath))!.flow]!.entry;
}

/** The id of the step whose own path is `path`. */
export function stepIdOf(path: string): string {
  const ref = [...indexSteps(funnelData.flows).values()].find((r) => r.step.path === path);
  if (!ref) throw new Error(`no step has the path ${path}`);
  return ref.id;
}
