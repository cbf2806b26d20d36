/**
 * Clauses `signup-email` and `client-token`: what signup stores and what the payment settings hand out.
 */
import { randomBytes } from 'node:crypto';
import { checkClause, expectThat, type ClauseResult } from './clause.ts';
import type { ContractTarget } from './target.ts';
import { field } from './wire.ts';

export function checkAccounts(target: ContractTarget): Promise<ClauseResult>[] {
  return [
    checkClause('signup-email', target, async (probe) => {
      // a zero-width space inside the address: it looks like another address and would be stored apart from it
      const email = `contract\u200B.${randomBytes(4).toString('hex')}@example.com`;
      const body = { registration_source: 'email', email, name: 'Contract check', landing_type: target.landing };
      const answer = await probe.call({ method: 'POST', url: `${target.webApi}/signup`, body }, 'signup with a zero-width space in the address');
      expectThat(answer.status === 422, `an address with invisible characters must be a 422, was ${answer.status}`);
      expectThat(typeof field(answer.body, 'errors', 'info', 'email') === 'string', 'the 422 does not say what is wrong with the e-mail (errors.info.email)');
    }),
    checkClause('client-token', target, async (probe) => {
      const accounts = [await probe.signup(), await probe.signup()];
      const tokens = await Promise.all(accounts.map(async (a) => field(await probe.settings(a), 'braintree_client_token')));
      probe.note(
        `payment settings of two accounts → braintree_client_token ${tokens.map((t) => (typeof t === 'string' ? `${t.slice(0, 14)}…` : String(t))).join(', ')}`,
      );
      if (tokens.every((t) => t === undefined)) return; // a backend without PayPal hands out none
      expectThat(tokens[0] !== tokens[1], 'two accounts got the same client token');
      const derived = accounts.some((a, i) => a.userId !== '' && typeof tokens[i] === 'string' && (tokens[i] as string).includes(a.userId));
      expectThat(!derived, "a client token carries the account's user id: it can be guessed");
    }),
  ];
}
