/**
 * Runs every clause of the backend contract against a target: the clauses that buy and look up at
 * once (each with its own accounts), then the floods one after the other, the signup flood last.
 * Results come back in the order of CLAUSE_IDS (docs/purchases.md's order).
 */
import { checkAccounts } from './accounts.ts';
import { checkBodyLimits } from './bodyLimits.ts';
import type { ClauseResult } from './clause.ts';
import { CLAUSE_IDS } from './clauseIds.ts';
import { checkIdempotency } from './idempotency.ts';
import { checkOpenIntent } from './openIntent.ts';
import { checkOwnership } from './ownership.ts';
import { checkRateLimits } from './rateLimits.ts';
import { checkSales } from './sales.ts';
import type { ContractTarget } from './target.ts';

export async function runContract(target: ContractTarget): Promise<ClauseResult[]> {
  const results = await Promise.all([
    ...checkIdempotency(target),
    ...checkSales(target),
    ...checkOwnership(target),
    ...checkOpenIntent(target),
    ...checkAccounts(target),
    ...checkBodyLimits(target),
  ]);
  for (const flood of checkRateLimits(target)) results.push(await flood());
  return results.sort((a, b) => CLAUSE_IDS.indexOf(a.id) - CLAUSE_IDS.indexOf(b.id));
}

/** One line per clause: PASS or FAIL, its name, what was sent and answered. */
export const resultLine = (r: ClauseResult): string => `${r.ok ? 'PASS' : 'FAIL'} ${r.id}: ${r.detail}`;
