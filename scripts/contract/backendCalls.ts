/**
 * The backend calls the clauses make, in the wire shapes of docs/purchases.md: signup, payment
 * settings, the card API's payment methods and 3-D Secure confirmations, subscriptions, polling and
 * receipts. A `Probe` keeps the account of the calls a clause makes (its output line); a setup step
 * that does not answer as the contract says throws SetupError, which fails the clause naming the step.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { ContractTarget } from './target.ts';
import { brief, describeCall, field, send, type Answer, type Call } from './wire.ts';

export class SetupError extends Error {}

/** A fresh, unique test address (example.com never receives mail). */
const testEmail = (): string => `contract.${randomBytes(6).toString('hex')}@example.com`;

export interface Account {
  token: string;
  /** The account's id as signup answered it (`entity.geozilla_user_id`). */
  userId: string;
}

export interface Purchase {
  /** The subscription call's answer. */
  post: Answer;
  /** The polling's final answer (undefined when the call was refused). */
  result?: Answer;
}

/** The final result's fields. */
export const resultStatus = (result: Answer | undefined): unknown => field(result?.body, 'data', 'result_data', 'status');
export const subscriptionOf = (result: Answer | undefined): unknown => field(result?.body, 'data', 'result_data', 'subscription_id');

export class Probe {
  /** What the clause sent and got, one entry per recorded call. */
  readonly lines: string[] = [];
  private publishableKey = '';

  constructor(readonly target: ContractTarget) {}

  /** Makes a call and records it (with `label` instead of the method and path when given). */
  async call(call: Call, label?: string): Promise<Answer> {
    const answer = await send(call);
    this.lines.push(`${label ?? describeCall(call)} → ${brief(answer)}`);
    return answer;
  }

  /** Adds a line of its own (a conclusion drawn from several calls). */
  note(text: string): void {
    this.lines.push(text);
  }

  /** A setup call: not recorded unless it fails, when it ends the clause. */
  private async setup(call: Call, what: string, ok: (a: Answer) => boolean): Promise<Answer> {
    const answer = await send(call);
    if (!ok(answer)) throw new SetupError(`${what}: ${describeCall(call)} → ${brief(answer)}`);
    return answer;
  }

  async signup(): Promise<Account> {
    const t = this.target;
    const body = { registration_source: 'email', email: testEmail(), name: 'Contract check', landing_type: t.landing };
    const answer = await this.setup({ method: 'POST', url: `${t.webApi}/signup`, body }, 'signup', (a) => a.status === 200);
    const token = field(answer.body, 'access_token');
    if (typeof token !== 'string' || !token) throw new SetupError('signup answered no access_token');
    const userId = field(answer.body, 'entity', 'geozilla_user_id');
    return { token, userId: typeof userId === 'string' || typeof userId === 'number' ? String(userId) : '' };
  }

  /** The account's payment settings (GET {portal}/users/me/payments-settings). */
  async settings(account: Account): Promise<unknown> {
    const call: Call = { method: 'GET', url: `${this.target.portal}/users/me/payments-settings`, token: account.token };
    return (await this.setup(call, 'payment settings', (a) => a.status === 200)).body;
  }

  private async key(account: Account): Promise<string> {
    if (this.publishableKey) return this.publishableKey;
    const settings = await this.settings(account);
    const key = field(settings, 'stripe_publishable_key');
    if (typeof key !== 'string' || !key) throw new SetupError('the payment settings carry no stripe_publishable_key');
    return (this.publishableKey = key);
  }

