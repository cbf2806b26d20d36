import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderFunnel } from './harness.tsx';

describe('add-home screen', () => {
  it('refuses an empty or too short address', async () => {
    const f = await renderFunnel('/family/add-your-home');
    expect(await screen.findByRole('heading', { name: 'Add your home' })).toBeInTheDocument();
    const field = screen.getByLabelText('Home address');
    await userEvent.click(screen.getByRole('button', { name: 'Add home' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your home address.');
    await userEvent.type(field, 'Oak');
    await userEvent.click(screen.getByRole('button', { name: 'Add home' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a full address, e.g. 12 Oak Street, Springfield.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(f.store.family.home).toBe('');
  });

  it('stores the address, confirms "Home added" and continues only when asked', async () => {
    const f = await renderFunnel('/family/add-your-home');
    await userEvent.type(await screen.findByLabelText('Home address'), '  12   Oak Street, Springfield ');
    await userEvent.click(screen.getByRole('button', { name: 'Add home' }));
    expect(await screen.findByRole('heading', { name: 'Home added' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('12 Oak Street, Springfield');
    expect(f.store.family.home).toBe('12 Oak Street, Springfield');
    expect(f.path()).toBe('/family/add-your-home');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Trusted by millions of families' })).toBeInTheDocument();
    expect(f.path()).toBe('/family/social');
  });

  it('lets the visitor change the address after the confirmation', async () => {
    const f = await renderFunnel('/family/add-your-home');
    await userEvent.type(await screen.findByLabelText('Home address'), '12 Oak Street');
    await userEvent.click(screen.getByRole('button', { name: 'Add home' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Change address' }));
    const field = screen.getByLabelText('Home address');
    expect(field).toHaveValue('12 Oak Street');
    await userEvent.clear(field);
    await userEvent.type(field, '7 Elm Road, Leeds');
    await userEvent.click(screen.getByRole('button', { name: 'Add home' }));
    expect(await screen.findByRole('heading', { name: 'Home added' })).toBeInTheDocument();
    expect(f.store.family.home).toBe('7 Elm Road, Leeds');
  });

  it('skip continues without a home', async () => {
    const f = await renderFunnel('/family/add-your-home');
    await userEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { name: 'Trusted by millions of families' })).toBeInTheDocument();
    expect(f.store.family.home).toBe('');
  });

  it('shows the stored address again (after a reload)', async () => {
    await renderFunnel('/family/add-your-home', { state: (s) => (s.family.home = '12 Oak Street') });
    expect(await screen.findByLabelText('Home address')).toHaveValue('12 Oak Street');
  });
});
