/**
 * The validator's scaling benchmark: a generated project whose main flow chains `steps` steps (each
 * a valid feature-intro slide) in a temporary directory, validated several times. Validation must
 * stay linear in the size of the flow; `npm run bench` prints the median for 10,000 steps.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateProject } from '../engine/validate/index.ts';
import { commerceRules } from '../screens/product/commerceRules.ts';

const root = new URL('..', import.meta.url).pathname;
const fixtures = join(root, 'test/fixtures/flows');

/** Writes a valid project with one flow of `steps` chained steps; returns its directory. */
export function writeChainProject(steps: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'validator-bench-'));
  const flows = join(dir, 'flows');
  mkdirSync(flows);
  cpSync(join(fixtures, 'locales'), join(dir, 'locales'), { recursive: true });
  cpSync(join(fixtures, 'valid/minimal/plans.json'), join(flows, 'plans.json'));
  const chain: Record<string, object> = {
    landing: { screen: 'landing', props: { title: 'landing.title', text: 'landing.text', cta: 'common.continue', background: 'welcome' }, next: 'step-1' },
  };
  for (let k = 1; k <= steps; k++) {
    chain[`step-${k}`] = {
      path: `/step-${k}`,
      screen: 'feature-intro',
      props: { title: 'intro.checkLocation.title', text: 'intro.checkLocation.text', cta: 'common.continue', image: 'check-location' },
      ...(k < steps ? { next: `step-${k + 1}` } : {}),
    };
  }
  writeFileSync(join(flows, 'main.json'), JSON.stringify({ id: 'main', version: 1, entry: 'landing', steps: chain }, null, 2));
  writeFileSync(
    join(flows, 'landings.json'),
    JSON.stringify(
      {
        fullPrice: {
          paths: ['/'],
          flow: 'main',
          plans: ['gz-1-month-tiger', 'gz-3-month-fox'],
          defaultPlan: 'gz-3-month-fox',
          paywall: { title: 'paywall.title.default', moneyBackDays: 30 },
        },
      },
      null,
      2,
    ),
  );
  return dir;
}

/**
 * Validates the project of `dir` once; returns the error count, the wall time and the CPU time of this
 * process in milliseconds (on a shared, busy machine the CPU time is the steadier figure).
 */
export async function timeValidation(dir: string): Promise<{ issues: number; ms: number; cpuMs: number }> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const { issues } = await validateProject({
    root,
    flowsDir: join(dir, 'flows'),
    localesDir: join(dir, 'locales'),
    registryFile: join(fixtures, 'registry.ts'),
    languagesFile: join(fixtures, 'languages.ts'),
    commerce: commerceRules,
  });
  const used = process.cpuUsage(cpu);
  return { issues: issues.filter((i) => i.severity !== 'warning').length, ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
}

/**
 * Generates a `steps`-step project, validates it `runs` times (after one warm-up run that compiles
 * the schemas) and returns the median time in milliseconds.
 */
export async function benchValidator(steps = 10_000, runs = 5): Promise<{ steps: number; medianMs: number; medianCpuMs: number; issues: number }> {
  const dir = writeChainProject(steps);
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  try {
    const warm = await timeValidation(dir);
    const samples = [];
    for (let k = 0; k < runs; k++) samples.push(await timeValidation(dir));
    return { steps, medianMs: median(samples.map((s) => s.ms)), medianCpuMs: median(samples.map((s) => s.cpuMs)), issues: warm.issues };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints the validator benchmark for `npm run bench`: the median for 10,000 steps against the 2 s goal. */
export async function reportValidatorBench(): Promise<void> {
  const { steps, medianMs, medianCpuMs, issues } = await benchValidator();
  console.log(
    `\nValidator on a generated flow of ${steps.toLocaleString('en')} chained steps, median of 5 runs: ${Math.round(medianMs)} ms` +
      ` (CPU ${Math.round(medianCpuMs)} ms; goal under 2000 ms: ${medianMs < 2000 ? 'met' : 'MISSED'}; ${issues} errors)`,
  );
}
