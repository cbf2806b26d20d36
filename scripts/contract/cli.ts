/**
 * `npm run contract -- --base <url>`: checks a backend against the contract of docs/purchases.md and
 * prints one line per clause (PASS/FAIL, what was sent and answered); exits 1 on any failed clause.
 *
 *   --base <origin>       the sandbox's addresses under this origin (default http://127.0.0.1:8080, `npm start`)
 *   --sandbox             start an in-process sandbox on a free port and check it (what `npm test` runs)
 *   --config <file.json>  the target's fields (scripts/contract/target.ts), e.g. a real backend's addresses
 *   --webapi --portal --braintree --card-api --landing --plans a,b --unsold-plan --card-pays --card-3ds
 *   --flood <n> --poll-timeout-ms <ms>      one field each, over the config file's
 */
import { parseArgs } from 'node:util';
import { startInProcessSandbox, type InProcessSandbox } from './inProcessSandbox.ts';
import { resultLine, runContract } from './run.ts';
import { resolveTarget, TARGET_FLAGS } from './target.ts';

const stringFlags = Object.fromEntries(Object.keys(TARGET_FLAGS).map((flag) => [flag, { type: 'string' as const }]));

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { base: { type: 'string' }, config: { type: 'string' }, sandbox: { type: 'boolean' }, ...stringFlags },
    strict: true,
  });
  let sandbox: InProcessSandbox | undefined;
  if (values.sandbox) sandbox = await startInProcessSandbox();
  try {
    const base = sandbox?.url ?? (typeof values.base === 'string' ? values.base : 'http://127.0.0.1:8080');
    const target = resolveTarget(base, typeof values.config === 'string' ? values.config : undefined, values);
    console.log(`Backend contract (docs/purchases.md) against ${target.portal}${sandbox ? ' (in-process sandbox)' : ''}`);
    const results = await runContract(target);
    for (const result of results) console.log(resultLine(result));
    const failed = results.filter((r) => !r.ok);
    console.log(
      failed.length
        ? `\n${failed.length} of ${results.length} clauses failed: ${failed.map((r) => r.id).join(', ')}`
        : `\nall ${results.length} clauses passed`,
    );
    return failed.length ? 1 : 0;
  } finally {
    await sandbox?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
