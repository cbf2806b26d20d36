/**
 * The production seam for the upsell after PayPal (engine/payments/braintree/payPalVault.ts):
 * braintree-web's client is created with the client token, the vault manager lists the customer's
 * vaulted methods (most recently used first) and the first PayPal account's nonce is handed over.
 * braintree-web itself is replaced here: it needs Braintree's servers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

const client = { teardown: vi.fn(async () => undefined) };
const fetchPaymentMethods = vi.fn();
const teardown = vi.fn(async () => undefined);
const createClient = vi.fn(async (_options: { authorization: string }) => client);
const createVaultManager = vi.fn(async (_options: { client: unknown }) => ({ fetchPaymentMethods, teardown }));

vi.mock('braintree-web/client', () => ({ create: createClient }));
vi.mock('braintree-web/vault-manager', () => ({ create: createVaultManager }));

const { braintreeVaultLoader } = await import('../../engine/payments/braintree/payPalVault.ts');

afterEach(() => vi.clearAllMocks());

describe('braintreeVaultLoader.vaultedNonce', () => {
  it("hands over the nonce of the customer's most recent PayPal account", async () => {
    fetchPaymentMethods.mockResolvedValueOnce([
      { nonce: 'card-nonce', type: 'CreditCard', default: true, details: {} },
      { nonce: 'paypal-nonce', type: 'PayPalAccount', default: false, details: { email: 'ada@example.com' } },
    ]);
    expect(await braintreeVaultLoader.vaultedNonce('client-token-1')).toBe('paypal-nonce');
    expect(createClient).toHaveBeenCalledWith({ authorization: 'client-token-1' });
    expect(createVaultManager).toHaveBeenCalledWith({ client });
    // without defaultFirst: the most recently used method first, the account just approved
    expect(fetchPaymentMethods).toHaveBeenCalledWith();
    expect(teardown).toHaveBeenCalled();
  });

  it('answers undefined when no PayPal account is vaulted, and passes a failure on', async () => {
    fetchPaymentMethods.mockResolvedValueOnce([{ nonce: 'card-nonce', type: 'CreditCard', default: true, details: {} }]);
    expect(await braintreeVaultLoader.vaultedNonce('t')).toBeUndefined();
    fetchPaymentMethods.mockRejectedValueOnce(new Error('offline'));
    await expect(braintreeVaultLoader.vaultedNonce('t')).rejects.toThrow('offline');
    expect(teardown).toHaveBeenCalledTimes(2);
  });
});
