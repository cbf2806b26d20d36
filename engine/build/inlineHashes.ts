/**
 * The CSP hashes of a page's inline blocks. Each prerendered page carries an inline script and an
 * inline style in its head, and after its markup the early step's swap and styles
 * (engine/react/earlyStep.ts); the preview server adds their hashes to the page's CSP, and the build
 * lists every page's in `csp-hashes.json` for a static host's CSP (the script names the build's own
 * script files, so its hash changes whenever they do).
 */
import { createHash } from 'node:crypto';

/** The file the build writes at the site root: `{ "script-src": [...], "style-src": [...] }`. */
export const CSP_HASHES_FILE = 'csp-hashes.json';

/** The CSP source that allows an inline script or style with exactly this content. */
export const cspHash = (content: string): string => `'sha256-${createHash('sha256').update(content).digest('base64')}'`;

/** The hashes of the inline `<script>` and `<style>` blocks of a page (not of scripts with a `src`). */
export function inlineHashes(html: string): { script: string[]; style: string[] } {
  const all = (re: RegExp): string[] => [...html.matchAll(re)].map((m) => cspHash(m[1]!));
  return { script: all(/<script>([\s\S]*?)<\/script>/g), style: all(/<style>([\s\S]*?)<\/style>/g) };
}
