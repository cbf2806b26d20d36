/**
 * The active variant is resolved once per step by StepHost and given to screens through context:
 * a landing route shows (and records) the variant of its own path, every later step the recorded one.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useVariant } from '../../engine/react/index.ts';
import type { ScreenProps } from '../../engine/react/index.ts';
import { screens } from '../../screens/registry.ts';
import { renderFunnel } from './harness.tsx';

/** Shows the variant its step is shown in, with its plans, and moves on when asked. */
function VariantProbe({ next }: ScreenProps<unknown>) {
  const { id, plans } = useVariant();
  return (
    <div>
      <p data-testid="variant">{id}</p>
      <p data-testid="plans">{plans.map((p) => p.name).join(',')}</p>
      <button type="button" onClick={() => next()}>
        Next
      </button>
    </div>
  );
}

// every screen type shows the probe, so the test reads what the engine gave each step
const probes = Object.fromEntries(Object.keys(screens).map((type) => [type, VariantProbe])) as unknown as typeof screens;

describe('active variant through context', () => {
  it('gives a landing route the variant of its path and records it as the landing type', async () => {
    const f = await renderFunnel('/optionsy', { registry: probes, state: (s) => (s.plans.landingType = 'promo') });
    expect(await screen.findByTestId('variant')).toHaveTextContent('optionsy');
    expect(screen.getByTestId('plans')).toHaveTextContent('gz-1-week-cucumber,gz-1-month-tychyna');
    expect(f.store.plans.landingType).toBe('optionsy');
  });

  it('puts a visitor who came in past every landing in the home variant, and records it for the events', async () => {
    const f = await renderFunnel('/signup/plans', { registry: probes });
    expect(await screen.findByTestId('variant')).toHaveTextContent('fullPrice');
    expect(f.path()).toBe('/signup/plans');
    // the store starts with no landing type; the step records the home variant (the one serving "/")
    expect(f.store.plans.landingType).toBe('fullPrice');
  });

  it('keeps the recorded variant on the steps after the landing', async () => {
    const f = await renderFunnel('/discount', { registry: probes });
    expect(await screen.findByTestId('variant')).toHaveTextContent('discount');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('variant');
    expect(f.path()).not.toBe('/discount');
    expect(screen.getByTestId('variant')).toHaveTextContent('discount');
  });

  it('falls back to fullPrice on a step opened with an unknown recorded landing type', async () => {
    await renderFunnel('/signup/set-your-options', { registry: probes, state: (s) => (s.plans.landingType = 'gone') });
    expect(await screen.findByTestId('variant')).toHaveTextContent('fullPrice');
  });
});
