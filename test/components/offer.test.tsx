import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductState } from '../../screens/product/slices.ts';
import { renderFunnel } from './harness.tsx';

const MINUTE = 60_000;
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

/** The family variant with a reservation that started `agoMs` before NOW (undefined: not started). */
const familyVisitor =
  (agoMs?: number) =>
  (s: ProductState): void => {
    s.plans.landingType = 'family';
    if (agoMs !== undefined) s.family.offerStartedAt = NOW - agoMs;
  };

// only Date is faked: the screen's own timers and testing-library's polling stay real
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

// the first test also loads the screen's lazy chunk, which takes seconds on a busy machine
describe('offer screen', { timeout: 20_000 }, () => {
  it("shows the family plan's terms and starts the 15-minute reservation on the first visit", async () => {
    const f = await renderFunnel('/family/offer', { state: familyVisitor() });
    expect(await screen.findByRole('heading', { name: 'Your free trial is reserved' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('15:00');
    expect(screen.getByRole('timer')).toHaveAccessibleName('Time left: 15:00');
    // the free period in the text is the plan's trial, not a number typed in the translation
    expect(screen.getByText('Try every premium feature free for 3 days.')).toBeInTheDocument();
    expect(screen.getByText('Your trial is reserved for')).toBeInTheDocument();
    const terms = screen.getByRole('region', { name: 'Offer terms' });
    expect(within(terms).getByText('3-day free trial')).toBeInTheDocument();
    expect(within(terms).getByText('Due today').nextSibling).toHaveTextContent('$0.00');
    // what follows the trial and from when
    expect(within(terms).getByText('After the trial').nextSibling).toHaveTextContent('$29.99 per monthfrom January 18, 2026');
    expect(within(terms).getByText('Unlimited live locating')).toBeInTheDocument();
    // the auto-renewal terms sit next to the button that starts the subscription
    expect(screen.getByRole('button', { name: 'Start free trial' })).toHaveAccessibleDescription(
      "Cancel before January 18, 2026 and you won't be charged. Otherwise it renews automatically at $29.99 per month until you cancel. Cancel anytime in the app settings.",
    );
    expect(f.store.family.offerStartedAt).toBe(NOW);
  });

  it('shows the family offer even to a visitor whose recorded landing is another funnel', async () => {
    await renderFunnel('/family/offer', { state: (s) => (s.plans.landingType = 'fullPrice') });
    expect(await screen.findByText('$29.99 per month')).toBeInTheDocument();
    expect(screen.getByText('3-day free trial')).toBeInTheDocument();
  });

  it('counts down every second from the stored start', async () => {
    const f = await renderFunnel('/family/offer', { state: familyVisitor(5 * MINUTE) });
    expect(await screen.findByRole('timer')).toHaveTextContent('10:00');
    vi.setSystemTime(NOW + 3_000);
    expect(await screen.findByText('09:57', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(f.store.family.offerStartedAt).toBe(NOW - 5 * MINUTE);
  });

  it('continues the countdown on a later visit instead of restarting it', async () => {
    const first = await renderFunnel('/family/offer', { state: familyVisitor() });
    await screen.findByRole('timer');
    const started = first.store.family.offerStartedAt;
    first.unmount();
    vi.setSystemTime(NOW + 4 * MINUTE + 30_000);
    const second = await renderFunnel('/family/offer', {
      state: (s) => {
        s.plans.landingType = 'family';
        s.family.offerStartedAt = started;
      },
    });
    expect(await screen.findByRole('timer')).toHaveTextContent('10:30');
    expect(second.store.family.offerStartedAt).toBe(NOW);
  });

  it('shows a clear expired state when the time runs out while watching, and keeps the offer', async () => {
    await renderFunnel('/family/offer', { state: familyVisitor(15 * MINUTE - 2_000) });
    expect(await screen.findByRole('timer')).toHaveTextContent('00:02');
    vi.setSystemTime(NOW + 2_000);
    expect(await screen.findByText('Your reservation has expired', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByText('Good news: the offer is still available at the same price.')).toBeInTheDocument();
    expect(screen.getByText('$29.99 per month')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start free trial' })).toBeEnabled();
  });

  it('after expiry, continue still selects the trial plan and moves on to checkout', async () => {
    const f = await renderFunnel('/family/offer', { state: familyVisitor(40 * MINUTE) });
    expect(await screen.findByRole('status')).toHaveTextContent('Your reservation has expired');
    await userEvent.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(f.store.plans.plan).toBe('gz-monthly-free3d-2999');
    expect(f.store.family.offerStartedAt).toBe(NOW - 40 * MINUTE);
    expect(f.events).toContainEqual(
      expect.objectContaining({ name: 'trial_offer_accepted', props: { plan: 'gz-monthly-free3d-2999', reservation_expired: true } }),
    );
    expect(f.path()).toBe('/checkout');
  });
});
