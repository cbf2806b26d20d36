/**
 * The brand font is in place before any step after the landing paints: the landing may paint in the
 * metric-matched fallback (fonts.css), but a later step that painted in the fallback and then switched
 * to the brand font would visibly flip. The later steps already wait behind the loader for the rest of
 * the texts (StepHost's TextsGate); the faces those texts need load in the same wait, capped, so a slow
 * font never holds the funnel back for long.
 */
import type { TextTree } from './translator.ts';

/** The font a funnel's texts are set in: its CSS family name and the weights its screens use. */
export interface FontRequest {
  family: string;
  weights: readonly number[];
}

/** The longest the later steps wait for the font; after that they paint in the fallback. */
export const FONT_WAIT_CAP_MS = 1500;

/** The parts of document.fonts this module uses. */
export type FontLoader = Pick<FontFaceSet, 'load'>;

/**
 * Every character of the texts' string leaves, once each: what `document.fonts.load` needs to pick
 * the unicode-range subsets (Latin, Latin Extended, Cyrillic...) the language uses.
 * @example charactersOf({ a: 'Hi', b: { c: 'Hö' } }) // 'Hiö'
 */
export function charactersOf(tree: TextTree): string {
  const seen = new Set<string>();
  const visit = (node: unknown): void => {
    if (typeof node === 'string') for (const char of node) seen.add(char);
    else if (node && typeof node === 'object') for (const value of Object.values(node)) visit(value);
  };
  visit(tree);
  return [...seen].join('');
}

/**
 * Loads the font's faces for `text` at each weight; resolves true once they are loaded, false when
 * the browser has no font loading API, a face fails, or `capMs` passes first. Never rejects.
 * @example await loadFonts(document.fonts, { family: 'Open Sans Variable', weights: [400, 800] }, 'Hello')
 */
export function loadFonts(
  fonts: FontLoader | undefined,
  request: FontRequest,
  text: string,
  capMs = FONT_WAIT_CAP_MS,
  setTimer: (fn: () => void, ms: number) => unknown = (fn, ms) => setTimeout(fn, ms),
): Promise<boolean> {
  if (!fonts || typeof fonts.load !== 'function' || !text) return Promise.resolve(false);
  const loads = request.weights.map((weight) => fonts.load(`${weight} 16px "${request.family}"`, text));
  const loaded = Promise.all(loads).then(
    () => true,
    () => false,
  );
  const capped = new Promise<boolean>((resolve) => setTimer(() => resolve(false), capMs));
  return Promise.race([loaded, capped]);
}
