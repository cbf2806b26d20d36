/**
 * Clause `open-intent-cancelled`: a payment left waiting for 3-D Secure (the visitor closed the
 * challenge) can no longer be charged once another purchase of the same account has started.
 */
import { checkClause, expectThat, type ClauseResult } from './clause.ts';
import { resultStatus, subscriptionOf } from './backendCalls.ts';
import { field } from './wire.ts';
import type { ContractTarget } from './target.ts';

export function checkOpenIntent(target: ContractTarget): Promise<ClauseResult>[] {
  const plan = target.plans[0];
  return [
    checkClause('open-intent-cancelled', target, async (probe) => {
      const account = await probe.signup();
      const { intentId, secret } = await probe.challenged(account, plan, `subscription ${plan} with the 3-D Secure card`);
      const method = await probe.paymentMethod(account, target.cards.pays);
      const next = await probe.call(
        probe.subscriptionCall(account, plan, probe.purchaseBody(method)),
        `challenge left open; subscription ${plan} with a card that pays`,
      );
      const pollingId = field(next.body, 'data', 'polling_result_id');
      expectThat(next.status === 200 && typeof pollingId === 'string', 'the new purchase was not taken');
      const late = await probe.confirm(account, intentId, secret, 'the first challenge completed after that');
      expectThat(late.status !== 200 || field(late.body, 'status') !== 'succeeded', 'the abandoned payment was still charged');
      const paid = await probe.poll(account, pollingId);
      expectThat(resultStatus(paid) === 'succeeded', 'the new purchase did not succeed');
      const resent = await probe.purchase(
        account,
        plan,
        probe.purchaseBody(method, { payment_intent_id: intentId }),
        'a subscription call with the first payment intent',
      );
      const second = subscriptionOf(resent.result);
      expectThat(second === undefined || second === subscriptionOf(paid), 'the first payment intent bought a second subscription');
    }),
  ];
}
