/**
 * `npm run dev` on a copy of flows/, run as a developer runs it (its own Node process through tsx, so
 * the page gets exactly what the command serves): saving a flow file reloads the open page within
 * 2 s, also when the editor saves by writing a new file and renaming it; an invalid edit shows the
 * validator's located findings in the page and in the terminal; fixing the file reloads the page by
 * itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_EVENTS_PATH, OVERLAY_ID } from '../../scripts/dev/liveReload.ts';
import { copyFlows, type TempFlows } from '../fixtures/tempFlows.ts';
import { closeBrowser, newVisitor } from './browser.ts';

const root = new URL('../../', import.meta.url).pathname;
/**
 * Save to reload event: 2 s on a machine with a free core. On a saturated shared machine every process
 * gets a share of a core, so the budget grows with the run queue per core (the 1-minute load average).
 */
const RELOAD_BUDGET_MS = 2000 * Math.max(1, loadavg()[0]! / availableParallelism());
let flows: TempFlows;
let dev: { url: string; process: ChildProcess };
const outdir = join(root, `dist-dev-test-${process.pid}`);
const terminal: string[] = [];

interface DevEvent {
  event: string;
  data: unknown;
  at: number;
}

/** Listens to the live-reload channel as a page does, and records every event with its arrival time. */
async function listen(url: string): Promise<{ events: DevEvent[]; next: (event: string, after: number) => Promise<DevEvent>; stop: () => void }> {
  const events: DevEvent[] = [];
  const abort = new AbortController();
  const response = await fetch(`${url}${DEV_EVENTS_PATH}`, { signal: abort.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string): string =>
          block
            .split('\n')
            .find((l) => l.startsWith(`${name}: `))
            ?.slice(name.length + 2) ?? '';
        events.push({ event: field('event'), data: JSON.parse(field('data')) as unknown, at: Date.now() });
      }
    }
  })();
  const next = async (event: string, after: number): Promise<DevEvent> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const found = events.find((e) => e.event === event && e.at >= after);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no "${event}" event within 30 s; got ${JSON.stringify(events)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { events, next, stop: () => abort.abort() };
}

