/**
 * Which web font files a page's text needs: the `@font-face` rules of the inline CSS name each subset's
 * file and its `unicode-range`; a page preloads the files whose range holds a character of its text
 * (the Latin subset for English, the Cyrillic one too for Russian...). The faces are
 * `font-display: optional`, so a subset that is not preloaded is rarely ready for the first render and
 * the page keeps the fallback face for it.
 */

export interface FontSubset {
  /** The file's URL as written in the CSS, e.g. `/static/media/open-sans-cyrillic-wght-normal-X.woff2`. */
  url: string;
  /** Inclusive code point ranges. */
  ranges: Array<[number, number]>;
}

/** `U+0400-045F`, `U+2116`, `U+4??` into inclusive ranges. */
export function parseUnicodeRange(value: string): Array<[number, number]> {
  return value
    .split(',')
    .map((part) => part.trim().replace(/^U\+/i, ''))
    .filter(Boolean)
    .map((part): [number, number] => {
      if (part.includes('?')) return [parseInt(part.replace(/\?/g, '0'), 16), parseInt(part.replace(/\?/g, 'F'), 16)];
      const [from, to] = part.split('-');
      return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
    });
}

/** The woff2 subsets of one font family declared in a stylesheet, in order. */
export function fontSubsets(css: string, family: string): FontSubset[] {
  const subsets: FontSubset[] = [];
  for (const [, body] of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const name = /font-family:\s*['"]?([^;'"]+)['"]?\s*(;|$)/.exec(body!)?.[1]?.trim();
    const url = /src:\s*url\(\s*['"]?([^'")]+\.woff2)['"]?\s*\)/.exec(body!)?.[1];
    const range = /unicode-range:\s*([^;]+)/.exec(body!)?.[1];
    if (name === family && url && range) subsets.push({ url, ranges: parseUnicodeRange(range) });
  }
  return subsets;
}

/** The text of an HTML fragment (tags and comments dropped, the common entities decoded). */
export function htmlText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#([0-9]+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(amp|lt|gt|quot|nbsp);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', nbsp: '\u00a0' })[name]!);
}

/**
 * The URLs of the subsets `text` needs (whitespace aside), in the CSS's order. Where ranges overlap, the
 * browser tries the faces from the last declared one back, so a character counts for the last subset
 * holding it (U+2010 is in both the Hebrew and the Latin range: the Latin subset draws it).
 */
export function subsetsForText(subsets: FontSubset[], text: string): string[] {
  const used = new Set<number>();
  for (const char of new Set(Array.from(text.replace(/\s+/g, '')))) {
    const point = char.codePointAt(0)!;
    for (let i = subsets.length - 1; i >= 0; i--) {
      if (subsets[i]!.ranges.some(([from, to]) => point >= from && point <= to)) {
        used.add(i);
        break;
      }
    }
  }
  return subsets.filter((_, i) => used.has(i)).map((subset) => subset.url);
}
