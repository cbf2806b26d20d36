/**
 * Writes the fallback faces of Open Sans (scripts/fonts/fallbackMetrics.ts) into screens/ui/fonts.css,
 * between the generated block's markers. `--check` only compares and fails when the file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BEGIN, END, fallbackCss, fallbackFaces } from './fallbackMetrics.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const FONTS_CSS = `${root}screens/ui/fonts.css`;

/** fonts.css with its generated block replaced by the faces computed now. */
export function updatedFontsCss(): { current: string; updated: string } {
  const current = readFileSync(FONTS_CSS, 'utf8');
  const start = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${FONTS_CSS}: the generated block's markers are missing`);
  return { current, updated: current.slice(0, start) + fallbackCss(fallbackFaces(`${root}locales`)) + current.slice(end + END.length) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { current, updated } = updatedFontsCss();
  if (process.argv.includes('--check')) {
    if (current !== updated) {
      console.error('screens/ui/fonts.css: the fallback faces are stale; run node --import tsx scripts/fonts/fallbackCss.ts');
      process.exit(1);
    }
  } else if (current !== updated) {
    writeFileSync(FONTS_CSS, updated);
    console.log('screens/ui/fonts.css: fallback faces updated');
  }
}
