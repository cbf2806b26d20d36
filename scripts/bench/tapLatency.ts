/**
 * Tap to next step painted, as the visitor feels it, under the phone profile: a visitor walks each
 * funnel the way the e2e visitor does (test/e2e/visitor.ts: the flow graph, one driver per screen
 * type), and the page itself times every tap that moves to another step, from the tap's pointerdown
 * to the first frame after the next step is in place (its `main[data-step]`, no loader in it).
 *
 * - early: the landing's button is tapped 200 ms after the first contentful paint (before the app's
 *   scripts have run on this profile); the later steps as soon as they show.
 * - idle: every step is tapped once the page has been quiet for a while (the visitor reads first).
 * - the peer: a SurveyJS survey's Next, page to page, at idle (scripts/bench/surveyPage.ts).
 * - INP: each walk's Interaction to Next Paint over all its taps and key presses (Event Timing).
 */
import type { Browser, Page } from 'playwright-core';
import { phonePage } from './throttled.ts';
import { formatTable, median } from './report.ts';
import { backendWait, type BackendWait, type PageRequest } from './backendWait.ts';
import { entryStep, walk } from '../../test/e2e/visitor.ts';
import en from '../../locales/en.json';

export interface TapSample {
  from: string;
  to: string;
  /** The tap's pointerdown, in the page's clock. */
  start: number;
  ms: number;
  /** The backend's share of the tap (added after the walk, from the page's requests). */
  backend?: BackendWait;
}

/**
 * How long the visitor reads a step before tapping, in the idle walk. The landing is read longer: a
 * prerendered landing fetches what the later steps need (the router, the rest of the texts) 10 s after
 * it has loaded, unless the visitor interacts first, to keep its first seconds light (boot.tsx).
 */
const READ_MS = 3000;
const LANDING_READ_MS = 14_000;
/** The early tap: this long after the first contentful paint. */
const EARLY_TAP_MS = 200;

/**
 * Runs in the page before its scripts: records every pointerdown and, once the screen it was made on
 * has been replaced by another one, the time to the frame after that (the new screen painted).
 * `kind` says how a screen is named: a funnel step (its data-step, no loader in it) or a survey page
 * (its question title). Plain JavaScript in a string: a function compiled by tsx would carry helpers
 * the page does not have.
 */
export const tapProbeSource = (kind: 'funnel' | 'survey'): string => `(() => {
  const kind = ${JSON.stringify(kind)};
  window.__taps = [];
  // every request of the walk stays listed, to tell each tap's wait on the backend
  performance.setResourceTimingBufferSize(100000);
  const screen = () => {
    if (kind === 'survey') return document.querySelector('.sd-question__title')?.textContent ?? '';
    const main = document.querySelector('main[data-step]');
    if (!main || main.querySelector('.fe-loader')) return '';
    return main.getAttribute('data-step') ?? '';
  };
  let start = 0;
  let from = '';
  // the step each tap or key press was made on, to name the slowest interaction
  const madeOn = [];
  addEventListener('pointerdown', (event) => {
    start = event.timeStamp;
    from = screen() || from;
    madeOn.push([event.timeStamp, from]);
  }, true);
  addEventListener('keydown', (event) => void madeOn.push([event.timeStamp, screen() || from]), true);
  const stepAt = (time) => madeOn.filter(([t]) => t <= time + 1).pop()?.[1] ?? '';
  const tick = () => {
    const now = start ? screen() : '';
    if (now && now !== from) {
      const tapped = start;
      const left = from;
      start = 0;
      from = now;
      // this frame shows the new screen; the next one starts once it is painted
      requestAnimationFrame(() => window.__taps.push({ from: left, to: now, start: tapped, ms: performance.now() - tapped }));
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  // Interaction to Next Paint: each interaction's longest event (Event Timing), by interactionId
  window.__interactions = {};
  // TAP_DEBUG: every event of an interaction of 100 ms or more (duration, type, step, input delay, processing)
  window.__slowEvents = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.interactionId) continue;
        window.__interactions[entry.interactionId] = Math.max(window.__interactions[entry.interactionId] ?? 0, entry.duration);
        if (entry.duration > (window.__slowest?.ms ?? 0)) window.__slowest = { ms: entry.duration, event: entry.name, step: stepAt(entry.startTime) };
        if (entry.duration >= 100) window.__slowEvents.push([Math.round(entry.duration), entry.name, stepAt(entry.startTime), Math.round(entry.processingStart - entry.startTime), Math.round(entry.processingEnd - entry.processingStart)]);
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {}
})();`;

