/**
 * The funnel report's part of `npm run bench` (alone: `npm run bench -- report`): the report of about
 * 10 million simulated events in Parquet (made once, see reportData.ts), REPORT_RUNS times (default
 * 3), each in a fresh process; prints the median time, CPU time and the highest peak memory against
 * the goals (under 15 s and 2 GiB on the 2-core machine), with the machine's load average, since the
 * machine is shared.
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { benchEvents } from './reportData.ts';
import { formatTable, median } from './report.ts';

const RUNS = Math.max(1, Number(process.env.REPORT_RUNS ?? 3));
const GOAL_MS = 15_000;
const GOAL_BYTES = 2 * 1024 ** 3;

interface RunFigures {
  ms: number;
  cpuMs: number;
  maxRssBytes: number;
  events: number;
}

export async function reportSpeedFigures(): Promise<void> {
  const file = await benchEvents();
  const runs: RunFigures[] = [];
  const loads: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    loads.push(loadavg()[0]!);
    const out = execFileSync(process.execPath, ['--import', 'tsx', new URL('./reportRun.ts', import.meta.url).pathname, file], { encoding: 'utf8' });
    runs.push(JSON.parse(out.trim().split('\n').pop()!) as RunFigures);
  }
  const ms = median(runs.map((r) => r.ms));
  const peak = Math.max(...runs.map((r) => r.maxRssBytes));
  const s = (x: number): string => `${(x / 1000).toFixed(1)} s`;
  const gib = (x: number): string => `${(x / 1024 ** 3).toFixed(2)} GiB`;
  console.log(`\nFunnel report of ${runs[0]!.events.toLocaleString('en-US')} events (Parquet, DuckDB 2 threads, 1.5 GB limit), ${RUNS} runs:\n`);
  console.log(
    formatTable(
      ['run', 'time', 'CPU time', 'peak memory', 'load average (1 min)'],
      runs.map((r, k) => [String(k + 1), s(r.ms), s(r.cpuMs), gib(r.maxRssBytes), loads[k]!.toFixed(1)]),
    ),
  );
  console.log(
    `\nGoals: time < 15 s: median ${s(ms)} ${ms < GOAL_MS ? 'met' : 'NOT met'}; memory < 2 GiB: highest ${gib(peak)} ${peak < GOAL_BYTES ? 'met' : 'NOT met'}`,
  );
}
