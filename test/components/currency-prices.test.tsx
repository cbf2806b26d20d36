/**
 * The paywall and the checkout in the visitor's currency: every amount comes from the plan's `prices`
 * in flows/plans.json, formatted by the same formatter in the page's language, the pay button charges
 * the sandbox in that currency, and Order Completed carries it. Expected strings are made from the
 * data, never typed: a new price point in plans.json keeps these tests green.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import de from '../../locales/de.json';
import ja from '../../locales/ja.json';
import { catalogueIn, formattingLocale, getVariant, offeredCurrencies, planPricing } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import { localeFormat } from '../../screens/ui/priceTexts.ts';
import { renderFunnel, setupI18n, type RenderedFunnel } from './harness.tsx';
import { startSandbox, type Sandbox } from './checkout-sandbox.ts';

const VARIANT = 'fullPrice';
const variant = getVariant(funnelData.landings, VARIANT)!;
const offered = offeredCurrencies(funnelData.plans);
/** The currency of a test, or the base when the catalogue stops selling it (the test then checks dollars). */
const sold = (code: string): string => (offered.includes(code) ? code : 'USD');

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
  await setupI18n();
  i18next.addResourceBundle('de', 'translation', de, true, true);
  i18next.addResourceBundle('ja', 'translation', ja, true, true);
});
afterAll(() => sandbox.stop());
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

async function inLanguage(language: string): Promise<void> {
  await act(async () => {
    await i18next.changeLanguage(language);
  });
}

/** The page's money format for a language and currency, as the screens build it. */
const moneyIn = (language: string, currency: string) => localeFormat(language, formattingLocale(language), false, currency).money;

async function openPaywall(language: string, currency: string): Promise<RenderedFunnel> {
  await inLanguage(language);
  const f = await renderFunnel('/signup/plans', {
    state: (s) => {
      s.plans.landingType = VARIANT;
      s.plans.currency = currency;
    },
  });
  await screen.findByRole('radiogroup', {}, { timeout: 10_000 });
  return f;
}

describe('prices in the visitor’s currency', { timeout: 30_000 }, () => {
  it.each([
    ['de', sold('EUR')],
    ['ja', sold('JPY')],
  ])('the paywall in %s shows every plan in %s from the catalogue', async (language, currency) => {
    await openPaywall(language, currency);
    const money = moneyIn(language, currency);
    const priced = catalogueIn(funnelData.plans, currency);
    const group = screen.getByRole('radiogroup');
    for (const name of variant.plans) {
      const card = within(group).getByDisplayValue(name).closest('label')!;
      expect(card.textContent).toContain(money(priced.plans[name]!.price));
      expect(card.textContent).toContain(money(planPricing(priced.plans[name]!).perPeriod));
    }
    // the selected plan's total and its renewal terms, in the same currency
    const chosen = planPricing(priced.plans[variant.defaultPlan]!);
    expect(document.body.textContent).toContain(money(chosen.dueToday));
    expect(document.body.textContent).toContain(money(chosen.renewal));
    if (currency !== 'USD') expect(document.body.textContent).not.toMatch(/\$/);
  });

  it('the checkout in Japanese shows the total and the pay button in yen, without decimals', async () => {
    const currency = sold('JPY');
    await sandbox.account(VARIANT);
    await inLanguage('ja');
    await renderFunnel('/checkout', {
      state: (s) => {
        sandbox.signedIn(s, variant.defaultPlan, VARIANT);
        s.plans.currency = currency;
      },
    });
    const total = await screen.findByTestId('checkout-total', {}, { timeout: 10_000 });
    const due = moneyIn('ja', currency)(planPricing(catalogueIn(funnelData.plans, currency).plans[variant.defaultPlan]!).dueToday);
    expect(total.textContent).toContain(due);
    if (currency === 'JPY') expect(due).not.toMatch(/\.\d/);
    expect(screen.getByRole('button', { name: new RegExp(due.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeInTheDocument();
  });

  it('a visitor paying in euros is charged in euros by the sandbox, and Order Completed says so', async () => {
    const currency = sold('EUR');
    const { email } = await sandbox.account(VARIANT);
    const f = await renderFunnel('/checkout', {
      state: (s) => {
        sandbox.signedIn(s, variant.defaultPlan, VARIANT);
        s.plans.currency = currency;
      },
    });
    const pricing = planPricing(catalogueIn(funnelData.plans, currency).plans[variant.defaultPlan]!);
    const due = moneyIn('en', currency)(pricing.dueToday);
    expect((await screen.findByTestId('checkout-total', {}, { timeout: 10_000 })).textContent).toContain(due);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Card number', {}, { timeout: 10_000 }), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText('Cardholder name'), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: `Pay ${due}` }));
    await screen.findByRole('heading', { name: 'Payment successful' }, { timeout: 10_000 });
    expect(sandbox.subscriptions(email)).toEqual([expect.objectContaining({ plan: variant.defaultPlan, currency, price_with_discount: pricing.dueToday })]);
    const order = f.events.find((e) => e.name === 'Order Completed');
    expect(order?.props).toMatchObject({ currency, value: pricing.dueToday });
    expect(screen.getByText(`Paid today: ${due}`)).toBeInTheDocument();
  });
});
