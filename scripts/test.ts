/**
 * `npm test`: every check CI runs, in order, stopping at the first failure:
 * generated types up to date, type check, lint (ESLint), format (Prettier), flow validation, unit + component tests, e2e tests in
 * Chromium. Without Chromium the e2e tests are skipped with a visible line, unless REQUIRE_E2E=1,
 * where a missing browser fails the run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const requireE2e = process.env.REQUIRE_E2E === '1';

function run(title: string, command: string, args: string[]): void {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

run('generated types', 'node', ['--import', 'tsx', 'scripts/gen.ts', '--check']);
run('type check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
run('lint', 'npx', ['eslint', '.']);
run('format (fix with `npm run format`)', 'npx', ['prettier', '--check', '**/*.{ts,tsx,js,mjs}']);
run('flow validation', 'node', ['--import', 'tsx', 'scripts/validate.ts']);
const totals = { passed: 0, failed: 0, skipped: 0 };

/** Runs vitest projects with a JSON report next to the console one, and adds up the counts. */
function vitest(title: string, projects: string[], report: string): void {
  mkdirSync('test-results', { recursive: true });
  const file = `test-results/${report}.json`;
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  console.log(`\n▶ ${title}: npx ${args.join(' ')}`);
  const result = spawnSync('npx', args, { stdio: 'inherit', env: process.env });
  if (existsSync(file)) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
  }
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    console.log(`tests: ${totals.passed} passed, ${Math.max(1, totals.failed)} failed`);
    process.exit(result.status ?? 1);
  }
}

vitest('unit and component tests', ['unit', 'components'], 'unit');
if (existsSync(chromium)) {
  vitest('end-to-end tests (Chromium)', ['e2e'], 'e2e');
} else if (requireE2e) {
  console.error(`\n✗ REQUIRE_E2E=1 but no Chromium at ${chromium}: install it with \`apt-get install chromium\`.`);
  process.exit(1);
} else {
  console.log(`\nSKIPPED end-to-end tests: no Chromium at ${chromium} (install it with \`apt-get install chromium\`, or set CHROMIUM_PATH).`);
}
console.log('\n✓ all checks passed');
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
