/**
 * The checkout and success screens say each amount the way the paywall did: in the visitor's full
 * locale, kept left to right in Arabic, and a discounted plan with its own saving (garlic is 40% under
 * the regular 3-month plan, not the variant's "50% off" headline).
 */
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../locales/ar.json';
import { renderFunnel, setupI18n } from './harness.tsx';
import { startSandbox, type Sandbox } from './checkout-sandbox.ts';

const LRI = '\u2066';
const PDI = '\u2069';
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.stop());
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await act(() => i18next.changeLanguage('en'));
});

async function openCheckout(plan: string, landingType: string): Promise<void> {
  await sandbox.account(landingType);
  await renderFunnel('/checkout', { state: (s) => sandbox.signedIn(s, plan, landingType) });
  await screen.findByTestId('checkout-total', {}, { timeout: 10_000 });
}

async function pay(): Promise<void> {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Card number', {}, { timeout: 10_000 }), '4242424242424242');
  await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('Cardholder name'), 'Ada Lovelace');
  await user.click(screen.getByRole('button', { name: 'Pay $35.88' }));
  await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 8000 });
}

describe('checkout prices', { timeout: 30_000 }, () => {
  it('gives each discounted plan its own saving and struck-through regular price, and the success page agrees', async () => {
    await openCheckout('gz-3-month-garlic', 'discount');
    expect(screen.getByText('40% off')).toBeInTheDocument();
    expect(screen.queryByText('50% off')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-was')).toHaveTextContent('Regular price $59.88');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$35.88');
    // the catalogue renews garlic at the regular price: the discount is said to be on the first payment
    expect(screen.getByText('40% off your first payment, then $59.88 every 3 months.')).toBeInTheDocument();
    await pay();
    expect(screen.getByText('Paid today: $35.88')).toBeInTheDocument();
    expect(screen.getByText('Regular price: $59.88')).toBeInTheDocument();
    expect(screen.getByText('You saved 40%')).toBeInTheDocument();
    expect(screen.getByText(/^Renews automatically at \$59\.88 every 3 months from /)).toBeInTheDocument();
  });

  it('shows half price for the 1-month plan, and no saving on a variant without the discount label', async () => {
    await openCheckout('gz-1-month-tomato', 'discount');
    expect(screen.getByText('50% off')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-was')).toHaveTextContent('$39.96');
    cleanup();
    await openCheckout('gz-1-month-tomato', 'optionsj');
    expect(screen.queryByText(/% off$/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('checkout-was')).not.toBeInTheDocument();
  });

  it('formats Arabic amounts in the full locale with Latin digits, isolated left to right, on the order summary and the pay button', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar-EG']);
    await setupI18n();
    i18next.addResourceBundle('ar', 'translation', ar, true, true);
    await act(async () => {
      await i18next.changeLanguage('ar');
    });
    await openCheckout('gz-3-month-fox', 'fullPrice');
    // Egypt's locale (its currency pattern), in the Latin digits the texts are written in (engine/core/pricing.ts)
    const money = new Intl.NumberFormat('ar-EG-u-nu-latn', { style: 'currency', currency: 'USD' }).format(59.88);
    expect(money).toContain('59.88');
    expect(document.body.textContent).not.toMatch(/[\u0660-\u0669]/);
    expect(screen.getByTestId('checkout-total').textContent).toBe(`${LRI}${money}${PDI}`);
    expect(document.body.textContent).not.toMatch(/US\s?59/);
    const button = screen.getAllByRole('button').find((b) => b.textContent?.includes(money));
    expect(button?.textContent).toContain(`${LRI}${money}${PDI}`);
  });
});
