/**
 * The fallback faces of Open Sans, computed from the font files: for each system font a visitor may
 * have (Arial and the fonts with its widths, Roboto on Android, Noto Sans on Linux) and each weight
 * band the screens use, the `size-adjust` that gives the system font Open Sans's average advance width
 * at that weight, and the ascent/descent overrides that give it Open Sans's line metrics. The average is
 * weighted by how often each character occurs in the texts of the Latin-script locales, so it is the
 * width of our texts, not of the alphabet. Open Sans at 800 is much wider than Arial Bold: one
 * size-adjust for every weight (as before) left bold lines several pixels short.
 *
 * The system fonts are read from the @fontsource copies of the same families (Arimo has Arial's
 * advance widths; Liberation Sans is Arimo).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);
const file = (spec: string): string => require.resolve(spec);

/** The locales whose texts Open Sans draws (the others are Arabic, Cyrillic or CJK: their own system fonts). */
const LATIN_LOCALES = ['en', 'de', 'es', 'fr', 'it', 'pt', 'tr'];

/** A weight band of the fallback faces and the Open Sans weight it stands in for. */
export interface WeightBand {
  range: [number, number];
  openSans: number;
  /** The system font's face used for the band. */
  face: 'regular' | 'bold';
}

export const WEIGHT_BANDS: WeightBand[] = [
  { range: [300, 549], openSans: 400, face: 'regular' },
  { range: [550, 649], openSans: 600, face: 'bold' },
  { range: [650, 749], openSans: 700, face: 'bold' },
  { range: [750, 900], openSans: 800, face: 'bold' },
];

export interface SystemFont {
  /** The CSS family of its fallback faces. */
  family: string;
  /** local() names: full names and PostScript names of the installed faces. */
  local: { regular: string[]; bold: string[] };
  /** The files measured. */
  files: { regular: string; bold: string };
}

export const SYSTEM_FONTS: SystemFont[] = [
  {
    family: 'Open Sans Fallback',
    local: {
      regular: ['Arial', 'ArialMT', 'Helvetica', 'Liberation Sans', 'LiberationSans', 'Arimo', 'Arimo-Regular'],
      bold: ['Arial Bold', 'Arial-BoldMT', 'Helvetica Bold', 'Helvetica-Bold', 'Liberation Sans Bold', 'LiberationSans-Bold', 'Arimo Bold', 'Arimo-Bold'],
    },
    files: { regular: file('@fontsource/arimo/files/arimo-latin-400-normal.woff2'), bold: file('@fontsource/arimo/files/arimo-latin-700-normal.woff2') },
  },
  {
    family: 'Open Sans Fallback Roboto',
    local: { regular: ['Roboto', 'Roboto-Regular'], bold: ['Roboto Bold', 'Roboto-Bold'] },
    files: { regular: file('@fontsource/roboto/files/roboto-latin-400-normal.woff2'), bold: file('@fontsource/roboto/files/roboto-latin-700-normal.woff2') },
  },
  {
    family: 'Open Sans Fallback Noto',
    local: { regular: ['Noto Sans', 'NotoSans-Regular'], bold: ['Noto Sans Bold', 'NotoSans-Bold'] },
    files: {
      regular: file('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2'),
      bold: file('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff2'),
    },
  },
];

const OPEN_SANS = file('@fontsource-variable/open-sans/files/open-sans-latin-wght-normal.woff2');

/** How often each code point occurs in the string values of the Latin-script locales. */
export function characterCounts(localeDir: string): Map<number, number> {
  const counts = new Map<number, number>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const char of value.replace(/\{\{[^}]*\}\}/g, '')) counts.set(char.codePointAt(0)!, (counts.get(char.codePointAt(0)!) ?? 0) + 1);
    } else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const locale of LATIN_LOCALES) walk(JSON.parse(readFileSync(`${localeDir}/${locale}.json`, 'utf8')));
  return counts;
}

