import { Profiler } from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { funnelData } from '../../screens/flowData.ts';
import type { FunnelData } from '../../screens/flowData.ts';
import type { Variant } from '../../engine/index.ts';
import { renderFunnel } from './harness.tsx';
import { screens } from '../../screens/registry.ts';
import PaywallScreen from '../../screens/paywall/PaywallScreen.tsx';
import type { PaywallProps } from '../../screens/types/flow.gen.ts';
import type { ScreenProps } from '../../engine/react/index.ts';

const PATH = '/signup/plans';

/**
 * The funnel data with the paywall leading to the download screen: this test is about the paywall,
 * not about the checkout screen behind it (the e2e test walks into the real checkout).
 */
function data(patch: (d: FunnelData) => void = () => {}): FunnelData {
  const d: FunnelData = structuredClone(funnelData);
  d.flows.main!.steps.plans!.next = 'download';
  patch(d);
  return d;
}

const openPaywall = (landingType: string, options: { chosen?: string; patch?: (d: FunnelData) => void } = {}) =>
  renderFunnel(PATH, {
    data: data(options.patch),
    state: (s) => {
      s.plans.landingType = landingType;
      if (options.chosen) s.plans.plan = options.chosen;
    },
  });

const planCards = (): HTMLElement[] => screen.getAllByRole('radio').map((r) => r.closest('label')!);
/** A card's text without its tag and saving badge (paywall-persuasion.test.tsx checks those). */
const priceText = (card: HTMLElement): string => {
  const copy = card.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.paywall-plan__tag, .paywall-plan__badge--saving').forEach((n) => n.remove());
  return copy.textContent ?? '';
};

