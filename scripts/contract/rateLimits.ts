/**
 * Clauses `rate-limit.payment`, `rate-limit.lookup` and `rate-limit.signup`: a flood of calls gets a
 * 429 with Retry-After long before it ends. They run after every other clause (a flood uses up the
 * caller's allowance), the signup flood last.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { checkClause, expectThat, type ClauseResult } from './clause.ts';
import type { Probe } from './backendCalls.ts';
import type { ClauseId } from './clauseIds.ts';
import type { ContractTarget } from './target.ts';
import { send, type Answer, type Call } from './wire.ts';

/** Calls sent at once during a flood. */
const AT_ONCE = 8;
const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A Retry-After a client can act on: whole seconds, or an HTTP date. */
const usableRetryAfter = (value: string | null): boolean => value !== null && (/^\d+$/.test(value.trim()) || !Number.isNaN(Date.parse(value)));

/** Sends up to `count` calls, AT_ONCE at a time, until one is answered 429; counts the answers. */
async function flood(count: number, make: (i: number) => Call): Promise<{ sent: number; statuses: Map<number, number>; limited?: Answer }> {
  const statuses = new Map<number, number>();
  let next = 0;
  let limited: Answer | undefined;
  const worker = async (): Promise<void> => {
    while (next < count && !limited) {
      const answer = await send(make(next++));
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 429) limited ??= answer;
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return { sent: next, statuses, limited };
}

function floodClause(id: ClauseId, target: ContractTarget, what: string, make: (probe: Probe) => Promise<(i: number) => Call>): Promise<ClauseResult> {
  return checkClause(id, target, async (probe) => {
    const call = await make(probe);
    const { sent, statuses, limited } = await flood(target.flood, call);
    const answers = [...statuses].map(([status, n]) => `${n} × ${status}`).join(', ');
    probe.note(
      `${sent} ${what} at ${AT_ONCE} at a time → ${answers}${limited ? `; the 429 said Retry-After: ${limited.headers.get('retry-after') ?? '(none)'}` : ''}`,
    );
    expectThat(limited !== undefined, `${target.flood} ${what} got no 429`);
    expectThat(usableRetryAfter(limited.headers.get('retry-after')), 'the 429 carries no usable Retry-After (whole seconds or an HTTP date)');
  });
}

export function checkRateLimits(target: ContractTarget): (() => Promise<ClauseResult>)[] {
  const plan = target.plans[0];
  return [
    () =>
      floodClause('rate-limit.payment', target, `subscription calls of one account`, async (probe) => {
        const account = await probe.signup();
        return () => probe.subscriptionCall(account, plan, probe.purchaseBody('pm_contract_flood'), randomUUID());
      }),
    () =>
      floodClause('rate-limit.lookup', target, 'invite-code lookups', async () => {
        const code = (): string => Array.from(randomBytes(6), (b) => CODE_LETTERS[b % CODE_LETTERS.length]).join('');
        return () => ({ method: 'GET', url: `${target.webApi}/circles/${code()}` });
      }),
    () =>
      floodClause('rate-limit.signup', target, 'signups', async () => {
        return () => ({
          method: 'POST',
          url: `${target.webApi}/signup`,
          body: {
            registration_source: 'email',
            email: `contract.flood.${randomBytes(8).toString('hex')}@example.com`,
            name: 'Contract check',
            landing_type: target.landing,
          },
        });
      }),
  ];
}
