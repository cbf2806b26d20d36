/** Calls 1 and 2 of spec section 7: signup and payment settings, with the response fields the funnel reads. */
import { failureOf, type HttpClients } from '../backend/http.ts';

export interface SignupRequest {
  email: string;
  /** Falls back to the e-mail when no name is given (spec section 5). */
  name?: string;
  landingType: string;
}

export interface SignupResult {
  accessToken: string;
  userId: string;
}

/** A failed signup: the server's e-mail error text when it sent one. */
export class SignupError extends Error {
  constructor(
    readonly status: number,
    readonly emailError: string | undefined,
    /** A 429's Retry-After, in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(emailError ?? 'Failed to create an account');
    this.name = 'SignupError';
  }
}

/** Reads errors.info.email as a string, or the first of an array of strings. */
function emailErrorOf(body: unknown): string | undefined {
  const email = (body as { errors?: { info?: { email?: unknown } } } | undefined)?.errors?.info?.email;
  if (typeof email === 'string' && email.trim()) return email;
  if (Array.isArray(email) && typeof email[0] === 'string') return email[0];
  return undefined;
}

/** POST {webapi}/signup. Never retried: a POST is not idempotent. */
export async function postSignup(http: HttpClients, request: SignupRequest): Promise<SignupResult> {
  try {
    const { data } = await http.webapi.post('/signup', {
      registration_source: 'email',
      name: request.name?.trim() || request.email,
      email: request.email,
      landing_type: request.landingType,
    });
    const accessToken = (data as { access_token?: unknown }).access_token;
    const userId = (data as { entity?: { geozilla_user_id?: unknown } }).entity?.geozilla_user_id;
    if (typeof accessToken !== 'string' || !accessToken) throw new SignupError(200, undefined);
    return { accessToken, userId: userId === undefined || userId === null ? '' : String(userId) };
  } catch (error) {
    if (error instanceof SignupError) throw error;
    const { status, body, retryAfterMs } = failureOf(error);
    throw new SignupError(status, emailErrorOf(body), retryAfterMs);
  }
}

export interface PaymentSettings {
  publishableKey: string;
  accountName: string;
  discountSkipPaywall: boolean;
  force3ds: boolean;
  /** The Braintree client token, when the portal gives one ('' otherwise). */
  clientToken: string;
}

/** GET {portal}/users/me/payments-settings (bearer token). */
export async function getPaymentSettings(http: HttpClients): Promise<PaymentSettings> {
  const { data } = await http.portal.get('/users/me/payments-settings');
  const d = data as {
    stripe_publishable_key?: unknown;
    stripe_account_name?: unknown;
    experiments?: { discount_skip_paywall?: unknown; force_3ds_for_eu_customers?: unknown };
    braintree_client_token?: unknown;
  };
  if (typeof d.stripe_publishable_key !== 'string') throw new Error('Payment settings have no stripe_publishable_key');
  return {
    publishableKey: d.stripe_publishable_key,
    accountName: typeof d.stripe_account_name === 'string' ? d.stripe_account_name : '',
    discountSkipPaywall: d.experiments?.discount_skip_paywall === true,
    force3ds: d.experiments?.force_3ds_for_eu_customers === true,
    clientToken: typeof d.braintree_client_token === 'string' ? d.braintree_client_token : '',
  };
}
