import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductState } from '../../screens/product/slices.ts';
import { renderFunnel } from './harness.tsx';

const openPhone = async (state?: (store: ProductState) => void) => {
  const f = await renderFunnel('/family/phone-number', { state });
  const field = await screen.findByLabelText('Phone number');
  return { ...f, field };
};

describe('phone-number screen', () => {
  it('guesses the country from the browser language, formats as typed and stores E.164', async () => {
    const { field, store, path } = await openPhone();
    expect(screen.getByRole('heading', { name: "What's your phone number?" })).toBeInTheDocument();
    // jsdom's navigator.language is en-US
    expect(screen.getByRole('button', { name: 'Country: United States (+1)' })).toBeInTheDocument();
    await userEvent.type(field, '2025550123');
    expect(field).toHaveValue('(202) 555-0123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: "What's your name?" })).toBeInTheDocument();
    expect(store.family).toMatchObject({ phone: '+12025550123', phoneCountry: 'US' });
    expect(path()).toBe('/family/name');
  });

  it('says what is wrong with an empty or invalid number, and stays', async () => {
    const { field, store, path } = await openPhone();
    const submit = screen.getByRole('button', { name: 'Continue' });
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your phone number.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(field, '12345');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent("This doesn't look like a valid phone number for United States.");
    await userEvent.clear(field);
    await userEvent.type(field, '202555012399999');
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent("This doesn't look like a valid phone number for United States.");
    expect(store.family.phone).toBe('');
    expect(path()).toBe('/family/phone-number');
  });

  it('searches countries by name and dial code, and validates for the picked country', async () => {
    const { field, store } = await openPhone();
    await userEvent.click(screen.getByRole('button', { name: 'Country: United States (+1)' }));
    const search = screen.getByRole('combobox', { name: 'Search country' });
    expect(search).toHaveFocus();
    await userEvent.type(search, 'united k');
    const list = screen.getByRole('listbox', { name: 'Countries' });
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent('United Kingdom+44');
    await userEvent.clear(search);
    await userEvent.type(search, '+380');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['UAUkraine+380']);
    await userEvent.clear(search);
    await userEvent.type(search, 'united k');
    await userEvent.click(within(list).getByRole('option', { name: /United Kingdom/ }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Country: United Kingdom (+44)' });
    expect(button).toHaveFocus();
    await userEvent.type(field, '07911123456');
    expect(field).toHaveValue('07911 123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: "What's your name?" });
    expect(store.family).toMatchObject({ phone: '+447911123456', phoneCountry: 'GB' });
  });

  it('works from the keyboard: arrows move, Enter picks, Escape closes', async () => {
    await openPhone();
    await userEvent.click(screen.getByRole('button', { name: 'Country: United States (+1)' }));
    await userEvent.keyboard('united');
    const search = screen.getByRole('combobox', { name: 'Search country' });
    const [first, second] = screen.getAllByRole('option');
    expect(search).toHaveAttribute('aria-activedescendant', first!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(search).toHaveAttribute('aria-activedescendant', second!.id);
    await userEvent.keyboard('{ArrowDown}{ArrowUp}');
    expect(search).toHaveAttribute('aria-activedescendant', second!.id);
    expect(second).toHaveTextContent('United Kingdom');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Country: United Kingdom (+44)' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Country: United Kingdom (+44)' }));
    await userEvent.keyboard('germ{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Country: United Kingdom (+44)' })).toHaveFocus();
  });

  it('says when no country matches', async () => {
    await openPhone();
    await userEvent.click(screen.getByRole('button', { name: 'Country: United States (+1)' }));
    await userEvent.keyboard('zzzz');
    expect(screen.getByRole('status')).toHaveTextContent('No country matches “zzzz”.');
  });

  it('follows a number typed with another country code, and re-formats when the country changes', async () => {
    const { field, store } = await openPhone();
    await userEvent.type(field, '+49 30 12345678');
    expect(screen.getByRole('button', { name: 'Country: Germany (+49)' })).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, '2025550123');
    await userEvent.click(screen.getByRole('button', { name: 'Country: Germany (+49)' }));
    await userEvent.keyboard('united states{Enter}');
    expect(field).toHaveValue('(202) 555-0123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: "What's your name?" });
    expect(store.family.phone).toBe('+12025550123');
  });

  it('shows the stored number and country again (after a reload)', async () => {
    const { field } = await openPhone((s) => Object.assign(s.family, { phone: '+493012345678', phoneCountry: 'DE' }));
    expect(field).toHaveValue('030 12345678');
    expect(screen.getByRole('button', { name: 'Country: Germany (+49)' })).toBeInTheDocument();
  });
});
