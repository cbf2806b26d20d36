/**
 * Clauses `payment-method-owner`, `payment-intent-owner` and `receipt-owner`: an account reaches only
 * its own payment methods, payments and subscriptions.
 */
import { checkClause, expectThat, refused, type ClauseResult } from './clause.ts';
import { resultStatus, type Purchase } from './backendCalls.ts';
import { field } from './wire.ts';
import type { ContractTarget } from './target.ts';

/** A purchase the backend turned down: refused at the call, or a result other than a success. */
const turnedDown = (p: Purchase): boolean => refused(p.post.status) || (p.result !== undefined && resultStatus(p.result) !== 'succeeded');

export function checkOwnership(target: ContractTarget): Promise<ClauseResult>[] {
  const plan = target.plans[0];
  return [
    checkClause('payment-method-owner', target, async (probe) => {
      const [a, b] = [await probe.signup(), await probe.signup()];
      const method = await probe.paymentMethod(a, target.cards.pays);
      const own = await probe.purchase(a, plan, probe.purchaseBody(method), `account A: subscription ${plan} with its payment method`);
      expectThat(resultStatus(own.result) === 'succeeded', "account A's own purchase did not succeed");
      const foreign = await probe.purchase(b, plan, probe.purchaseBody(method), `account B: subscription ${plan} with A's payment method`);
      expectThat(turnedDown(foreign), "account B paid with account A's payment method");
    }),
    checkClause('payment-intent-owner', target, async (probe) => {
      const [a, b] = [await probe.signup(), await probe.signup()];
      const { intentId, secret } = await probe.challenged(a, plan, `account A: subscription ${plan} with the 3-D Secure card`);
      await probe.confirm(a, intentId, secret, 'account A completes its challenge');
      const body = probe.purchaseBody(await probe.paymentMethod(b, target.cards.pays), { payment_intent_id: intentId });
      const foreign = await probe.purchase(b, plan, body, `account B: subscription ${plan} with A's payment intent`);
      expectThat(turnedDown(foreign), "account B was given a subscription on account A's payment");
    }),
    checkClause('receipt-owner', target, async (probe) => {
      const [a, b] = [await probe.signup(), await probe.signup()];
      const subscription = await probe.paid(a, plan, target.cards.pays, `account A: subscription ${plan}`);
      const own = await probe.receipt(a, subscription, 'account A: its receipt');
      expectThat(own.status === 200 && field(own.body, 'data', 'subscription_id') === subscription, "account A's own receipt was not answered");
      const foreign = await probe.receipt(b, subscription, "account B: A's receipt");
      expectThat(foreign.status === 404, `another account's receipt must be a 404, was ${foreign.status}`);
    }),
  ];
}
