/**
 * The kit's control colours and focus ring meet WCAG 1.4.11 (3:1 for the non-text UI that identifies a
 * control and its state), and no screen draws a focus ring of its own: every control takes the kit's.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const kit = readFileSync(join(root, 'screens/ui/kit.css'), 'utf8');

/** A custom property of the kit's :root, e.g. token('--fe-focus') -> "#1d2b36". */
function token(name: string): string {
  const match = new RegExp(`${name}:\\s*(#[0-9a-fA-F]{6})`).exec(kit);
  if (!match) throw new Error(`${name} is not a colour in kit.css`);
  return match[1]!;
}

/** WCAG relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? cssFiles(join(dir, e.name)) : e.name.endsWith('.css') ? [join(dir, e.name)] : [],
  );
}

describe('kit colours', () => {
  const white = '#ffffff';
  const chosenTints = ['#effaf8', '#e8f8f5']; // the backgrounds of a chosen plan card and quiz answer

  it('draws control borders and radio rings at 3:1 or more on white', () => {
    expect(contrast(token('--fe-control-line'), white)).toBeGreaterThanOrEqual(3);
  });

  it("draws a chosen control's border and mark at 3:1 or more on white and on its tint", () => {
    for (const bg of [white, ...chosenTints]) expect(contrast(token('--fe-control-on'), bg), bg).toBeGreaterThanOrEqual(3);
  });

  it('draws the focus ring at 3:1 or more against white, the orange halo and the brand green', () => {
    for (const bg of [white, token('--fe-orange')]) expect(contrast(token('--fe-focus'), bg), bg).toBeGreaterThanOrEqual(3);
    // on the green the ring is the white gap and the orange halo around the dark line
    expect(contrast(white, token('--fe-green-text-bg'))).toBeGreaterThanOrEqual(3);
  });

  it('has white text only on the darker green (4.5:1 for small text)', () => {
    expect(contrast(white, token('--fe-green-text-bg'))).toBeGreaterThanOrEqual(4.5);
    const shareCode = readFileSync(join(root, 'screens/share-code/share-code.css'), 'utf8');
    expect(shareCode).toMatch(/\.share-code__tick \{[^}]*background: var\(--fe-green-text-bg\)[^}]*color: #fff/);
  });
});

describe('focus rings', () => {
  it('are defined once, in the kit: no screen stylesheet draws its own', () => {
    const own = cssFiles(join(root, 'screens'))
      .filter((file) => !file.endsWith('/ui/kit.css'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/([^{}]*:focus[^{}]*)\{([^}]*)\}/g)]
          .filter((m) => /outline\s*:\s*(?!none)|box-shadow/.test(m[2]!))
          .map((m) => `${relative(root, file)}: ${m[1]!.trim()}`),
      );
    expect(own).toEqual([]);
  });

  it('covers links, buttons, fields, cards around hidden radios and payment frames', () => {
    for (const selector of [
      'a:focus-visible',
      'button:focus-visible',
      'input:focus-visible',
      '.fe-focus-ring:has(:focus-visible)',
      '.fe-focus-ring--within:focus-within',
    ]) {
      expect(kit, selector).toContain(selector);
    }
  });
});
