import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderFunnel } from './harness.tsx';
import { funnelData } from '../../screens/flowData.ts';
import { httpClientsFor } from '../../screens/product/signup.ts';
import { answerWith } from '../fakeAxios.ts';

describe('text-entry screen: name', () => {
  it('stores the name trimmed with its first letter capitalised and moves on', async () => {
    const f = await renderFunnel('/family/name');
    expect(await screen.findByRole('heading', { name: "What's your name?" })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('First name'), '   anna   maria ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Join your family' })).toBeInTheDocument();
    expect(f.store.family.name).toBe('Anna maria');
    expect(f.path()).toBe('/family/create-circle');
  });

  it('says what is wrong with an empty, blank, letter-free or too long name, and stays', async () => {
    const f = await renderFunnel('/family/name');
    const field = await screen.findByLabelText('First name');
    const submit = screen.getByRole('button', { name: 'Continue' });
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your name.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Enter your name.');
    await userEvent.type(field, '   ');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your name.');
    await userEvent.clear(field);
    await userEvent.type(field, '1234');
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Your name should contain letters.');
    await userEvent.clear(field);
    await userEvent.type(field, 'x'.repeat(41));
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Your name can be at most 40 characters long.');
    expect(f.store.family.name).toBe('');
    expect(f.path()).toBe('/family/name');
  });

  it('shows the stored name again (after a reload)', async () => {
    await renderFunnel('/family/name', { state: (s) => (s.family.name = 'Olena') });
    expect(await screen.findByLabelText('First name')).toHaveValue('Olena');
  });
});

describe('text-entry screen: Circle name', () => {
  it('refuses a too short, too long or symbol-only name, then stores a valid one', async () => {
    const f = await renderFunnel('/family/enter-circle-name');
    const field = await screen.findByLabelText('Circle name');
    expect(field).toHaveAttribute('placeholder', 'e.g. The Smiths');
    const submit = screen.getByRole('button', { name: 'Continue' });
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name for your Circle.');
    await userEvent.type(field, 'A');
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('The Circle name needs at least 2 characters.');
    await userEvent.clear(field);
    await userEvent.type(field, 'y'.repeat(31));
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('The Circle name can be at most 30 characters long.');
    await userEvent.clear(field);
    await userEvent.type(field, '?!');
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Use at least one letter or digit in the Circle name.');
    expect(f.path()).toBe('/family/enter-circle-name');
    await userEvent.clear(field);
    await userEvent.type(field, '  The   Smiths ');
    await userEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Invite your family' })).toBeInTheDocument();
    expect(f.store.family.circleName).toBe('The Smiths');
    expect(f.path()).toBe('/family/share-circle-code');
  });
});

describe('text-entry screen: invite code', () => {
  it('explains the code shape for a wrong code and keeps the visitor on the screen', async () => {
    const f = await renderFunnel('/family/enter-code');
    const field = await screen.findByLabelText('Invite code');
    const submit = screen.getByRole('button', { name: 'Join Circle' });
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the invite code.');
    for (const bad of ['ABC23', 'ABC2345', 'ABC210', 'AB#234']) {
      await userEvent.clear(field);
      await userEvent.type(field, bad);
      await userEvent.click(submit);
      expect(screen.getByRole('alert')).toHaveTextContent('An invite code has 6 characters: letters A–Z and digits 2–9, e.g. K7P-4QX.');
    }
    expect(f.store.family.code).toBe('');
    expect(f.path()).toBe('/family/enter-code');
  });

  it('ignores case, spaces and dashes, looks the code up in its canonical form and stores it', async () => {
    const f = await renderFunnel('/family/enter-code');
    const seen = answerWith(httpClientsFor(f.store), f.store, () => ({ status: 200, data: { circle: { code: 'K7P4QX', name: 'Smith family' } } }));
    await userEvent.type(await screen.findByLabelText('Invite code'), ' k7p - 4qx ');
    await userEvent.click(screen.getByRole('button', { name: 'Join Circle' }));
    expect(await screen.findByRole('heading', { name: 'You joined the Smith family Circle' })).toBeInTheDocument();
    expect(seen.map((r) => r.url)).toEqual([expect.stringMatching(/\/circles\/K7P4QX$/)]);
    expect(f.store.family.code).toBe('K7P4QX');
    expect(f.path()).toBe('/family/joined');
  });

  it('shows a stored code grouped 3 + 3', async () => {
    await renderFunnel('/family/enter-code', { state: (s) => (s.family.code = 'K7P4QX') });
    expect(await screen.findByLabelText('Invite code')).toHaveValue('K7P-4QX');
  });
});

describe('text-entry screen: bind', () => {
  it('writes the store field its bind names, and shows that field again', async () => {
    // the same screen bound to another field: the flow decides where the text goes, not the screen
    const data = structuredClone(funnelData);
    const step = Object.values(data.flows.family!.steps).find((s) => s.path === '/family/name')!;
    if (step.screen !== 'text-entry') throw new Error('/family/name is not a text-entry step');
    step.props.bind = 'family.home';
    const f = await renderFunnel('/family/name', { data, state: (s) => (s.family.home = 'Olena') });
    const field = await screen.findByLabelText('First name');
    expect(field).toHaveValue('Olena');
    await userEvent.clear(field);
    await userEvent.type(field, 'marta');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Join your family' })).toBeInTheDocument();
    expect(f.store.family.home).toBe('Marta');
    expect(f.store.family.name).toBe('');
  });
});
