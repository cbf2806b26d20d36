/**
 * Clauses `body-size` and `body-depth`: every JSON route refuses a body over 16 KiB with 413 and one
 * nested deeper than 64 levels with 400, before reading it as a request (signup, the card
 * subscription, the Braintree subscription).
 */
import { checkClause, expectThat, type ClauseResult } from './clause.ts';
import type { Probe } from './backendCalls.ts';
import type { ContractTarget } from './target.ts';
import type { Call } from './wire.ts';

export const MAX_BODY_BYTES = 16 * 1024;
export const MAX_DEPTH = 64;

/** The JSON routes, each with the body a real call sends plus `extra` (raw JSON text). */
async function routes(probe: Probe, extra: string): Promise<{ label: string; call: Call }[]> {
  const t = probe.target;
  const account = await probe.signup();
  const plan = t.plans[0];
  const body = (fields: Record<string, unknown>): string => `${JSON.stringify(fields).slice(0, -1)},"extra":${extra}}`;
  const signup = { registration_source: 'email', email: `contract.limits.${Date.now()}@example.com`, name: 'Contract check', landing_type: t.landing };
  const purchase = {
    gateway: 'stripe',
    payment_method_nonce: 'pm_contract_limits',
    coupon: '',
    fb_event_id: `contract-limits-${Date.now()}`,
    landing_type: t.landing,
  };
  return [
    { label: 'signup', call: { method: 'POST', url: `${t.webApi}/signup`, raw: body(signup) } },
    {
      label: `subscription ${plan}`,
      call: { method: 'POST', url: `${t.portal}/users/me/subscriptions/polling/${plan}`, raw: body(purchase), token: account.token },
    },
    {
      label: `Braintree subscription ${plan}`,
      call: {
        method: 'POST',
        url: `${t.braintree}/users/me/braintree/subscriptions/${plan}`,
        raw: body({ ...purchase, gateway: 'braintree' }),
        token: account.token,
      },
    },
  ];
}

export function checkBodyLimits(target: ContractTarget): Promise<ClauseResult>[] {
  return [
    checkClause('body-size', target, async (probe) => {
      const extra = JSON.stringify('x'.repeat(MAX_BODY_BYTES + 1024));
      for (const { label, call } of await routes(probe, extra)) {
        const answer = await probe.call(call, `${label} with a 17 KiB body`);
        expectThat(answer.status === 413, `${label}: a body over ${MAX_BODY_BYTES / 1024} KiB must be a 413, was ${answer.status}`);
      }
    }),
    checkClause('body-depth', target, async (probe) => {
      // inside the body's own object: MAX_DEPTH + 1 levels in all
      const extra = '['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH);
      for (const { label, call } of await routes(probe, extra)) {
        const answer = await probe.call(call, `${label} nested ${MAX_DEPTH + 1} levels deep`);
        expectThat(answer.status === 400, `${label}: a body nested deeper than ${MAX_DEPTH} levels must be a 400, was ${answer.status}`);
      }
    }),
  ];
}