const taps = (page: Page): Promise<TapSample[]> => page.evaluate(() => (window as unknown as { __taps: TapSample[] }).__taps);

/** The walk's taps, each with its wait on the backend. */
async function tapsWithBackendWait(page: Page): Promise<TapSample[]> {
  const requests: PageRequest[] = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({ url: e.name, start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
  );
  return (await taps(page)).map((tap) => ({ ...tap, backend: backendWait(requests, tap.start, tap.start + tap.ms) }));
}

/**
 * The walk's INP as web-vitals computes it: the longest interaction, or with 50 and more interactions
 * one in 50 left out (the 98th percentile); interactions under 16 ms are not observed (0 then).
 */
export function interactionToNextPaint(durations: number[]): number {
  const sorted = [...durations].sort((a, b) => b - a);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length / 50))] ?? 0;
}

const interactions = (page: Page): Promise<number[]> =>
  page.evaluate(() => Object.values((window as unknown as { __interactions: Record<string, number> }).__interactions));

/** The walk's slowest event of an interaction: its duration, type and the step it was made on. */
const slowest = (page: Page): Promise<WalkResult['slowest']> => page.evaluate(() => (window as unknown as { __slowest?: WalkResult['slowest'] }).__slowest);

export interface WalkResult {
  taps: TapSample[];
  /** The walk's Interaction to Next Paint (every tap and key press of the walk, typing the card included). */
  inp: number;
  slowest?: { ms: number; event: string; step: string };
}

async function waitForFirstPaint(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { polling: 16, timeout: 60_000 });
}

export interface FunnelWalk {
  /** The landing path the visitor arrives on. */
  landingPath: string;
  /** Whether the walk goes on through the payment to the app download (the main funnel). */
  pays: boolean;
}

/** Types a test card and pays, as the e2e checkout tests do. */
async function pay(page: Page): Promise<void> {
  const card = en.checkout.card;
  await page.getByLabel(card.number).pressSequentially('4242424242424242');
  await page.getByLabel(card.expiry).pressSequentially('1234');
  await page.getByLabel(card.cvc).pressSequentially('123');
  await page.getByLabel(card.name).fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/** One walk of a funnel under the phone profile; resolves to the timed taps in order and the walk's INP. */
export async function timedWalk(browser: Browser, baseUrl: string, funnel: FunnelWalk, mode: 'early' | 'idle', visitor: number): Promise<WalkResult> {
  const { context, page } = await phonePage(browser);
  page.setDefaultTimeout(60_000);
  await page.addInitScript({ content: tapProbeSource('funnel') });
  if (process.env.TAP_DEBUG) {
    const t0 = Date.now();
    page.on('request', (r) => console.log(`${Date.now() - t0} ms request ${r.url().replace(baseUrl, '')}`));
    page.on('framenavigated', (f) => f === page.mainFrame() && console.log(`${Date.now() - t0} ms at ${f.url().replace(baseUrl, '')}`));
  }
  const choices = { email: `bench-${mode}-${visitor}-${Date.now()}@example.com` };
  const read = mode === 'idle' ? (ms: number) => page.waitForTimeout(ms) : async () => {};
  try {
    await page.goto(baseUrl + funnel.landingPath, { waitUntil: 'commit' });
    await waitForFirstPaint(page);
    await (mode === 'early' ? page.waitForTimeout(EARLY_TAP_MS) : page.waitForTimeout(LANDING_READ_MS));
    let landing = true;
    const onStep = async (): Promise<void> => {
      if (!landing) await read(READ_MS);
      landing = false;
    };
    const base = { baseUrl, landingPath: funnel.landingPath, texts: en, choices, onStep, timeoutMs: 60_000 };
    await walk(page, { ...base, start: entryStep(funnel.landingPath), until: { screen: 'checkout' } });
    if (funnel.pays) {
      await page.getByLabel(en.checkout.card.number).waitFor();
      await read(READ_MS);
      await pay(page);
      await walk(page, { ...base, start: 'checkout-success', until: { screen: 'download' } });
    }
    await lastStepPainted(page, funnel.pays ? 'download' : 'checkout');
    if (process.env.TAP_DEBUG)
      console.log('slow events', JSON.stringify(await page.evaluate(() => (window as unknown as { __slowEvents: unknown[] }).__slowEvents)));
    return { taps: await tapsWithBackendWait(page), inp: interactionToNextPaint(await interactions(page)), slowest: await slowest(page) };
  } finally {
    await context.close();
  }
}

/**
 * Waits until the walk's last screen is on screen and the tap that opened it has been timed (a walk
 * ends as soon as the address changes, maybe before the step has replaced the one before).
 */
async function lastStepPainted(page: Page, screen: string): Promise<void> {
  await page.waitForFunction((type) => {
    const main = document.querySelector(`main.fe-step--${type}[data-step]`);
    const timed = (window as unknown as { __taps: TapSample[] }).__taps;
    return !!main && timed[timed.length - 1]?.to === main.getAttribute('data-step');
  }, screen);
}

/** One SurveyJS visit: loaded, left idle, then Next from page to page; resolves to the page-to-page times. */
export async function surveyWalk(browser: Browser, url: string, pages: number): Promise<TapSample[]> {
  const { context, page } = await phonePage(browser);
  await page.addInitScript({ content: tapProbeSource('survey') });
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.locator('.sd-question__title').first().waitFor();
    for (let i = 1; i < pages; i++) {
      await page.waitForTimeout(READ_MS);
      const before = (await taps(page)).length;
      await page.locator('input.sd-navigation__next-btn, button.sd-navigation__next-btn').first().click();
      await page.waitForFunction((n) => (window as unknown as { __taps: unknown[] }).__taps.length > n, before);
    }
    return await taps(page);
  } finally {
    await context.close();
  }
}

