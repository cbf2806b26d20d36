/**
 * `npm run contract` can fail every clause: against a sandbox that breaks one clause on purpose (the
 * test-only `contractBreak` option), exactly that clause fails and every other one passes.
 */
import { readFileSync } from 'node:fs';
import { CLAUSE_IDS } from '../../scripts/contract/clauseIds.ts';
import { startInProcessSandbox } from '../../scripts/contract/inProcessSandbox.ts';
import { runContract } from '../../scripts/contract/run.ts';
import { sandboxTarget } from '../../scripts/contract/target.ts';

describe('the backend contract check', () => {
  it('passes every clause against the sandbox', async () => {
    const sandbox = await startInProcessSandbox({ settleAtOnce: true });
    try {
      const results = await runContract(sandboxTarget(sandbox.url));
      expect(results.map((r) => r.id)).toEqual([...CLAUSE_IDS]);
      expect(results.filter((r) => !r.ok)).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });

  it.each(CLAUSE_IDS)('fails only %s against a sandbox that breaks it', async (clause) => {
    const sandbox = await startInProcessSandbox({ contractBreak: clause, settleAtOnce: true });
    try {
      const results = await runContract(sandboxTarget(sandbox.url));
      const failed = results.filter((r) => !r.ok);
      expect(failed.map((r) => r.id)).toEqual([clause]);
      // the line says what went wrong, after what was sent and answered
      expect(failed[0]!.detail).toMatch(/ → .*FAILED: /);
    } finally {
      await sandbox.close();
    }
  });
});

describe('docs/purchases.md', () => {
  it("names every clause of the check once, as the command's lines do, in their order", () => {
    const doc = readFileSync(new URL('../../docs/purchases.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## Backend contract'), doc.indexOf('### The sandbox'));
    const named = [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]);
    expect(named).toEqual([...CLAUSE_IDS]);
  });
});
