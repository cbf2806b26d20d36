/**
 * The engine on a path under experiment (rendered under StrictMode): the visitor's assigned variant
 * opens, the funnel continues as that variant, and the exposure is recorded and reported once.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { experimentChooser } from '../../engine/index.ts';
import type { FunnelState } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import { renderFunnel } from './harness.tsx';

/** A chooser for one visitor, reading the store's recorded assignments as the app does. */
const chooserFor = (search: string) => {
  let store: FunnelState | undefined;
  const chooseVariant = experimentChooser(funnelData.experiments, { visitorId: 'visitor-1', search, sticky: () => store?.events.experiments ?? {} });
  return { chooseVariant, state: (s: FunnelState) => void (store = s) };
};

describe('a landing path under experiment', () => {
  it('opens the variant the visitor was assigned on an earlier visit, without reporting it again', async () => {
    const { chooseVariant, state } = chooserFor('');
    const f = await renderFunnel('/latam', {
      chooseVariant,
      state: (s) => {
        state(s);
        s.events.experiments = { 'latam-offer': 'trial' }; // assigned on an earlier visit
      },
    });
    expect(await screen.findByText('3-day free trial')).toBeInTheDocument();
    expect(screen.queryByText('Up to 50% off, renewals included')).not.toBeInTheDocument();
    expect(f.store.plans.landingType).toBe('trial');
    // recorded already, so not reported again
    expect(f.events.filter((e) => e.name === 'Experiment Viewed')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(f.path()).toBe('/check-location');
  });

  it('reports a new assignment once, even when StrictMode runs the effect twice', async () => {
    const { chooseVariant, state } = chooserFor('');
    const f = await renderFunnel('/latam', { chooseVariant, state });
    await screen.findByRole('button', { name: 'Continue' });
    const shown = f.store.events.experiments['latam-offer'];
    expect(['latam', 'trial']).toContain(shown);
    expect(f.store.plans.landingType).toBe(shown);
    expect(f.events.filter((e) => e.name === 'Experiment Viewed').map((e) => e.props)).toEqual([{ experiment_id: 'latam-offer', variation_id: shown }]);
  });

  it('shows a QA override without recording or reporting it', async () => {
    const { chooseVariant, state } = chooserFor('?exp=latam-offer:trial');
    const f = await renderFunnel('/latam', { chooseVariant, state });
    expect(await screen.findByText('3-day free trial')).toBeInTheDocument();
    expect(f.store.events.experiments).toEqual({});
    expect(f.events.filter((e) => e.name === 'Experiment Viewed')).toEqual([]);
  });
});