export interface StepMedians {
  /** "from → to" */
  step: string;
  /** Tap to next step painted. */
  ms: number;
  /** Of it, waiting on the backend (0 for a tap that calls nothing), and how many calls. */
  backendMs: number;
  calls: number;
  /** The rest: the funnel's own time (each walk's tap less its backend wait). */
  ownMs: number;
}

/** Medians per transition ("from → to"), in the order of the first walk. */
export function mediansByStep(walks: TapSample[][]): StepMedians[] {
  const order: string[] = [];
  const all = new Map<string, TapSample[]>();
  for (const sample of walks.flat()) {
    const key = `${sample.from} → ${sample.to}`;
    const samples = all.get(key) ?? [];
    if (!all.has(key)) {
      order.push(key);
      all.set(key, samples);
    }
    samples.push(sample);
  }
  return order.map((step) => {
    const samples = all.get(step)!;
    const backend = (s: TapSample): number => s.backend?.ms ?? 0;
    return {
      step,
      ms: median(samples.map((s) => s.ms)),
      backendMs: median(samples.map(backend)),
      calls: median(samples.map((s) => s.backend?.calls ?? 0)),
      ownMs: median(samples.map((s) => s.ms - backend(s))),
    };
  });
}

// five walks: with three, Pay's own time (a median) moved by 25 ms between two runs an hour apart
const TAP_RUNS = Math.max(1, Number(process.env.TAP_RUNS ?? 5));
const FUNNELS: FunnelWalk[] = [
  { landingPath: '/', pays: true },
  { landingPath: '/family', pays: false },
];
/** The goals: a tap early on the landing, a tap at idle, and at idle against the peer. */
const EARLY_GOAL_MS = 1000;
const IDLE_GOAL_MS = 300;
const PEER_GOAL = 1.3;
const INP_GOAL_MS = 200;

/**
 * The walks behind the preview server (they need the sandbox backend and gateway: `npm start`'s
 * build), interleaved with the peer's visits so a burst of load on the machine hits both alike.
 */
