/**
 * `npm test`: every check CI runs, stopping at the first failing stage: the static checks (generated
 * types up to date, type check, lint (ESLint), format (Prettier), flow validation, the backend contract
 * against an in-process sandbox (`npm run contract -- --sandbox`); two at a time),
 * unit + component tests, e2e tests in Chromium (project `e2e`, two files at a time, then the
 * timing-sensitive project `e2e-serial`, one file at a time), then the review of the last commit
 * (.build/review/index.html, informative). Without Chromium the e2e tests are skipped with a visible line, unless REQUIRE_E2E=1,
 * where a missing browser fails the run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { TEST_CHROMIUM_PATH } from './chromium.ts';

const chromium = TEST_CHROMIUM_PATH;
const requireE2e = process.env.REQUIRE_E2E === '1';

interface Check {
  title: string;
  command: string;
  args: string[];
}

/**
 * Runs independent checks two at a time (each is mostly one busy thread), printing each one's output
 * whole when it ends; stops after them if any failed, naming every failure.
 */
async function runChecks(checks: Check[], parallel = 2): Promise<void> {
  const queue = [...checks];
  const failed: string[] = [];
  const worker = async (): Promise<void> => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const { title, command, args } = check;
      const started = Date.now();
      const { status, output } = await new Promise<{ status: number | null; output: string }>((resolve) => {
        const child = spawn(command, args, { env: { ...process.env, FORCE_COLOR: '1' } });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('close', (code) => resolve({ status: code, output }));
      });
      console.log(`\n▶ ${title}: ${command} ${args.join(' ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      if (output) process.stdout.write(output);
      if (status !== 0) {
        console.error(`✗ ${title} failed`);
        failed.push(title);
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  if (failed.length) {
    console.error(`\n✗ failed: ${failed.join(', ')}`);
    process.exit(1);
  }
}

await runChecks([
  { title: 'type check', command: 'npx', args: ['tsc', '-p', 'tsconfig.json', '--noEmit'] },
  { title: 'lint', command: 'npx', args: ['eslint', '.'] },
  { title: 'generated types', command: 'node', args: ['--import', 'tsx', 'scripts/gen.ts', '--check'] },
  { title: 'format (fix with `npm run format`)', command: 'npx', args: ['prettier', '--check', '**/*.{ts,tsx,js,mjs}'] },
  { title: 'flow validation', command: 'node', args: ['--import', 'tsx', 'scripts/validate.ts'] },
  // every clause of docs/purchases.md's backend contract, against the sandbox on a free port
  { title: 'backend contract (sandbox)', command: 'node', args: ['--import', 'tsx', 'scripts/contract/cli.ts', '--sandbox'] },
]);
const totals = { passed: 0, failed: 0, skipped: 0 };

interface Run {
  title: string;
  /** Vitest's exit status; 1 when it could not start. */
  status: number;
}

/** Runs vitest projects with a JSON report next to the console one, and adds up the counts. */
async function vitest(title: string, projects: string[], report: string): Promise<Run> {
  mkdirSync('test-results', { recursive: true });
  const file = `test-results/${report}.json`;
  // a report left from an earlier run must not be counted when this one ends without writing its own
  rmSync(file, { force: true });
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  console.log(`\n▶ ${title}: npx ${args.join(' ')}`);
  const started = Date.now();
  const status = await new Promise<number>((resolve) => {
    const child = spawn('npx', args, { stdio: 'inherit', env: process.env });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
  console.log(`${status === 0 ? '✓' : '✗'} ${title}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (existsSync(file)) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
  }
  return { title, status };
}

/** Stops the run when any of the runs failed, naming them. */
function stopOnFailure(runs: Run[]): void {
  const failed = runs.filter((r) => r.status !== 0);
  if (!failed.length) return;
  console.error(`\n✗ failed: ${failed.map((r) => r.title).join(', ')}`);
  console.log(`tests: ${totals.passed} passed, ${Math.max(1, totals.failed)} failed`);
  process.exit(failed[0]!.status);
}

/**
 * The review of the last commit against its parent (`npm run review`), written to .build/review/ so
 * every change has one: English, at most REVIEW_LIMIT screen-language pairs. It informs and never
 * fails the run: a first or shallow commit has no parent, and a parent that does not build is not
 * this commit's fault.
 */
const REVIEW_LIMIT = '24';
async function reviewLastCommit(): Promise<void> {
  const args = ['--import', 'tsx', 'scripts/review.ts', '--base', 'HEAD~1', '--out', '.build/review', '--lang', 'en', '--limit', REVIEW_LIMIT];
  console.log(`\n▶ review of the last commit: node ${args.join(' ')}`);
  const started = Date.now();
  const status = await new Promise<number>((resolve) => {
    const child = spawn('node', args, { stdio: 'inherit', env: process.env });
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
  console.log(
    `${status === 0 ? '✓' : '⚠'} review of the last commit${status === 0 ? '' : ' could not be completed (not a test: the run goes on)'}: ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

const unit = { title: 'unit and component tests', projects: ['unit', 'components'], report: 'unit' };
if (existsSync(chromium)) {
  stopOnFailure([await vitest(unit.title, unit.projects, unit.report)]);
  console.log(`\nbrowser: ${chromium}`);
  // one Vitest run, one build: the `e2e` files two at a time, then the timing-sensitive `e2e-serial` ones alone (vitest.config.ts)
  stopOnFailure([await vitest('end-to-end tests (Chromium)', ['e2e', 'e2e-serial'], 'e2e')]);
  await reviewLastCommit();
} else if (requireE2e) {
  console.error(`\n✗ REQUIRE_E2E=1 but no Chromium at ${chromium}: install it with \`apt-get install chromium-headless-shell\` (or chromium).`);
  process.exit(1);
} else {
  stopOnFailure([await vitest(unit.title, unit.projects, unit.report)]);
  console.log(
    `\nSKIPPED end-to-end tests: no Chromium at ${chromium} (install it with \`apt-get install chromium-headless-shell\` or chromium, or set CHROMIUM_PATH).`,
  );
}
console.log('\n✓ all checks passed');
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
