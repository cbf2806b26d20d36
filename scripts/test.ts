/**
 * `npm test`: every check CI runs, in order, stopping at the first failure:
 * generated types up to date, type check, flow validation, unit + component tests, e2e tests in
 * Chromium. Without Chromium the e2e tests are skipped with a visible line, unless REQUIRE_E2E=1,
 * where a missing browser fails the run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
run('flow validation', 'node', ['--import', 'tsx', 'scripts/validate.ts']);
run('unit and component tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'components']);
if (existsSync(chromium)) {
  run('end-to-end tests (Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e']);
} else if (requireE2e) {
  console.error(`\n✗ REQUIRE_E2E=1 but no Chromium at ${chromium}: install it with \`apt-get install chromium\`.`);
  process.exit(1);
} else {
  console.log(`\nSKIPPED end-to-end tests: no Chromium at ${chromium} (install it with \`apt-get install chromium\`, or set CHROMIUM_PATH).`);
}
console.log('\n✓ all checks passed');
