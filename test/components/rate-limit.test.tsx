/**
 * A 429 answer tells the visitor how long to wait, in their language: the signup banner, the invite
 * code's field, and the checkout's payment message, with the seconds of the server's Retry-After.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import { httpClientsFor } from '../../screens/product/signup.ts';
import { RATE_RULES, takeToken } from '../../scripts/server/sandbox/rateLimits.ts';
import { answerWith } from '../fakeAxios.ts';
import { renderFunnel } from './harness.tsx';
import { startSandbox, type Sandbox } from './checkout-sandbox.ts';

const TOO_MANY = { errors: { messages: ['Too many requests.'] } };
/** The text for a wait of `seconds`, as the locale words it. */
const waitText = (seconds: number | string): string => en.errors.tryAgainIn.replace('{{seconds}}', String(seconds));

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.stop());

describe('a 429 answer', { timeout: 60_000 }, () => {
  it('at signup: the banner says to try again in the seconds the server asked for', async () => {
    const f = await renderFunnel('/signup', { state: (s) => (s.plans.landingType = 'fullPrice') });
    answerWith(httpClientsFor(f.store), f.store, () => ({ status: 429, data: TOO_MANY, headers: { 'retry-after': '7' } }));
    await userEvent.type(await screen.findByLabelText(en.signup.emailLabel), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: en.common.continue }));
    expect(await screen.findByText(waitText(7))).toBeInTheDocument();
    expect(f.path()).toBe('/signup');
  });

  it("at the invite code: the field's message says to try again in the seconds the server asked for", async () => {
    const f = await renderFunnel('/family/enter-code');
    answerWith(httpClientsFor(f.store), f.store, () => ({ status: 429, data: TOO_MANY, headers: { 'retry-after': '12' } }));
    await userEvent.type(await screen.findByLabelText(en.family.code.label), 'K7P4QX');
    await userEvent.click(screen.getByRole('button', { name: en.family.code.join }));
    expect(await screen.findByText(waitText(12))).toBeInTheDocument();
    expect(f.path()).toBe('/family/enter-code');
  });

  it("at Pay: over the sandbox's limit for the account, the checkout says how many seconds to wait", async () => {
    const { userId } = await sandbox.account();
    for (let i = 0; i < RATE_RULES.payment.burst; i++) takeToken(sandbox.server.state, 'payment', userId);
    await renderFunnel('/checkout', { state: (s) => sandbox.signedIn(s, 'gz-3-month-fox') });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Card number', {}, { timeout: 8000 }), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry date (MM/YY)'), '1234');
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.type(screen.getByLabelText('Cardholder name'), 'Ada Lovelace');
    const pay = screen.getByRole('button', { name: 'Pay $59.88' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    const pattern = new RegExp(
      waitText('SECONDS')
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace('SECONDS', '\\d+'),
    );
    expect(await screen.findByText(pattern, {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
