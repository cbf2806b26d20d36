import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Variant } from '../../engine/index.ts';
import { renderFunnel } from './harness.tsx';

describe('landing screen', () => {
  it('shows the welcome title and text, records the landing type and continues to /check-location', async () => {
    const f = await renderFunnel('/discount');
    // the first render loads the landing chunk and its image manifest (every size and format): allow a slow machine
    expect(await screen.findByRole('heading', { name: "Welcome to your family's safe place" }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Know where your family is and if they are safe')).toBeInTheDocument();
    expect(f.store.plans.landingType).toBe('discount');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Check location' })).toBeInTheDocument();
    expect(f.path()).toBe('/check-location');
  });

  it('continues to /place-alerts on optionsy (a per-variant override in landings.json)', async () => {
    const f = await renderFunnel('/optionsy');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Place alerts' })).toBeInTheDocument();
    expect(f.path()).toBe('/place-alerts');
    expect(f.store.plans.landingType).toBe('optionsy');
  });

  it('records fullPrice for "/"', async () => {
    const f = await renderFunnel('/');
    await screen.findByRole('button', { name: 'Continue' });
    expect(f.store.plans.landingType).toBe('fullPrice');
  });
});

describe('exact routes, forgiving links', () => {
  it.each(['/Discount/', '/discount/', '/DISCOUNT'])('replaces %s by /discount, the query kept, and records the discount variant', async (loose) => {
    const f = await renderFunnel(`${loose}?utm_source=x`);
    expect(await screen.findByText('Up to 50% off your first payment')).toHaveClass('landing__badge');
    expect(f.path()).toBe('/discount');
    expect(f.store.plans.landingType).toBe('discount');
    expect(f.store.events.utm_source).toBe('x');
  });

  it('starts /optionsy/ at its own next step, /place-alerts', async () => {
    const f = await renderFunnel('/optionsy/');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Place alerts' })).toBeInTheDocument();
    expect(f.store.plans.landingType).toBe('optionsy');
  });
});

describe('a variant added as data', () => {
  it('is live at its own path with its own plans, no code change', async () => {
    const { funnelData } = await import('../../screens/flowData.ts');
    const discount = funnelData.landings.discount as Variant;
    const summer: Variant = { ...discount, paths: ['/summer'], plans: ['gz-1-month-tiger'], defaultPlan: 'gz-1-month-tiger' };
    const f = await renderFunnel('/summer', { data: { ...funnelData, landings: { ...funnelData.landings, summer } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Check location' })).toBeInTheDocument();
    expect(f.store.plans.landingType).toBe('summer');
  });
});

describe('landing offer badge', () => {
  it('names the discount on the discount variant', async () => {
    await renderFunnel('/discount');
    await screen.findByRole('heading', { name: "Welcome to your family's safe place" });
    expect(screen.getByText('Up to 50% off your first payment')).toHaveClass('landing__badge');
  });

  it("computes the badge's percentage from the variant's plans, never from the text", async () => {
    const { funnelData } = await import('../../screens/flowData.ts');
    const discount = funnelData.landings.discount as Variant;
    // garlic alone: 35.88 against fox's 59.88 is 40% off
    const garlic: Variant = { ...discount, paths: ['/garlic'], plans: ['gz-3-month-garlic'], defaultPlan: 'gz-3-month-garlic' };
    await renderFunnel('/garlic', { data: { ...funnelData, landings: { ...funnelData.landings, garlic } } });
    expect(await screen.findByText('Up to 40% off your first payment')).toHaveClass('landing__badge');
  });

  it('names the free trial on the trial variant and on the family landing', async () => {
    await renderFunnel('/trial');
    expect(await screen.findByText('3-day free trial')).toHaveClass('landing__badge');
    cleanup();
    await renderFunnel('/family');
    expect(await screen.findByText('3-day free trial')).toHaveClass('landing__badge');
  });

  it('leaves out a trial badge on a variant without a trial plan, rather than show its key', async () => {
    const { funnelData } = await import('../../screens/flowData.ts');
    const discount = funnelData.landings.discount as Variant;
    const noTrial: Variant = { ...discount, paths: ['/notrial'], overrides: { landing: { props: { badge: 'offerBadge.trial' } } } };
    const { container } = await renderFunnel('/notrial', { data: { ...funnelData, landings: { ...funnelData.landings, noTrial } } });
    await screen.findByRole('heading', { name: "Welcome to your family's safe place" });
    expect(container.querySelector('.landing__badge')).toBeNull();
    expect(screen.queryByText('offerBadge.trial')).not.toBeInTheDocument();
  });

  it('shows no badge where the variant names no offer, and the logo on every landing', async () => {
    const { container } = await renderFunnel('/');
    await screen.findByRole('heading', { name: "Welcome to your family's safe place" });
    expect(container.querySelector('.landing__badge')).toBeNull();
    expect(screen.getByRole('img', { name: 'Family Locator' })).toBeInTheDocument();
  });
});
