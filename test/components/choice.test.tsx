import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { art } from '../../screens/ui/art/index.ts';
import { renderFunnel } from './harness.tsx';

describe('choice screen: create or join', () => {
  it('"Create a new Circle" stores the action and follows the create outcome', async () => {
    const f = await renderFunnel('/family/create-circle');
    expect(await screen.findByRole('heading', { name: 'Join your family' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create a new Circle' }));
    expect(await screen.findByRole('heading', { name: 'Name your Circle' })).toBeInTheDocument();
    expect(f.store.family.circleAction).toBe('create');
    expect(f.path()).toBe('/family/enter-circle-name');
    expect(f.events).toContainEqual(
      expect.objectContaining({ name: 'step_completed', props: expect.objectContaining({ step: 'create-circle', outcome: 'create' }) }),
    );
  });

  it('"I have a code" follows the join outcome', async () => {
    const f = await renderFunnel('/family/create-circle');
    await userEvent.click(await screen.findByRole('button', { name: 'I have a code' }));
    expect(await screen.findByRole('heading', { name: 'Enter your invite code' })).toBeInTheDocument();
    expect(f.store.family.circleAction).toBe('join');
    expect(f.path()).toBe('/family/enter-code');
  });

  it('a double tap moves the funnel once', async () => {
    const f = await renderFunnel('/family/create-circle');
    const button = await screen.findByRole('button', { name: 'I have a code' });
    await userEvent.dblClick(button);
    await screen.findByRole('heading', { name: 'Enter your invite code' });
    expect(f.events.filter((e) => e.name === 'step_completed')).toHaveLength(1);
  });
});

describe('choice screen: role', () => {
  it('offers the five roles and stores the chosen one', async () => {
    const f = await renderFunnel('/family/choose-your-role');
    expect(await screen.findByRole('heading', { name: 'Choose your role' })).toBeInTheDocument();
    const names = screen.getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(['Mom', 'Dad', 'Son / Daughter / Child', 'Grandma', 'Grandpa']);
    await userEvent.click(screen.getByRole('button', { name: 'Son / Daughter / Child' }));
    expect(await screen.findByRole('heading', { name: 'Add your home' })).toBeInTheDocument();
    expect(f.store.family.role).toBe('child');
    expect(f.path()).toBe('/family/add-your-home');
  });

  it('shows the stored role as chosen (after a reload)', async () => {
    await renderFunnel('/family/choose-your-role', { state: (s) => (s.family.role = 'grandma') });
    expect(await screen.findByRole('button', { name: 'Grandma' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Mom' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('choice screen: art', () => {
  it("shows the step's illustration, decorative, beside the options", async () => {
    await renderFunnel('/family/create-circle');
    await screen.findByRole('heading', { name: 'Join your family' });
    const img = document.querySelector('.fe-screen__art img');
    expect(img).toHaveAttribute('src', art.circle);
    expect(img).toHaveAttribute('alt', '');
    // the options live in the screen's body, next to the art
    expect(screen.getByRole('group', { name: 'Join your family' }).closest('.fe-screen__body')).toHaveClass('choice');
  });

  it('draws the family on the role question', async () => {
    await renderFunnel('/family/choose-your-role');
    await screen.findByRole('button', { name: 'Mom' });
    expect(document.querySelector('.fe-screen__art img')).toHaveAttribute('src', art.family);
  });
});
