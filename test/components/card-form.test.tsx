/**
 * The card forms of both gateways use the kit's Field: a label per field, numbers left to right inside
 * right-to-left pages, an error tied to its input, and the expiry hint in the language's abbreviation.
 */
import { StrictMode, type ReactNode } from 'react';
import { Elements } from '@stripe/react-stripe-js';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import de from '../../locales/de.json';
import { SandboxCardForm } from '../../engine/payments/sandbox/SandboxCardForm.tsx';
import { StripeCardForm } from '../../engine/payments/stripe/StripeCardForm.tsx';
import { setupI18n } from './harness.tsx';

/**
 * Stripe's own Elements provider without a Stripe instance: each element renders its empty host and
 * mounts no iframe (those come from Stripe's servers). The real package, not a mock: a module mock
 * does not reach a module another test file of the same worker has already loaded (isolate: false).
 */
function WithoutStripe({ children }: { children: ReactNode }) {
  return <Elements stripe={null}>{children}</Elements>;
}

beforeAll(async () => {
  await setupI18n();
  i18next.addResourceBundle('de', 'translation', de, true, true);
});
afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('sandbox card form', () => {
  it('keeps card number, expiry and CVC left to right in an Arabic page, the name field follows the page', async () => {
    render(
      <StrictMode>
        <div dir="rtl">
          <SandboxCardForm onChange={() => {}} onCard={() => {}} />
        </div>
      </StrictMode>,
    );
    for (const name of ['Card number', 'Expiry date (MM/YY)', 'CVC']) {
      const input = screen.getByRole('textbox', { name });
      expect(input, name).toHaveAttribute('dir', 'ltr');
      expect(input, name).toHaveAttribute('inputmode', 'numeric');
      expect(input.closest('.fe-field'), name).toHaveClass('fe-field--ltr', 'checkout-card__field');
    }
    const holder = screen.getByRole('textbox', { name: 'Cardholder name' });
    expect(holder).not.toHaveAttribute('dir');
    expect(holder.closest('.fe-field')).not.toHaveClass('fe-field--ltr');
  });

  it('ties an error to its field once the field was left', async () => {
    const user = userEvent.setup();
    render(
      <StrictMode>
        <SandboxCardForm onChange={() => {}} onCard={() => {}} />
      </StrictMode>,
    );
    const number = screen.getByRole('textbox', { name: 'Card number' });
    expect(number).not.toHaveAttribute('aria-invalid');
    await user.type(number, '4242424242424241');
    await user.tab();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription('Enter a valid card number.');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid card number.');
  });

  it('writes the expiry hint the German way', async () => {
    await i18next.changeLanguage('de');
    render(
      <StrictMode>
        <SandboxCardForm onChange={() => {}} onCard={() => {}} />
      </StrictMode>,
    );
    expect(screen.getByRole('textbox', { name: 'Ablaufdatum (MM/JJ)' })).toHaveAttribute('placeholder', 'MM/JJ');
  });
});

describe('Stripe card form', () => {
  it("names each element's group by its label, left to right, with the kit's focus ring", () => {
    render(
      <StrictMode>
        <WithoutStripe>
          <div dir="rtl">
            <StripeCardForm onChange={() => {}} />
          </div>
        </WithoutStripe>
      </StrictMode>,
    );
    for (const name of ['Card number', 'Expiry date (MM/YY)', 'CVC']) {
      const group = screen.getByRole('group', { name });
      expect(group, name).toHaveAttribute('dir', 'ltr');
      expect(group, name).toHaveClass('fe-field__input', 'fe-focus-ring--within');
      expect(group.closest('.fe-field'), name).toHaveClass('fe-field--ltr');
    }
    expect(screen.getByRole('textbox', { name: 'Cardholder name' })).toHaveAttribute('autocomplete', 'cc-name');
  });

  it('shows the name error under the name once the field was left', async () => {
    const user = userEvent.setup();
    render(
      <StrictMode>
        <WithoutStripe>
          <StripeCardForm onChange={() => {}} />
        </WithoutStripe>
      </StrictMode>,
    );
    const holder = screen.getByRole('textbox', { name: 'Cardholder name' });
    await user.type(holder, 'A');
    await user.tab();
    expect(holder).toHaveAttribute('aria-invalid', 'true');
    expect(holder).toHaveAccessibleDescription('Enter the name shown on the card.');
  });
});
