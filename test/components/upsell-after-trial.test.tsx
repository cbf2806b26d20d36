/**
 * The upsell after a free trial started ($0 paid), against the real sandbox API in this process: it
 * does not say the add-on goes on "the payment method you just used" (nothing was charged), but that
 * it is charged today, on which date, and until when the plan stays free, from the plan's trial length.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFunnel } from './harness.tsx';
import { startSandbox, type Sandbox } from './checkout-sandbox.ts';
import { funnelData } from '../../screens/flowData.ts';
import { formatDate, getVariant, periodEnd, planPricing } from '../../engine/index.ts';
import { UPSELL_ADD } from '../upsellTexts.ts';
import en from '../../locales/en.json';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.stop());

/** The first landing variant whose default plan is a free trial, and that plan. */
const trialVariant = Object.keys(funnelData.landings)
  .map((id) => ({ id, variant: getVariant(funnelData.landings, id) }))
  .find(({ variant }) => variant !== undefined && planPricing(funnelData.plans.plans[variant.defaultPlan]!).kind === 'trial')!;
const plan = funnelData.plans.plans[trialVariant.variant!.defaultPlan]!;

describe('the upsell after a free trial', { timeout: 40_000 }, () => {
  it('says the add-on is charged today, with the date, and until when the plan stays free', async () => {
    await sandbox.account();
    await renderFunnel('/checkout', { state: (s) => sandbox.signedIn(s, plan.name, trialVariant.id) });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Card number', {}, { timeout: 10_000 }), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText('Cardholder name'), 'Ada Lovelace');
    const start = new Date();
    await waitFor(() => expect(screen.getByRole('button', { name: en.checkout.trial.cta })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: en.checkout.trial.cta }));
    await screen.findByRole('heading', { name: en.success.trialTitle }, { timeout: 12_000 });
    await screen.findByRole('button', { name: UPSELL_ADD });

    const today = formatDate(start, 'en');
    const trialEnd = formatDate(periodEnd(start, planPricing(plan).firstPeriod), 'en');
    const expected = en.upsell.chargedToTrial.replace('{{date}}', today).replace('{{trialEnd}}', trialEnd);
    expect(screen.getByText(expected, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(en.upsell.chargedTo, { exact: false })).not.toBeInTheDocument();
  });
});
