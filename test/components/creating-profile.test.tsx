import { act, screen } from '@testing-library/react';
import { funnelData } from '../../screens/flowData.ts';
import type { FunnelData } from '../../screens/flowData.ts';
import { renderFunnel } from './harness.tsx';

const PATH = '/signup/creating-your-profile';

/** The flow with a faster tick, so the test runs in real time. */
function fastData(stepMs = 100): FunnelData {
  const data: FunnelData = structuredClone(funnelData);
  const step = data.flows.main!.steps['creating-your-profile']!;
  if (step.screen !== 'creating-profile') throw new Error('not a creating-profile step');
  step.props.stepMs = stepMs;
  return data;
}

const states = (): string[] => screen.getAllByRole('listitem').map((li) => li.getAttribute('data-state') ?? '');

describe('creating-profile screen', () => {
  it('ticks through the five steps of the spec with check marks and a progress bar, then moves on', async () => {
    const f = await renderFunnel(PATH, { data: fastData() });
    expect(await screen.findByRole('heading', { name: 'Creating your profile' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('.creating-profile__label')?.textContent)).toEqual([
      'Creating profile',
      'Checking location',
      'Setting up crash detection',
      'Adding place alerts',
      'Updating location history',
    ]);
    expect(states()).toEqual(['active', 'pending', 'pending', 'pending', 'pending']);
    const bar = screen.getByRole('progressbar', { name: 'Creating your profile' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await screen.findByText('40%', {}, { timeout: 2000 });
    expect(states().slice(0, 2)).toEqual(['done', 'done']);
    // the paywall's chunk is transformed on first use: seconds on a loaded machine, and not what this test times
    expect(await screen.findByRole('heading', { name: 'Choose your plan' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(f.path()).toBe('/signup/plans');
    // StrictMode mounts twice: still exactly one move on
    expect(f.events.filter((e) => e.name === 'step_completed' && e.props.step === 'creating-your-profile')).toHaveLength(1);
  });

  it('stops its timers when it unmounts', async () => {
    const f = await renderFunnel(PATH, { data: fastData() });
    await screen.findByRole('heading', { name: 'Creating your profile' });
    f.unmount();
    await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
    expect(f.events.some((e) => e.name === 'step_completed')).toBe(false);
    expect(f.path()).toBe(PATH);
  });
});
