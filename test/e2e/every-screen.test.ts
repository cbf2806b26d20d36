/**
 * Every screen of both flows, opened with the data a visitor who walked there would have
 * (scripts/galleryVisit.ts, shared with `npm run gallery`), at 320 px wide:
 * - WCAG 2.2 AA: axe-core finds no serious or critical violation, in English and Arabic;
 * - layout: no horizontal scrolling and no text drawn over art, in English, Arabic, German and Japanese.
 * Each screen and language is one visit; its checks are separate tests so a failure names what broke.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, browser, closeBrowser } from './browser.ts';
import { galleryScreens } from '../../scripts/galleryScreens.ts';
import { visitScreen } from '../../scripts/galleryVisit.ts';
import { BACKDROP_SHARE, MIN_ART_PX, probeLayout } from './layoutProbe.ts';

afterAll(closeBrowser);

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const AXE_LANGUAGES = ['en', 'ar'];
const LAYOUT_LANGUAGES = ['en', 'ar', 'de', 'ja'];
const WIDTH = 320;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** Runs axe-core over the page with the WCAG 2.0-2.2 A and AA rules. */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // evaluated through the DevTools protocol: the page's CSP (rightly) refuses inline scripts
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
}

const describeViolations = (violations: AxeViolation[]): string[] =>
  violations.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}${v.nodes[0]?.failureSummary ? ` (${v.nodes[0].failureSummary.replace(/\s+/g, ' ')})` : ''}`);

const screens = galleryScreens().filter((s) => s.group !== 'variants');

describe.each(screens.flatMap((screen) => LAYOUT_LANGUAGES.map((language) => ({ screen, language }))))('$screen.key ($screen.path) in $language', ({ screen, language }) => {
  let context: BrowserContext;
  let page: Page;
  let violations: AxeViolation[] = [];

  beforeAll(async () => {
    ({ context, page } = await visitScreen(await browser(), screen, { baseUrl: baseUrl(), language, width: WIDTH, height: 640 }));
    if (AXE_LANGUAGES.includes(language)) violations = await axeViolations(page);
    // a screen that moves on by itself (profile creation) must still be the one that was checked
    expect(new URL(page.url()).pathname).toBe(screen.path);
  });
  afterAll(() => context?.close());

  if (AXE_LANGUAGES.includes(language)) {
    it('has no serious or critical WCAG 2.2 AA violation (axe-core)', () => {
      expect(describeViolations(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))).toEqual([]);
    });
  }

  it(`fits ${WIDTH} px without horizontal scrolling and keeps text off the art`, async () => {
    const report = await page.evaluate(probeLayout, { stepSelector: `main[data-step="${screen.stepId}"]`, minArtPx: MIN_ART_PX, backdropShare: BACKDROP_SHARE });
    expect({ overflowPx: report.overflowPx, overflowing: report.overflowing }).toEqual({ overflowPx: 0, overflowing: [] });
    expect(report.textOverArt).toEqual([]);
  });
});