/** A font's advance width of a code point in em; `undefined` when it has no glyph for it. */
type Advance = (codePoint: number) => number | undefined;

function advances(font: fontkit.Font): Advance {
  return (point) => (font.hasGlyphForCodePoint(point) ? font.glyphForCodePoint(point).advanceWidth / font.unitsPerEm : undefined);
}

/**
 * Open Sans's advances at one weight: the default instance's advance plus the HVAR delta at that weight.
 * (fontkit's own variation instances cannot decode the glyphs of a WOFF2 file, and only advances are needed.)
 */
function openSansAt(weight: number): Advance {
  const base = fontkit.openSync(OPEN_SANS);
  const varied = fontkit.openSync(OPEN_SANS) as unknown as {
    variationCoords: number[];
    HVAR: unknown;
    _variationProcessor: { getAdvanceAdjustment(glyph: number, hvar: unknown): number };
  };
  varied.variationCoords = [weight];
  return (point) => {
    if (!base.hasGlyphForCodePoint(point)) return undefined;
    const glyph = base.glyphForCodePoint(point);
    return (glyph.advanceWidth + varied._variationProcessor.getAdvanceAdjustment(glyph.id, varied.HVAR)) / base.unitsPerEm;
  };
}

/** The frequency-weighted average advance widths of two fonts, over the characters both draw. */
function averageWidths(a: Advance, b: Advance, counts: Map<number, number>): [number, number] {
  let widthA = 0;
  let widthB = 0;
  for (const [point, count] of counts) {
    const [x, y] = [a(point), b(point)];
    if (x === undefined || y === undefined) continue;
    widthA += x * count;
    widthB += y * count;
  }
  return [widthA, widthB];
}

export interface FallbackFace {
  family: string;
  weight: [number, number];
  local: string[];
  sizeAdjust: number;
  ascentOverride: number;
  descentOverride: number;
  lineGapOverride: number;
}

const round = (value: number): number => Math.round(value * 1000) / 10;

export function fallbackFaces(localeDir: string): FallbackFace[] {
  const counts = characterCounts(localeDir);
  const variable = fontkit.openSync(OPEN_SANS);
  const faces: FallbackFace[] = [];
  for (const system of SYSTEM_FONTS) {
    const fonts = { regular: advances(fontkit.openSync(system.files.regular)), bold: advances(fontkit.openSync(system.files.bold)) };
    for (const band of WEIGHT_BANDS) {
      const [openSans, fallback] = averageWidths(openSansAt(band.openSans), fonts[band.face], counts);
      // size-adjust scales the overrides too, so they are divided by it
      const sizeAdjust = openSans / fallback;
      faces.push({
        family: system.family,
        weight: band.range,
        local: system.local[band.face],
        sizeAdjust: round(sizeAdjust),
        ascentOverride: round(variable.ascent / variable.unitsPerEm / sizeAdjust),
        descentOverride: round(Math.abs(variable.descent) / variable.unitsPerEm / sizeAdjust),
        lineGapOverride: round(variable.lineGap / variable.unitsPerEm / sizeAdjust),
      });
    }
  }
  return faces;
}

export const BEGIN = '/* fallback faces: generated by `node --import tsx scripts/fonts/fallbackCss.ts`, do not edit */';
export const END = '/* end of the generated fallback faces */';

export function fallbackCss(faces: FallbackFace[]): string {
  const rules = faces.map(
    (face) => `@font-face {
  font-family: '${face.family}';
  font-weight: ${face.weight[0]} ${face.weight[1]};
  src: ${face.local.map((name) => `local('${name}')`).join(', ')};
  size-adjust: ${face.sizeAdjust}%;
  ascent-override: ${face.ascentOverride}%;
  descent-override: ${face.descentOverride}%;
  line-gap-override: ${face.lineGapOverride}%;
}`,
  );
  return [BEGIN, ...rules, END].join('\n');
}