/** Starts `npm run dev` (the same command line) on the copy of the flows, on a free port; resolves with its address once it serves. */
async function startDevCommand(flowsDir: string): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts', flowsDir, `--outdir=${outdir}`], {
    cwd: root,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer): void => void terminal.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const url = terminal.map((line) => /Dev server with the sandbox API: (http:\/\/\S+)/.exec(line)?.[1]).find(Boolean);
    if (url) return { url, process: child };
    if (child.exitCode !== null) throw new Error(`npm run dev exited with ${child.exitCode}:\n${terminal.join('\n')}`);
    if (Date.now() > deadline) throw new Error(`npm run dev printed no address within 120 s:\n${terminal.join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  flows = copyFlows();
  dev = await startDevCommand(flows.dir);
});

afterAll(async () => {
  await closeBrowser();
  if (dev && dev.process.exitCode === null) {
    const exited = new Promise((r) => dev.process.once('exit', r));
    dev.process.kill('SIGTERM');
    await exited;
  }
  rmSync(outdir, { recursive: true, force: true });
  flows?.remove();
});

/** Listens to the dev server's reload channel and opens /discount with its badge shown; `original`: landings.json as it was. */
async function openDiscount() {
  const channel = await listen(dev.url);
  const landingsFile = join(flows.dir, 'landings.json');
  const original = readFileSync(landingsFile, 'utf8');
  const { context, page } = await newVisitor();
  await page.goto(`${dev.url}/discount`);
  await page.getByText('Up to 50% off your first payment').waitFor();
  return { channel, landingsFile, original, context, page };
}

describe('npm run dev', () => {
  it('reloads the page after a flow edit, shows an invalid edit in the page and the terminal, and recovers', async () => {
    const { channel, landingsFile, original, context, page } = await openDiscount();

    // a marketer changes the badge of the variant
    const saved = Date.now();
    writeFileSync(landingsFile, original.replace('"badge": "offerBadge.discount"', '"badge": "paywall.title.trial"'));
    const reload = await channel.next('reload', saved);
    console.log(
      `reload event ${reload.at - saved} ms after saving a flow file (budget ${Math.round(RELOAD_BUDGET_MS)} ms at load ${loadavg()[0]!.toFixed(1)}); ${terminal.at(-1)}`,
    );
    expect(reload.at - saved).toBeLessThan(RELOAD_BUDGET_MS);
    await page.getByText('Start your free trial').waitFor();

    // a typo in a plan name: located findings in the terminal and over the page, nothing rebuilt
    const broken = Date.now();
    writeFileSync(
      landingsFile,
      original.replace('"plans": ["gz-1-month-tomato", "gz-3-month-garlic"]', '"plans": ["gz-1-month-tomatoo", "gz-3-month-garlic"]'),
    );
    const problems = await channel.next('problems', broken);
    const finding = (problems.data as string[]).find((line) => line.includes('[unknown-plan]'));
    expect(finding).toMatch(/landings\.json:\d+:\d+ \/discount\/plans\/0 \[unknown-plan\] .*did you mean "gz-1-month-tomato"/);
    await expect.poll(() => terminal.join('\n')).toContain(finding);
    const overlay = page.locator(`#${OVERLAY_ID}`);
    await expect.poll(() => overlay.textContent()).toContain('[unknown-plan]');
    await expect.poll(() => overlay.getAttribute('role')).toBe('alert');

    // fixed: the page reloads by itself, without the overlay
    const fixed = Date.now();
    writeFileSync(landingsFile, original);
    const recovered = await channel.next('reload', fixed);
    console.log(`reload event ${recovered.at - fixed} ms after fixing the flow file`);
    await page.getByText('Up to 50% off your first payment').waitFor();
    expect(await overlay.count()).toBe(0);
    channel.stop();
    await context.close();
  });

  it('reloads the page when the editor saves by writing a new file and renaming it over the old one, every time', async () => {
    const { channel, landingsFile, original, context, page } = await openDiscount();

    // as vim and many IDEs save: a scratch file next to it, renamed over the original
    const atomicSave = (text: string): void => {
      const scratch = join(flows.dir, '.landings.json.tmp');
      writeFileSync(scratch, text);
      renameSync(scratch, landingsFile);
    };
    const first = Date.now();
    atomicSave(original.replace('"badge": "offerBadge.discount"', '"badge": "paywall.title.trial"'));
    const reload = await channel.next('reload', first);
    expect(reload.at - first).toBeLessThan(RELOAD_BUDGET_MS);
    await page.getByText('Start your free trial').waitFor();

    // the replaced file is still watched: a second save, in place this time, reloads the page again
    const second = Date.now();
    writeFileSync(landingsFile, original);
    const again = await channel.next('reload', second);
    expect(again.at - second).toBeLessThan(RELOAD_BUDGET_MS);
    await page.getByText('Up to 50% off your first payment').waitFor();
    channel.stop();
    await context.close();
  });

  it('shows the overlay on a page opened while the flows are broken, and serves the app again once fixed', async () => {
    const planFile = join(flows.dir, 'plans.json');
    const original = readFileSync(planFile, 'utf8');
    const channel = await listen(dev.url);
    const broken = Date.now();
    writeFileSync(planFile, original.replace('{', '{,'));
    await channel.next('problems', broken);
    channel.stop();
    const { context, page } = await newVisitor();
    await page.goto(`${dev.url}/`);
    await expect.poll(() => page.locator(`#${OVERLAY_ID}`).textContent()).toMatch(/plans\.json:1:2 .*\[json-syntax\]/);
    writeFileSync(planFile, original);
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await context.close();
  });
});
