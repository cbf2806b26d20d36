/**
 * The sandbox gateway's calls to the preview server's stand-in for the card provider's API
 * (scripts/server/sandbox/paymentsStripe.ts documents the shapes). Preview builds only: the
 * production bundle contains none of this module (test/unit/checkout-bundle.test.ts).
 */
import type { ConfirmResult, GatewayError, PaymentMethodResult } from '../port.ts';
import { fromMinorUnits } from '../../core/currency.ts';

/** The sandbox card API base; also the marker the production-bundle test searches for. */
export const SANDBOX_STRIPE_BASE = '/sandbox/stripe/v1';

/** What Stripe.js answers when it cannot reach its API. */
const CONNECTION_ERROR: GatewayError = { message: 'An error occurred with our connection to the card network.', code: 'api_connection_error' };

interface StripeLikeError {
  error?: { code?: string; decline_code?: string; message?: string };
}

async function post(publishableKey: string, path: string, body: unknown): Promise<{ ok: boolean; data: Record<string, unknown> } | undefined> {
  try {
    const res = await fetch(`${SANDBOX_STRIPE_BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${publishableKey}` },
      body: JSON.stringify(body),
    });
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { ok: res.ok, data };
  } catch {
    return undefined;
  }
}

function errorOf(data: Record<string, unknown>): GatewayError {
  const e = (data as StripeLikeError).error;
  return { message: e?.message ?? 'Your card could not be used.', code: e?.code, declineCode: e?.decline_code };
}

export interface SandboxCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** POST payment_methods: the card becomes a payment method id. */
export async function createSandboxPaymentMethod(publishableKey: string, card: SandboxCard, billingName: string): Promise<PaymentMethodResult> {
  const answer = await post(publishableKey, '/payment_methods', {
    type: 'card',
    card: { number: card.number, exp_month: card.expMonth, exp_year: card.expYear, cvc: card.cvc },
    billing_details: { name: billingName },
  });
  if (!answer) return { error: CONNECTION_ERROR };
  if (!answer.ok || typeof answer.data.id !== 'string') return { error: errorOf(answer.data) };
  const country = (answer.data.card as { country?: unknown } | undefined)?.country;
  return { id: answer.data.id, country: typeof country === 'string' ? country : undefined };
}

/** POST payment_intents/{id}/confirm with the challenge's answer. */
export async function confirmSandboxIntent(
  publishableKey: string,
  clientSecret: string,
  authentication: 'complete' | 'fail',
  paymentMethodId?: string,
): Promise<ConfirmResult> {
  const intentId = clientSecret.split('_secret_')[0] ?? '';
  const answer = await post(publishableKey, `/payment_intents/${encodeURIComponent(intentId)}/confirm`, {
    client_secret: clientSecret,
    authentication,
    ...(paymentMethodId ? { payment_method: paymentMethodId } : {}),
  });
  if (!answer) return { error: CONNECTION_ERROR };
  if (!answer.ok) return { error: errorOf(answer.data) };
  const { id, status, last_payment_error: last } = answer.data as { id?: string; status?: string; last_payment_error?: { code?: string; message?: string } };
  if (status === 'succeeded' && id) return { payment: { id, status } };
  return { error: { message: last?.message ?? 'Your card could not be authenticated.', code: last?.code } };
}

/** GET payment_intents/{id}: the amount and currency the challenge shows, or undefined when unknown. */
export async function retrieveSandboxIntentAmount(publishableKey: string, clientSecret: string): Promise<{ amount: number; currency: string } | undefined> {
  const intentId = clientSecret.split('_secret_')[0] ?? '';
  try {
    const res = await fetch(`${SANDBOX_STRIPE_BASE}/payment_intents/${encodeURIComponent(intentId)}?client_secret=${encodeURIComponent(clientSecret)}`, {
      headers: { authorization: `Bearer ${publishableKey}` },
    });
    const data = (await res.json()) as { amount?: unknown; currency?: unknown };
    if (!res.ok || typeof data.amount !== 'number' || typeof data.currency !== 'string') return undefined;
    const currency = data.currency.toUpperCase();
    return { amount: fromMinorUnits(data.amount, currency), currency };
  } catch {
    return undefined;
  }
}
