/**
 * One clause's check: it runs with its own Probe (a record of the calls it makes) and ends in one
 * result line, passed or failed, with what was sent and answered.
 */
import type { ClauseId } from './clauseIds.ts';
import { Probe, SetupError } from './backendCalls.ts';
import type { ContractTarget } from './target.ts';

export interface ClauseResult {
  id: ClauseId;
  ok: boolean;
  /** The calls made and their answers, then why the clause failed. */
  detail: string;
}

/** A clause's expectation that did not hold. */
export class ClauseFailure extends Error {}

/**
 * Ends the clause as failed, with `why`, unless `ok`.
 * @throws ClauseFailure
 */
export function expectThat(ok: boolean, why: string): asserts ok {
  if (!ok) throw new ClauseFailure(why);
}

/** Runs one clause's check; a failed expectation, a failed setup step or a crash is a failed clause. */
export async function checkClause(id: ClauseId, target: ContractTarget, check: (probe: Probe) => Promise<void>): Promise<ClauseResult> {
  const probe = new Probe(target);
  let why = '';
  try {
    await check(probe);
  } catch (error) {
    if (error instanceof ClauseFailure) why = error.message;
    else if (error instanceof SetupError) why = `setup failed: ${error.message}`;
    else why = `the check crashed: ${error instanceof Error ? error.message : String(error)}`;
  }
  const detail = [...probe.lines, ...(why ? [`FAILED: ${why}`] : [])].join('; ');
  return { id, ok: !why, detail };
}

/** True for an answer that refuses the call (4xx). */
export const refused = (status: number): boolean => status >= 400 && status < 500;
