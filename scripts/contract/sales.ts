/** Clauses `one-main-subscription` and `variant-plans`: what an account may buy. */
import { checkClause, expectThat, type ClauseResult } from './clause.ts';
import { resultStatus } from './backendCalls.ts';
import type { ContractTarget } from './target.ts';

export function checkSales(target: ContractTarget): Promise<ClauseResult>[] {
  const [plan, otherPlan] = target.plans;
  return [
    checkClause('one-main-subscription', target, async (probe) => {
      const account = await probe.signup();
      await probe.paid(account, plan, target.cards.pays, `subscription ${plan}`);
      const body = probe.purchaseBody(await probe.paymentMethod(account, target.cards.pays));
      const second = await probe.purchase(account, otherPlan, body, `then subscription ${otherPlan}`);
      expectThat(
        second.post.status === 409,
        `a second main subscription must be a 409, was ${second.post.status}${second.result ? ` then ${String(resultStatus(second.result))}` : ''}`,
      );
    }),
    checkClause('upsell-after-main', target, async (probe) => {
      const account = await probe.signup();
      const body = probe.purchaseBody(await probe.paymentMethod(account, target.cards.pays), { is_upsell: true });
      const upsell = await probe.purchase(account, target.upsellPlan, body, `the add-on ${target.upsellPlan} without a main subscription`);
      expectThat(upsell.post.status === 409, `the add-on without a main subscription must be a 409, was ${upsell.post.status}`);
    }),
    checkClause('variant-plans', target, async (probe) => {
      const account = await probe.signup();
      const body = probe.purchaseBody(await probe.paymentMethod(account, target.cards.pays));
      const unsold = await probe.purchase(account, target.unsoldPlan, body, `subscription ${target.unsoldPlan} on the ${target.landing} landing`);
      expectThat(unsold.post.status === 422, `a plan the landing does not sell must be a 422, was ${unsold.post.status}`);
    }),
  ];
}
