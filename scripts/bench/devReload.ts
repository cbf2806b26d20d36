/**
 * `node --import tsx scripts/bench/devReload.ts [saves]`: how long `npm run dev` takes from a save to
 * the open pages' reload event, and where the time goes (validation, bundle), as medians over several
 * saves of a flow file (on a copy of flows/) and of a screen file (saved unchanged).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startDev } from '../dev/devServer.ts';
import { DEV_EVENTS_PATH } from '../dev/liveReload.ts';
import { copyFlows } from '../../test/fixtures/tempFlows.ts';

const root = new URL('../../', import.meta.url).pathname;
const saves = Number(process.argv[2] ?? 7);
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const flows = copyFlows();
const outdir = join(root, `dist-dev-bench-${process.pid}`);
const lines: string[] = [];
const dev = await startDev({ port: 0, flowsDir: flows.dir, outdir, log: (line) => lines.push(line) });

// the reload events, as a page receives them
const reloads: number[] = [];
const abort = new AbortController();
const response = await fetch(`${dev.url}${DEV_EVENTS_PATH}`, { signal: abort.signal });
void (async () => {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
    if (done) return;
    if (value?.includes('event: reload')) reloads.push(performance.now());
  }
})();

async function measure(label: string, save: (i: number) => void): Promise<void> {
  const total: number[] = [];
  const validation: number[] = [];
  const bundle: number[] = [];
  for (let i = 0; i < saves; i++) {
    const seen = reloads.length;
    const logged = lines.length;
    const started = performance.now();
    save(i);
    while (reloads.length === seen) await new Promise((r) => setTimeout(r, 5));
    total.push(reloads[seen]! - started);
    const line = lines.slice(logged).find((l) => l.includes('rebuilt in')) ?? '';
    const [, ms = '0', v = '0'] = /rebuilt in (\d+) ms \(validation (\d+) ms\)/.exec(line) ?? [];
    validation.push(Number(v));
    bundle.push(Number(ms) - Number(v));
    await new Promise((r) => setTimeout(r, 300));
  }
  console.log(
    `${label}: save -> reload median ${Math.round(median(total))} ms (min ${Math.round(Math.min(...total))}, max ${Math.round(Math.max(...total))}); ` +
      `validation median ${median(validation)} ms, bundle median ${median(bundle)} ms`,
  );
}

try {
  console.log(`load average ${loadavg()[0]!.toFixed(1)}, ${saves} saves each`);
  const landingsFile = join(flows.dir, 'landings.json');
  const landings = readFileSync(landingsFile, 'utf8');
  await measure('flow file (landings.json)', (i) =>
    writeFileSync(landingsFile, landings.replace('"paywall.title.discount"', i % 2 ? '"paywall.title.discount"' : '"paywall.title.default"')),
  );
  writeFileSync(landingsFile, landings);
  const screenFile = join(root, 'screens/landing/LandingScreen.tsx');
  const screen = readFileSync(screenFile, 'utf8');
  await measure('screen file (LandingScreen.tsx)', () => writeFileSync(screenFile, screen));
} finally {
  abort.abort();
  await dev.close();
  flows.remove();
  rmSync(outdir, { recursive: true, force: true });
}
