/** Clauses `idempotency.replay` and `idempotency.conflict`: the Idempotency-Key of the subscription call. */
import { checkClause, expectThat, type ClauseResult } from './clause.ts';
import { field } from './wire.ts';
import type { ContractTarget } from './target.ts';

const pollingId = (body: unknown): unknown => field(body, 'data', 'polling_result_id');

export function checkIdempotency(target: ContractTarget): Promise<ClauseResult>[] {
  const plan = target.plans[0];
  return [
    checkClause('idempotency.replay', target, async (probe) => {
      const account = await probe.signup();
      const body = probe.purchaseBody(await probe.paymentMethod(account, target.cards.pays));
      const first = await probe.call(probe.subscriptionCall(account, plan, body, 'contract-replay-key'), `subscription ${plan} with key K`);
      const again = await probe.call(probe.subscriptionCall(account, plan, body, 'contract-replay-key'), 'the same call again');
      expectThat(first.status === 200 && typeof pollingId(first.body) === 'string', 'the first call was not taken');
      expectThat(
        again.status === first.status && pollingId(again.body) === pollingId(first.body),
        'the same key and body got another answer (a second purchase)',
      );
    }),
    checkClause('idempotency.conflict', target, async (probe) => {
      const account = await probe.signup();
      const method = await probe.paymentMethod(account, target.cards.pays);
      const first = await probe.call(
        probe.subscriptionCall(account, plan, probe.purchaseBody(method), 'contract-conflict-key'),
        `subscription ${plan} with key K`,
      );
      expectThat(first.status === 200, 'the first call was not taken');
      const other = await probe.call(
        probe.subscriptionCall(account, plan, probe.purchaseBody(method), 'contract-conflict-key'),
        'key K with another fb_event_id',
      );
      expectThat(other.status === 400, `key K with another body must be a 400, was ${other.status}`);
    }),
  ];
}
