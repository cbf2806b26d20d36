/**
 * The sandbox stand-in for the card provider's own API (what Stripe.js calls on api.stripe.com),
 * used only by the preview build's sandbox gateway. Authenticated with the publishable key, like
 * Stripe.js. Shapes follow Stripe's:
 *
 * POST /sandbox/stripe/v1/payment_methods
 *   body  { type: 'card', card: { number, exp_month, exp_year, cvc }, billing_details: { name } }
 *   200   { id: 'pm_sb_…', type: 'card', card: { brand, last4, exp_month, exp_year, country }, billing_details: { name } }
 *   402   { error: { type: 'card_error', code, message } }      e.g. incorrect_number, invalid_cvc
 * GET /sandbox/stripe/v1/payment_intents/{id}?client_secret=…
 *   200   { id, status, amount (in the currency's smallest unit: cents, yen), currency (lower case, as Stripe writes it) }
 * POST /sandbox/stripe/v1/payment_intents/{id}/confirm
 *   body  { client_secret, payment_method?, authentication: 'complete' | 'fail' }   (the challenge's answer)
 *   200   { id, status: 'succeeded' | 'requires_payment_method', last_payment_error?: { code, message } }
 *   400   { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message } } for an intent
 *         canceled because another purchase of its account started (payments.ts), as Stripe answers
 *   4xx   { error: { type: 'invalid_request_error', message } }
 *   429   past the card API's limit per client address (rateLimits.ts), with Retry-After
 * The card number is never stored or logged: only its behaviour, brand and last four digits.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toMinorUnits } from '../../../engine/core/currency.ts';
import { bearerToken, HttpError, readJsonBody, sendJson } from '../http.ts';
import { SANDBOX_PUBLISHABLE_KEY } from './account.ts';
import { AUTHENTICATION_FAILED, behaviourOf, brandOf, cardError, countryOf } from './paymentsCards.ts';
import { keepPaymentMethod, newId, paymentsOf } from './paymentsState.ts';
import type { SandboxState } from './state.ts';
import { clientAddress, limitRate } from './rateLimits.ts';

export const STRIPE = '/sandbox/stripe/v1';

const invalid = (status: number, message: string): HttpError => new HttpError(status, { error: { type: 'invalid_request_error', message } });

function requirePublishableKey(req: IncomingMessage): void {
  if (bearerToken(req) !== SANDBOX_PUBLISHABLE_KEY) throw invalid(401, 'Invalid API Key provided: use the publishable key from the payment settings.');
}

const digits = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).replace(/[\s-]/g, '') : '');

export async function createPaymentMethod(state: SandboxState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  requirePublishableKey(req);
  limitRate(state, 'cardApi', clientAddress(req));
  const body = await readJsonBody(req);
  if (body.type !== 'card') throw invalid(400, 'type must be "card"');
  const card = (body.card ?? {}) as Record<string, unknown>;
  const number = digits(card.number);
  const expMonth = Number(card.exp_month);
  const expYear = Number(card.exp_year);
  const cvc = digits(card.cvc);
  if (number.length > 19 || cvc.length > 4) throw invalid(400, 'card[number] or card[cvc] is too long');
  const error = cardError({ number, exp_month: expMonth, exp_year: expYear, cvc });
  if (error) return sendJson(res, 402, { error: { type: 'card_error', ...error } });
  const rawName = (body.billing_details as { name?: unknown } | undefined)?.name ?? '';
  if (typeof rawName !== 'string' || rawName.length > 200) throw invalid(400, 'billing_details[name] must be a string of at most 200 characters');
  const name = rawName;
  const method = {
    id: newId('pm'),
    behaviour: behaviourOf(number),
    brand: brandOf(number),
    last4: number.slice(-4),
    expMonth,
    expYear: expYear < 100 ? 2000 + expYear : expYear,
    name,
    authenticated: false,
    country: countryOf(number),
  };
  keepPaymentMethod(paymentsOf(state), method);
  sendJson(res, 200, {
    id: method.id,
    type: 'card',
    card: { brand: method.brand, last4: method.last4, exp_month: method.expMonth, exp_year: method.expYear, country: method.country },
    billing_details: { name },
  });
}

export async function confirmPaymentIntent(state: SandboxState, req: IncomingMessage, res: ServerResponse, intentId: string): Promise<void> {
  requirePublishableKey(req);
  limitRate(state, 'cardApi', clientAddress(req));
  const body = await readJsonBody(req);
  const p = paymentsOf(state);
  const intent = p.intents.get(intentId);
  if (!intent || body.client_secret !== intent.secret) throw invalid(404, `No such payment_intent: '${intentId}'`);
  if (intent.status === 'canceled') {
    throw new HttpError(400, {
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'You cannot confirm this PaymentIntent because it has a status of canceled: another purchase of this account has started.',
      },
    });
  }
  if (body.authentication !== 'complete' && body.authentication !== 'fail') throw invalid(400, 'authentication must be "complete" or "fail"');
  if (intent.status === 'requires_action') {
    if (body.authentication === 'complete') {
      intent.status = 'succeeded';
      const method = p.methods.get(intent.paymentMethodId);
      if (method) method.authenticated = true;
    } else {
      intent.status = 'requires_payment_method';
    }
  }
  const failed = intent.status === 'requires_payment_method';
  sendJson(res, 200, {
    id: intent.id,
    status: intent.status,
    ...(failed ? { last_payment_error: { code: AUTHENTICATION_FAILED.declineCode, message: AUTHENTICATION_FAILED.message } } : {}),
  });
}

export function retrievePaymentIntent(state: SandboxState, req: IncomingMessage, res: ServerResponse, intentId: string, url: URL): void {
  requirePublishableKey(req);
  const intent = paymentsOf(state).intents.get(intentId);
  if (!intent || url.searchParams.get('client_secret') !== intent.secret) throw invalid(404, `No such payment_intent: '${intentId}'`);
  sendJson(res, 200, { id: intent.id, status: intent.status, amount: toMinorUnits(intent.amount, intent.currency), currency: intent.currency.toLowerCase() });
}
