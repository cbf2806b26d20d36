/**
 * Every screen of both flows, opened with the data a visitor who walked there would have
 * (scripts/galleryVisit.ts, shared with `npm run gallery`), at 320 px wide:
 * - WCAG 2.2 AA: axe-core finds no serious or critical violation, in English and Arabic;
 * - layout: no horizontal scrolling and no text drawn over art, in English, Arabic, German (the
 *   longest words) and Japanese (no spaces: lines break between phrases).
 * Two test files share this suite, each with its languages (every-screen.test.ts: English and Arabic,
 * every-screen-line-breaks.test.ts: German and Japanese), so the e2e run can check them side by side.
 * A file visits its screens a few at a time in one pass (one browser, one server); each screen and
 * language then has its own tests, so a failure names the screen and what broke.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, browser, closeBrowser } from './browser.ts';
import { galleryScreens, type GalleryScreen } from '../../scripts/galleryScreens.ts';
import { visitScreen } from '../../scripts/galleryVisit.ts';
import { BACKDROP_SHARE, MIN_ART_PX, probeLayout, type LayoutReport } from './layoutProbe.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The languages axe-core checks in (left to right and right to left). */
export const AXE_LANGUAGES = ['en', 'ar'];
/** The languages the layout is checked in: the axe languages, German (the longest words) and Japanese (no spaces). */
export const LAYOUT_LANGUAGES = ['en', 'ar', 'de', 'ja'];

const WIDTH = 320;
/** Pages open at once: the browser works while the test process waits. */
const PARALLEL = 3;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

interface Checked {
  path: string;
  layout: LayoutReport;
  violations?: AxeViolation[];
}

/** Runs axe-core over the page with the WCAG 2.0-2.2 A and AA rules. */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // evaluated through the DevTools protocol: the page's CSP (rightly) refuses inline scripts
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

const describeViolations = (violations: AxeViolation[]): string[] =>
  violations.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} at ${v.nodes
        .slice(0, 3)
        .map((n) => JSON.stringify(n.target))
        .join(', ')}${v.nodes[0]?.failureSummary ? ` (${v.nodes[0].failureSummary.replace(/\s+/g, ' ')})` : ''}`,
  );

/** Opens one screen and runs the checks at once (profile creation moves on by itself after a few seconds). */
async function check(screen: GalleryScreen, language: string): Promise<Checked> {
  const { context, page } = await visitScreen(await browser(), screen, { baseUrl: baseUrl(), language, width: WIDTH, height: 640 });
  try {
    // where the visit landed, read first: profile creation may have moved on by the time axe is done
    const path = new URL(page.url()).pathname;
    const layout = await page.evaluate(probeLayout, {
      stepSelector: `main[data-step="${screen.stepId}"]`,
      minArtPx: MIN_ART_PX,
      backdropShare: BACKDROP_SHARE,
    });
    const violations = AXE_LANGUAGES.includes(language) ? await axeViolations(page) : undefined;
    return { path, layout, violations };
  } finally {
    await context.close();
  }
}

/** The checks of every screen in `languages` (some of LAYOUT_LANGUAGES), as one test file's suite. */
export function describeEveryScreen(languages: string[]): void {
  afterAll(closeBrowser);

  const cases = galleryScreens()
    .filter((s) => s.group !== 'variants')
    .flatMap((screen) => languages.map((language) => ({ screen, language, id: `${screen.key} ${language}` })));
  const results = new Map<string, Checked | Error>();

  beforeAll(async () => {
    const queue = [...cases];
    const worker = async (): Promise<void> => {
      for (let c = queue.shift(); c; c = queue.shift()) {
        results.set(c.id, await check(c.screen, c.language).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))));
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  }, 600_000);

  function resultOf(id: string): Checked {
    const result = results.get(id);
    if (!result) throw new Error(`${id} was not visited`);
    if (result instanceof Error) throw result;
    return result;
  }

  describe.each(cases)('$screen.key ($screen.path) in $language', ({ screen, language, id }) => {
    it('is the screen itself, not a redirect or its signed-out state', () => {
      expect(resultOf(id).path).toBe(screen.path);
    });

    if (AXE_LANGUAGES.includes(language)) {
      it('has no serious or critical WCAG 2.2 AA violation (axe-core)', () => {
        const serious = (resultOf(id).violations ?? []).filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(describeViolations(serious)).toEqual([]);
      });
    }

    it(`fits ${WIDTH} px without horizontal scrolling`, () => {
      const { overflowPx, overflowing } = resultOf(id).layout;
      expect({ overflowPx, overflowing }).toEqual({ overflowPx: 0, overflowing: [] });
    });

    it('keeps text off the art', () => {
      expect(resultOf(id).layout.textOverArt).toEqual([]);
    });
  });
}
