/**
 * What makes the paywall sell, every expectation read from the flow data and locales/en.json: the
 * headline chosen by the quiz answer, the tags of landings.json, the savings computed from the
 * catalogue, the rating and reviews of the step's props, the guarantee and terms before the button,
 * and the bar with the selected price and the call to action.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { funnelData } from '../../screens/flowData.ts';
import type { FunnelData } from '../../screens/flowData.ts';
import { durationDays, getVariant, ownValue } from '../../engine/index.ts';
import en from '../../locales/en.json';
import { renderFunnel } from './harness.tsx';

const PATH = '/signup/plans';
const step = funnelData.flows.main!.steps.plans!;
if (step.screen !== 'paywall') throw new Error('the plans step is a paywall');
const props = step.props;

function data(patch: (d: FunnelData) => void = () => {}): FunnelData {
  const d: FunnelData = structuredClone(funnelData);
  d.flows.main!.steps.plans!.next = 'download';
  patch(d);
  return d;
}

const open = (landingType: string, options: { answers?: Record<string, string>; saved?: Record<string, string>; patch?: (d: FunnelData) => void } = {}) =>
  renderFunnel(PATH, {
    data: data(options.patch),
    state: (s) => {
      s.plans.landingType = landingType;
      Object.assign(s.options.answers, options.answers ?? {});
      Object.assign(s.events.analyticsData, options.saved ?? {});
    },
  });

/** A text of locales/en.json by its dotted key. */
const text = (key: string): string => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en) as string;
const cardOf = (plan: string): HTMLElement => document.querySelector<HTMLElement>(`[data-plan="${plan}"]`)!;
const variantPlans = (id: string) => getVariant(funnelData.landings, id)!.plans.map((name) => funnelData.plans.plans[name]!);

