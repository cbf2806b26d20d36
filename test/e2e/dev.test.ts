/**
 * `npm run dev` on a copy of flows/: saving a flow file reloads the open page within 2 s; an invalid
 * edit shows the validator's located findings in the page and in the terminal; fixing the file
 * reloads the page by itself.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDev, type DevServer } from '../../scripts/dev/devServer.ts';
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
let dev: DevServer;
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

beforeAll(async () => {
  flows = copyFlows();
  dev = await startDev({ port: 0, flowsDir: flows.dir, outdir, log: (line) => terminal.push(line) });
});

afterAll(async () => {
  await closeBrowser();
  await dev?.close();
  rmSync(outdir, { recursive: true, force: true });
  flows?.remove();
});

describe('npm run dev', () => {
  it('reloads the page after a flow edit, shows an invalid edit in the page and the terminal, and recovers', async () => {
    const channel = await listen(dev.url);
    const landingsFile = join(flows.dir, 'landings.json');
    const original = readFileSync(landingsFile, 'utf8');
    const { context, page } = await newVisitor();
    await page.goto(`${dev.url}/discount`);
    await page.getByText('Up to 50% off, renewals included').waitFor();

    // a marketer changes the badge of the variant
    const saved = Date.now();
    writeFileSync(landingsFile, original.replace('"badge": "offerBadge.discount"', '"badge": "offerBadge.trial"'));
    const reload = await channel.next('reload', saved);
    console.log(
      `reload event ${reload.at - saved} ms after saving a flow file (budget ${Math.round(RELOAD_BUDGET_MS)} ms at load ${loadavg()[0]!.toFixed(1)}); ${terminal.at(-1)}`,
    );
    expect(reload.at - saved).toBeLessThan(RELOAD_BUDGET_MS);
    await page.getByText('3-day free trial').waitFor();

    // a typo in a plan name: located findings in the terminal and over the page, nothing rebuilt
    const broken = Date.now();
    writeFileSync(
      landingsFile,
      original.replace('"plans": ["gz-1-month-tomato", "gz-3-month-garlic"]', '"plans": ["gz-1-month-tomatoo", "gz-3-month-garlic"]'),
    );
    const problems = await channel.next('problems', broken);
    const finding = (problems.data as string[]).find((line) => line.includes('[unknown-plan]'));
    expect(finding).toMatch(/landings\.json:\d+:\d+ \/discount\/plans\/0 \[unknown-plan\] .*did you mean "gz-1-month-tomato"/);
    expect(terminal.join('\n')).toContain(finding);
    const overlay = page.locator(`#${OVERLAY_ID}`);
    await expect.poll(() => overlay.textContent()).toContain('[unknown-plan]');
    await expect.poll(() => overlay.getAttribute('role')).toBe('alert');

    // fixed: the page reloads by itself, without the overlay
    const fixed = Date.now();
    writeFileSync(landingsFile, original);
    const recovered = await channel.next('reload', fixed);
    console.log(`reload event ${recovered.at - fixed} ms after fixing the flow file`);
    await page.getByText('Up to 50% off, renewals included').waitFor();
    expect(await overlay.count()).toBe(0);
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
