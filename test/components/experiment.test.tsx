/**
 * The engine on a path under experiment (the example experiment on /latam, rendered under
 * StrictMode): the visitor's assigned variant opens, the funnel continues as that variant, the landing
 * type stays the route's own, and the exposure is recorded and reported once.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { experimentChooser, growthbookVariationId } from '../../engine/index.ts';
import type { Experiment, FunnelState } from '../../engine/index.ts';
import { dataWithLatamOffer } from '../fixtures/latamOffer.ts';
import { renderFunnel } from './harness.tsx';

/** A chooser for one visitor, reading the store's recorded assignments as the app does. */
const chooserFor = (search: string) => {
  let store: FunnelState | undefined;
  const chooseVariant = experimentChooser(dataWithLatamOffer.experiments, { visitorId: 'visitor-1', search, sticky: () => store?.events.experiments ?? {} });
  return { chooseVariant, state: (s: FunnelState) => void (store = s), data: dataWithLatamOffer };
};

describe('a landing path under experiment', () => {
  it('opens the variant the visitor was assigned on an earlier visit, without reporting it again', async () => {
    const { chooseVariant, state, data } = chooserFor('');
    const f = await renderFunnel('/latam', {
      chooseVariant,
      data,
      state: (s) => {
        state(s);
        s.events.experiments = { 'latam-offer': 'trial' }; // assigned on an earlier visit
      },
    });
    expect(await screen.findByText('3-day free trial')).toBeInTheDocument();
    expect(screen.queryByText('Up to 50% off, renewals included')).not.toBeInTheDocument();
    // the landing type sent to the backend is the route's own; the variant shown is the experiment's record
    expect(f.store.plans.landingType).toBe('latam');
    // recorded already, so not reported again
    expect(f.events.filter((e) => e.name === 'Experiment Viewed')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(f.path()).toBe('/check-location');
  });

  it('reports a new assignment once, even when StrictMode runs the effect twice', async () => {
    const { chooseVariant, state, data } = chooserFor('');
    const f = await renderFunnel('/latam', { chooseVariant, state, data });
    await screen.findByRole('button', { name: 'Continue' });
    const shown = f.store.events.experiments['latam-offer'];
    expect(['latam', 'trial']).toContain(shown);
    expect(f.store.plans.landingType).toBe('latam');
    const experiment = data.experiments!['latam-offer'] as Experiment;
    expect(f.events.filter((e) => e.name === 'Experiment Viewed').map((e) => e.props)).toEqual([
      { experiment_id: 'latam-offer', variation_id: growthbookVariationId(experiment, experiment.variations.indexOf(shown!)), variant: shown },
    ]);
  });

  it('shows a QA override without recording or reporting it', async () => {
    const { chooseVariant, state, data } = chooserFor('?exp=latam-offer:trial');
    const f = await renderFunnel('/latam', { chooseVariant, state, data });
    expect(await screen.findByText('3-day free trial')).toBeInTheDocument();
    expect(f.store.events.experiments).toEqual({});
    expect(f.events.filter((e) => e.name === 'Experiment Viewed')).toEqual([]);
  });
});