describe('paywall: headline, tags, savings, reviews, action bar', { timeout: 20_000 }, () => {
  it("headlines the visitor's quiz answer, with the variant's title under it", async () => {
    const headline = props.headline!;
    const [answer, key] = Object.entries(headline.byAnswer)[0]!;
    await open('fullPrice', { answers: { [headline.question]: answer } });
    expect(await screen.findByRole('heading', { level: 1, name: text(key) }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(text(getVariant(funnelData.landings, 'fullPrice')!.paywall.title))).toBeInTheDocument();
  });

  it('reads the answer the quiz saved for analytics after a reload, and falls back to the title without one', async () => {
    const headline = props.headline!;
    const [answer, key] = Object.entries(headline.byAnswer).at(-1)!;
    const f = await open('fullPrice', { saved: { [`quiz_${headline.question}`]: answer } });
    expect(await screen.findByRole('heading', { level: 1, name: text(key) }, { timeout: 10_000 })).toBeInTheDocument();
    f.unmount();
    await open('fullPrice');
    expect(await screen.findByRole('heading', { level: 1, name: text(getVariant(funnelData.landings, 'fullPrice')!.paywall.title) })).toBeInTheDocument();
  });

  it("tags the plans landings.json tags, and only those; a marketer's edit moves the tag", async () => {
    const variant = getVariant(funnelData.landings, 'fullPrice')!;
    const f = await open('fullPrice');
    await screen.findAllByRole('radio', {}, { timeout: 10_000 });
    for (const name of variant.plans) {
      const tag = ownValue(variant.paywall.tags, name);
      const shown = cardOf(name).querySelector('.paywall-plan__tag');
      if (tag) expect(shown).toHaveTextContent(text(`paywall.tag.${tag}`));
      else expect(shown).toBeNull();
    }
    f.unmount();
    const first = variant.plans[0]!;
    await open('fullPrice', { patch: (d) => (getVariant(d.landings, 'fullPrice')!.paywall.tags = { [first]: 'bestValue' }) });
    await screen.findAllByRole('radio');
    expect(cardOf(first).querySelector('.paywall-plan__tag')).toHaveTextContent(text('paywall.tag.bestValue'));
    expect(document.querySelectorAll('.paywall-plan__tag')).toHaveLength(1);
    // the tag is read out with the plan
    expect(within(cardOf(first)).getByRole('radio')).toHaveAccessibleDescription(new RegExp(`^${text('paywall.tag.bestValue')} `));
  });

  it('computes each saving per day against the dearest shorter plan beside it, and follows a price change', async () => {
    const plans = variantPlans('fullPrice');
    const perDay = (p: (typeof plans)[number]) => p.price / durationDays(p.duration);
    const f = await open('fullPrice');
    await screen.findAllByRole('radio', {}, { timeout: 10_000 });
    for (const plan of plans) {
      const shorter = plans.filter((p) => durationDays(p.duration) < durationDays(plan.duration));
      const dearest = Math.max(0, ...shorter.map(perDay));
      const percent = dearest ? Math.floor((1 - perDay(plan) / dearest) * 100 + 1e-9) : 0;
      const badge = cardOf(plan.name).querySelector('.paywall-plan__badge--saving');
      if (percent >= 5) expect(badge).toHaveTextContent(text('paywall.save').replace('{{percent}}', `${percent}%`));
      else expect(badge).toBeNull();
    }
    f.unmount();
    // every plan at the same price per day: nothing is saved, nothing is claimed
    await open('fullPrice', {
      patch: (d) => {
        for (const name of getVariant(d.landings, 'fullPrice')!.plans) d.plans.plans[name]!.price = durationDays(d.plans.plans[name]!.duration);
      },
    });
    await screen.findAllByRole('radio');
    expect(document.querySelector('.paywall-plan__badge--saving')).toBeNull();
  });

  it('claims no saving on a paywall with an intro price: a teaser is not compared with a full price', async () => {
    await open('optionsa');
    await screen.findAllByRole('radio', {}, { timeout: 10_000 });
    expect(document.querySelector('.paywall-plan__badge--saving')).toBeNull();
    expect(screen.getByText(text('pricing.introBadge'))).toBeInTheDocument();
  });

  it('shows the rating, its count and the reviews of the flow, in the visitor language', async () => {
    const reviews = props.reviews!;
    await open('fullPrice');
    const rating = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(reviews.rating);
    expect(await screen.findByRole('img', { name: text('paywall.reviews.outOf').replace('{{rating}}', rating) }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(text('paywall.reviews.count_other').replace('{{formatted}}', reviews.count.toLocaleString('en')))).toBeInTheDocument();
    const list = screen.getByRole('region', { name: text('paywall.reviews.title') });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(reviews.items.length);
    reviews.items.forEach((review, k) => {
      expect(items[k]).toHaveTextContent(text(review.text));
      expect(items[k]).toHaveTextContent(review.author);
      expect(within(items[k]!).getByRole('img')).toHaveAccessibleName(text('paywall.reviews.outOf').replace('{{rating}}', String(review.stars)));
    });
  });

  it('puts the guarantee and the renewal terms before the button, and the selected price beside it in the action bar', async () => {
    const variant = getVariant(funnelData.landings, 'fullPrice')!;
    await open('fullPrice');
    const button = await screen.findByRole('button', { name: text(props.cta) }, { timeout: 10_000 });
    const bar = screen.getByTestId('paywall-action-bar');
    expect(bar).toContainElement(button);
    const guarantee = screen.getByText(text('paywall.moneyBack_other').replace('{{count}}', String(variant.paywall.moneyBackDays)));
    const terms = document.getElementById(button.getAttribute('aria-describedby')!)!;
    const before = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(before(guarantee, button)).toBe(true);
    expect(before(terms, button)).toBe(true);
    const price = (name: string) => `$${funnelData.plans.plans[name]!.price.toFixed(2)}`;
    expect(bar).toHaveTextContent(price(variant.defaultPlan));
    const other = variant.plans.find((p) => p !== variant.defaultPlan)!;
    await userEvent.click(within(cardOf(other)).getByRole('radio'));
    expect(bar).toHaveTextContent(price(other));
  });
});