// the first test also loads the screen's lazy chunk, which takes seconds on a busy machine
describe('paywall screen', { timeout: 20_000 }, () => {
  it("shows the fullPrice variant's plans with prices from the catalogue and its default selected", async () => {
    await openPaywall('fullPrice');
    expect(await screen.findByRole('heading', { name: 'Choose your plan' }, { timeout: 10_000 })).toBeInTheDocument();
    const group = screen.getByRole('radiogroup', { name: 'Choose a plan' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(['gz-1-month-tiger', 'gz-3-month-fox', 'gz-6-month-panther']);
    expect(screen.getByRole('radio', { name: /3-month plan/ })).toBeChecked();
    expect(planCards().map(priceText)).toEqual([
      '1-month plan$39.96 for 1 month$1.33per day',
      '3-month plan$59.88 for 3 months$0.67per day',
      '6-month plan$71.76 for 6 months$0.40per day',
    ]);
    // how to cancel is said once, in the renewal terms next to the button
    expect(screen.getByText('Renews automatically at $59.88 every 3 months until you cancel. Cancel anytime in the app settings.')).toBeInTheDocument();
    expect(screen.queryByText('Cancel anytime in the app settings.')).not.toBeInTheDocument();
    expect(screen.getByText('30-day money-back guarantee')).toBeInTheDocument();
    expect(screen.queryByText('50% off')).not.toBeInTheDocument();
  });

  it('shows the feature list of the flow', async () => {
    await openPaywall('fullPrice');
    const features = await screen.findByRole('region', { name: 'Everything in Premium' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Unlimited place alerts',
      'Unlimited live locating',
      'Location history',
      'Speed control',
      'Fall detection',
      'Driving reports',
      'Crash alerts',
      'Premium shared with every family member',
    ]);
  });

  it('shows the discount with the struck-through regular price on /discount', async () => {
    await openPaywall('discount');
    expect(await screen.findByRole('heading', { name: 'Your special offer is ready' })).toBeInTheDocument();
    // tomato is half the regular 1-month price, garlic 40% under the regular 3-month one
    expect(screen.getByText('Up to 50% off')).toBeInTheDocument();
    // the catalogue renews tomato at the regular price: the discount is said to hold for the first payment only
    expect(screen.getByText('50% off your first payment, then $39.96 per month.')).toBeInTheDocument();
    expect(screen.queryByText(/renewals included|every renewal/)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /1-month plan/ })).toBeChecked();
    const [month, quarter] = planCards();
    expect(within(month!).getByRole('deletion')).toHaveTextContent('Regular price: $39.96');
    expect(month).toHaveTextContent('50% off');
    expect(month!.querySelector('.paywall-plan__total')).toHaveTextContent('$19.96 for the first month, then $39.96 per month');
    expect(within(quarter!).getByRole('deletion')).toHaveTextContent('Regular price: $59.88');
    expect(quarter).toHaveTextContent('40% off');
    // the regular price is read out, not only drawn struck through
    // (after the card's tag, when landings.json gives it one)
    const tag = month!.querySelector('.paywall-plan__tag')?.textContent;
    expect(screen.getByRole('radio', { name: /1-month plan/ })).toHaveAccessibleDescription(
      `${tag ? `${tag} ` : ''}Regular price: $39.96 Discounted price: $19.96 for the first month, then $39.96 per month`,
    );
  });

  it('on /optionsa says the intro price, how long it lasts and what the plan renews at, as spec section 9 gives it', async () => {
    await openPaywall('optionsa');
    expect(await screen.findByRole('heading', { name: 'Try premium for less' })).toBeInTheDocument();
    const intro = screen.getByRole('radio', { name: /Intro price/ }).closest('.paywall-plan')!;
    expect(intro.querySelector('.paywall-plan__total')).toHaveTextContent('$0.99 for the first 3 days, then $39.99 every 3 months');
    // today's price, never a per-day price of the 3-day teaser
    expect(intro).toHaveTextContent('$0.99today');
    expect(document.querySelector('.paywall__terms')).toHaveTextContent(
      'After the introductory period, it renews automatically at $39.99 every 3 months until you cancel. Cancel anytime in the app settings.',
    );
  });

  it('shows a single free-trial plan as a plain card: due today, what follows and from when', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 23, 10, 0));
    try {
      await openPaywall('trial');
      const card = (await screen.findByText('1-month plan with a free trial')).closest('.paywall-plan')!;
      expect(screen.queryByRole('radio')).not.toBeInTheDocument();
      expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
      expect(card).toHaveTextContent('3-day free trial');
      expect(card).toHaveTextContent('Due today $0.00, then $29.99 per month from November 26, 2026.');
      expect(card).toHaveTextContent('$0.00today');
      // no price per day on an offer that costs nothing today
      expect(card).not.toHaveTextContent('per day');
      expect(card).not.toHaveTextContent('$1.00');
      expect(screen.getByRole('button', { name: 'Start free trial' })).toHaveAccessibleDescription(
        "Cancel before November 26, 2026 and you won't be charged. Otherwise it renews automatically at $29.99 per month until you cancel. Cancel anytime in the app settings.",
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('puts the renewal terms of the selected plan next to the button', async () => {
    await openPaywall('fullPrice');
    const button = await screen.findByRole('button', { name: 'Continue' });
    expect(button).toHaveAccessibleDescription('Renews automatically at $59.88 every 3 months until you cancel. Cancel anytime in the app settings.');
    await userEvent.click(screen.getByRole('radio', { name: /1-month plan/ }));
    expect(button).toHaveAccessibleDescription('Renews automatically at $39.96 per month until you cancel. Cancel anytime in the app settings.');
  });

  it('stores the chosen plan, tracks Product Added and moves on', async () => {
    const f = await openPaywall('optionsy');
    const week = await screen.findByRole('radio', { name: /1-week plan/ }); // gz-1-week-cucumber
    expect(screen.getByRole('radio', { name: /1-month plan/ })).toBeChecked(); // optionsy's default
    await userEvent.click(week);
    expect(week).toBeChecked();
    expect(f.store.plans.plan).toBe('gz-1-week-cucumber'); // stored at once: a reload keeps it
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Download the app' })).toBeInTheDocument();
    expect(f.events.find((e) => e.name === 'Product Added')?.props).toEqual({
      product_id: 'gz-1-week-cucumber',
      sku: 'gz-1-week-cucumber',
      name: 'gz-1-week-cucumber',
      price: 9.99,
      quantity: 1,
      category: 'subscription',
      currency: 'USD',
      plan: 'gz-1-week-cucumber',
      landing_type: 'optionsy',
    });
    // the paywall's plans as Segment's Product List Viewed, in the order shown
    const list = f.events.find((e) => e.name === 'Product List Viewed')!.props;
    expect(list).toMatchObject({ list_id: 'optionsy', category: 'plans', default_plan: 'gz-1-month-tychyna' });
    expect((list.products as Array<{ product_id: string; position: number }>).map((p) => [p.product_id, p.position])).toEqual(
      (list.plans as string[]).map((name, k) => [name, k + 1]),
    );
    expect(list.products).toContainEqual(expect.objectContaining({ product_id: 'gz-1-week-cucumber', price: 9.99, quantity: 1 }));
  });

  it('continues with the default when the visitor does not pick', async () => {
    const f = await openPaywall('discount');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Download the app' });
    expect(f.store.plans.plan).toBe('gz-1-month-tomato');
  });

  it('does not render again when Continue stores the preselected plan (the tap that leaves the step renders nothing more)', async () => {
    let commits = 0;
    const Counted = (props: ScreenProps<PaywallProps, 'default'>) => (
      <Profiler id="paywall" onRender={() => void commits++}>
        <PaywallScreen {...props} />
      </Profiler>
    );
    const f = await renderFunnel(PATH, { data: data(), registry: { ...screens, paywall: Counted }, state: (s) => (s.plans.landingType = 'discount') });
    expect(await screen.findByRole('radio', { name: /1-month plan/ })).toBeChecked();
    expect(f.store.plans.plan).toBe('');
    const before = commits;
    // what Continue stores first, before it moves on
    await act(async () => {
      f.store.plans.plan = 'gz-1-month-tomato';
      await Promise.resolve();
    });
    expect(commits).toBe(before);
    // a plan the visitor picks is still drawn at once
    const other = screen.getAllByRole('radio').find((r) => !(r as HTMLInputElement).checked)!;
    await userEvent.click(other);
    expect(other).toBeChecked();
    expect(commits).toBeGreaterThan(before);
  });

  it("preselects the visitor's earlier choice, but only one of this variant's plans", async () => {
    await openPaywall('fullPrice', { chosen: 'gz-6-month-panther' });
    expect(await screen.findByRole('radio', { name: /6-month plan/ })).toBeChecked();
  });

  it('ignores an earlier choice from another variant', async () => {
    await openPaywall('fullPrice', { chosen: 'gz-1-week-red-persik' });
    expect(await screen.findByRole('radio', { name: /3-month plan/ })).toBeChecked();
  });

  it('follows flows/landings.json: other plans, default and texts with no code change', async () => {
    await openPaywall('fullPrice', {
      patch: (d) => {
        const variant = d.landings.fullPrice as Variant;
        variant.plans = ['gz-1-week-cucumber', 'gz-3-month-kostenko', 'gz-monthly-free3d-2999'];
        variant.defaultPlan = 'gz-3-month-kostenko';
        variant.paywall = { title: 'paywall.title.trial', trialNote: 'paywall.title.intro', discountLabel: true };
      },
    });
    expect(await screen.findByRole('heading', { name: 'Start your free trial' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual([
      'gz-1-week-cucumber',
      'gz-3-month-kostenko',
      'gz-monthly-free3d-2999',
    ]);
    expect(screen.getByRole('radio', { name: /3-month plan/ })).toBeChecked();
    expect(screen.getByText('$39.95 for 3 months')).toBeInTheDocument();
    expect(screen.getByText('$9.99 for 1 week')).toBeInTheDocument();
    expect(screen.getByText('Try premium for less')).toHaveClass('paywall__trial-note');
    // the variant at "/" now sells these very plans at their regular price: no discount to claim
    expect(screen.queryByText(/% off/)).not.toBeInTheDocument();
    expect(screen.queryByRole('deletion')).not.toBeInTheDocument();
    expect(screen.queryByText('30-day money-back guarantee')).not.toBeInTheDocument();
    expect(screen.queryByText('Cancel anytime in the app settings.')).not.toBeInTheDocument();
  });

  it('shows prices per week when the flow asks for it', async () => {
    await openPaywall('optionsy', {
      patch: (d) => {
        const step = d.flows.main!.steps.plans!;
        if (step.screen === 'paywall') step.props.perPeriod = 'week';
      },
    });
    const card = (await screen.findByRole('radio', { name: /1-month plan/ })).closest('label')!;
    expect(card).toHaveTextContent('$2.79per week');
  });
});