  /** A payment method for a test card, from the card API (as the card form's tokenisation makes it). */
  async paymentMethod(account: Account, card: string): Promise<string> {
    const body = {
      type: 'card',
      card: { number: card, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' },
      billing_details: { name: 'Contract check' },
    };
    const answer = await this.setup(
      { method: 'POST', url: `${this.target.cardApi}/payment_methods`, body, token: await this.key(account) },
      `payment method for card …${card.slice(-4)}`,
      (a) => a.status === 200,
    );
    const id = field(answer.body, 'id');
    if (typeof id !== 'string' || !id) throw new SetupError('the card API answered no payment method id');
    return id;
  }

  /** A subscription body as the funnel sends it, with a fresh fb_event_id. */
  purchaseBody(paymentMethod: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
    return { gateway: 'stripe', payment_method_nonce: paymentMethod, coupon: '', fb_event_id: randomUUID(), landing_type: this.target.landing, ...extra };
  }

  subscriptionCall(account: Account, plan: string, body: unknown, idempotencyKey: string = randomUUID()): Call {
    return {
      method: 'POST',
      url: `${this.target.portal}/users/me/subscriptions/polling/${encodeURIComponent(plan)}`,
      body,
      token: account.token,
      headers: { 'idempotency-key': idempotencyKey },
    };
  }

  /** Polls a subscription's result until it is final (honouring Retry-After, at most 2 s apart). */
  async poll(account: Account, pollingId: string): Promise<Answer> {
    const deadline = Date.now() + this.target.pollTimeoutMs;
    const call: Call = { method: 'GET', url: `${this.target.portal}/polling/get-result/${encodeURIComponent(pollingId)}`, token: account.token };
    for (;;) {
      const answer = await send(call);
      if (answer.status !== 202 && answer.status !== 429) {
        this.lines.push(`${describeCall(call)} → ${brief(answer)}`);
        return answer;
      }
      if (Date.now() > deadline) throw new SetupError(`no final result for ${pollingId} within ${this.target.pollTimeoutMs} ms`);
      const wait = Math.min(2000, Math.max(200, Number(answer.headers.get('retry-after') ?? 1) * 1000 || 1000));
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  /** A purchase: the subscription call (recorded as `label`), then its polling when the call was taken. */
  async purchase(account: Account, plan: string, body: Record<string, unknown>, label: string, idempotencyKey?: string): Promise<Purchase> {
    const post = await this.call(this.subscriptionCall(account, plan, body, idempotencyKey), label);
    const pollingId = field(post.body, 'data', 'polling_result_id');
    if (post.status !== 200 || typeof pollingId !== 'string') return { post };
    return { post, result: await this.poll(account, pollingId) };
  }

  /** A purchase the backend must take and settle: anything else ends the clause. */
  async paid(account: Account, plan: string, card: string, label: string): Promise<string> {
    const { post, result } = await this.purchase(account, plan, this.purchaseBody(await this.paymentMethod(account, card)), label);
    const subscription = subscriptionOf(result);
    if (typeof subscription !== 'string') throw new SetupError(`${label} did not succeed: ${brief(post)}${result ? `, then ${brief(result)}` : ''}`);
    return subscription;
  }

  /** A purchase with the 3-D Secure card, up to its challenge: the intent's id and client secret. */
  async challenged(account: Account, plan: string, label: string): Promise<{ intentId: string; secret: string }> {
    const { result } = await this.purchase(account, plan, this.purchaseBody(await this.paymentMethod(account, this.target.cards.threeDSecure)), label);
    const data = field(result?.body, 'data', 'result_data', 'data');
    const intentId = field(data, 'payment_intent_id');
    const secret = field(data, 'payment_intent_secret');
    if (resultStatus(result) !== 'requires_action' || typeof intentId !== 'string' || typeof secret !== 'string') {
      throw new SetupError(`${label} did not ask for 3-D Secure`);
    }
    return { intentId, secret };
  }

  /** The 3-D Secure challenge's answer, through the card API (as the challenge window sends it). */
  async confirm(account: Account, intentId: string, secret: string, label: string): Promise<Answer> {
    const url = `${this.target.cardApi}/payment_intents/${encodeURIComponent(intentId)}/confirm`;
    return this.call({ method: 'POST', url, body: { client_secret: secret, authentication: 'complete' }, token: await this.key(account) }, label);
  }

  receipt(account: Account, subscriptionId: string, label: string): Promise<Answer> {
    return this.call({ method: 'GET', url: `${this.target.portal}/users/me/subscriptions/${encodeURIComponent(subscriptionId)}`, token: account.token }, label);
  }
}
