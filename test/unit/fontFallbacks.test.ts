import { updatedFontsCss } from '../../scripts/fonts/fallbackCss.ts';
import { fallbackFaces, SYSTEM_FONTS, WEIGHT_BANDS } from '../../scripts/fonts/fallbackMetrics.ts';

const root = new URL('../../', import.meta.url).pathname;

// each case measures the font files and every locale's text: seconds on a loaded machine
describe('the fallback faces of Open Sans', { timeout: 60_000 }, () => {
  // the widths are weighted by the characters of every locale: an edited text moves them by a fraction of a
  // point, which must not turn the tests red; new fonts or much new text (over a point) need the script run
  it('in screens/ui/fonts.css are the ones computed from the font files, within a point (node --import tsx scripts/fonts/fallbackCss.ts)', () => {
    const { current, updated } = updatedFontsCss();
    const PERCENT = /(\d+(?:\.\d+)?)%/g;
    expect(current.replace(PERCENT, '%')).toBe(updated.replace(PERCENT, '%'));
    const now = [...current.matchAll(PERCENT)].map((m) => Number(m[1]));
    const computed = [...updated.matchAll(PERCENT)].map((m) => Number(m[1]));
    expect(now.length).toBeGreaterThan(20);
    expect(now.map((value, k) => Math.abs(value - computed[k]!)).filter((off) => off > 1)).toEqual([]);
  });

  it('cover every weight from 300 to 900 once per system font, without gaps or overlaps', () => {
    for (let i = 1; i < WEIGHT_BANDS.length; i++) expect(WEIGHT_BANDS[i]!.range[0]).toBe(WEIGHT_BANDS[i - 1]!.range[1] + 1);
    expect(WEIGHT_BANDS[0]!.range[0]).toBe(300);
    expect(WEIGHT_BANDS.at(-1)!.range[1]).toBe(900);
    expect(fallbackFaces(`${root}locales`)).toHaveLength(SYSTEM_FONTS.length * WEIGHT_BANDS.length);
  });

  it('scale a bold system font more for a heavier Open Sans: its 800 is wider than its 600 (measured, not one size for all)', () => {
    for (const system of SYSTEM_FONTS) {
      const faces = fallbackFaces(`${root}locales`).filter((f) => f.family === system.family);
      const at = (weight: number) => faces.find((f) => f.weight[0] <= weight && weight <= f.weight[1])!.sizeAdjust;
      expect(at(800)).toBeGreaterThan(at(700));
      expect(at(700)).toBeGreaterThan(at(600));
      // Arial (Arimo's widths) needs about 104% at 400, as the published metrics of both fonts say
      if (system.family === 'Open Sans Fallback') expect(at(400)).toBeCloseTo(104.3, 0);
    }
  });

  it("give the fallback Open Sans's ascent and descent after scaling (overrides are scaled by size-adjust)", () => {
    for (const face of fallbackFaces(`${root}locales`)) {
      // Open Sans: ascent 2189, descent 600 in 2048 units per em
      expect((face.ascentOverride * face.sizeAdjust) / 100).toBeCloseTo((2189 / 2048) * 100, 0);
      expect((face.descentOverride * face.sizeAdjust) / 100).toBeCloseTo((600 / 2048) * 100, 0);
    }
  });
});