export async function reportTapFigures(browser: Browser, baseUrl: string, surveyPath: string, surveyPages: number): Promise<void> {
  const early = new Map<string, WalkResult[]>(FUNNELS.map((f) => [f.landingPath, []]));
  const idle = new Map<string, WalkResult[]>(FUNNELS.map((f) => [f.landingPath, []]));
  const peer: TapSample[][] = [];
  for (let run = 0; run < TAP_RUNS; run++) {
    for (const funnel of FUNNELS) {
      early.get(funnel.landingPath)!.push(await timedWalk(browser, baseUrl, funnel, 'early', run));
      idle.get(funnel.landingPath)!.push(await timedWalk(browser, baseUrl, funnel, 'idle', run));
    }
    peer.push(await surveyWalk(browser, baseUrl + surveyPath, surveyPages));
  }
  const peerMs = median(peer.flat().map((s) => s.ms));
  console.log(`\nTap to next step painted, phone profile, median of ${TAP_RUNS} walks per funnel (preview build with the sandbox backend):\n`);
  const rows: string[][] = [];
  let worstIdle = { step: '', ms: 0, backendMs: 0, calls: 0, ownMs: 0 };
  let worstOwn = 0;
  let worstEarly = 0;
  for (const funnel of FUNNELS) {
    const firstEarly = median(early.get(funnel.landingPath)!.map((walk) => walk.taps[0]?.ms ?? NaN));
    worstEarly = Math.max(worstEarly, firstEarly);
    const idleSteps = mediansByStep(idle.get(funnel.landingPath)!.map((walk) => walk.taps));
    idleSteps.forEach((tap, i) => {
      if (tap.ms > worstIdle.ms) worstIdle = tap;
      worstOwn = Math.max(worstOwn, tap.ownMs);
      rows.push([
        i === 0 ? funnel.landingPath : '',
        tap.step,
        i === 0 ? `${Math.round(firstEarly)} ms` : '',
        `${Math.round(tap.ms)} ms`,
        tap.calls ? `${Math.round(tap.backendMs)} ms (${tap.calls} ${tap.calls === 1 ? 'call' : 'calls'})` : '',
        `${(tap.ownMs / peerMs).toFixed(2)}x`,
      ]);
    });
  }
  rows.push(['SurveyJS', 'page → next page (Next)', '', `${Math.round(peerMs)} ms`, '', '1.00x']);
  console.log(
    formatTable(['funnel', 'tap (step → next step)', 'early tap', 'idle tap', 'of it, the backend (idle)', 'idle ratio to SurveyJS, backend left out'], rows),
  );
  console.log(`\nINP of the whole walk (every tap and key press), median of ${TAP_RUNS} walks:\n`);
  const inp = (walks: WalkResult[]): number => median(walks.map((walk) => walk.inp));
  console.log(
    formatTable(
      ['funnel', 'early walk', 'idle walk', 'slowest interaction (all walks)'],
      FUNNELS.map((f) => {
        const worst = [...early.get(f.landingPath)!, ...idle.get(f.landingPath)!]
          .map((walk) => walk.slowest)
          .reduce((a, b) => ((b?.ms ?? 0) > (a?.ms ?? 0) ? b : a), undefined);
        return [
          f.landingPath,
          `${Math.round(inp(early.get(f.landingPath)!))} ms`,
          `${Math.round(inp(idle.get(f.landingPath)!))} ms`,
          worst ? `${Math.round(worst.ms)} ms, ${worst.event} on ${worst.step || 'the landing'}` : '',
        ];
      }),
    ),
  );
  const worstInp = Math.max(...FUNNELS.flatMap((f) => [inp(early.get(f.landingPath)!), inp(idle.get(f.landingPath)!)]));
  console.log(
    `\nGoals: INP <= ${INP_GOAL_MS} ms: ${Math.round(worstInp)} ms (worst walk) ${worstInp <= INP_GOAL_MS ? 'met' : 'NOT met'}; ` +
      `early tap <= ${EARLY_GOAL_MS} ms: ${Math.round(worstEarly)} ms (worst funnel) ${worstEarly <= EARLY_GOAL_MS ? 'met' : 'NOT met'}; ` +
      `idle tap <= ${IDLE_GOAL_MS} ms: ${Math.round(worstIdle.ms)} ms (worst step, ${worstIdle.step}` +
      (worstIdle.calls ? `, ${Math.round(worstIdle.backendMs)} ms of it on ${worstIdle.calls} backend calls` : '') +
      `) ${worstIdle.ms <= IDLE_GOAL_MS ? 'met' : 'NOT met'}; ` +
      `the funnel's own time (backend left out) <= ${IDLE_GOAL_MS} ms: ${Math.round(worstOwn)} ms (worst step) ${worstOwn <= IDLE_GOAL_MS ? 'met' : 'NOT met'}; ` +
      `<= ${PEER_GOAL}x SurveyJS: ${(worstOwn / peerMs).toFixed(2)}x ${worstOwn <= PEER_GOAL * peerMs ? 'met' : 'NOT met'}`,
  );
}
