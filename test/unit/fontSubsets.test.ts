import { readFileSync } from 'node:fs';
import { fontSubsets, htmlText, parseUnicodeRange, subsetsForText, pageHtml, PARSED_MARKER_ID, type PageAssets } from '../../engine/build/index.ts';

const fontsCss = readFileSync(new URL('../../screens/ui/fonts.css', import.meta.url), 'utf8');
const subsets = fontSubsets(fontsCss, 'Open Sans Variable');
const file = (url: string): string => url.replace(/^.*\/open-sans-(.*)-wght-normal\.woff2$/, '$1');

describe('the Open Sans subsets a page preloads', () => {
  it('reads unicode ranges, single points and wildcards', () => {
    expect(parseUnicodeRange('U+0400-045F, U+2116,U+4??')).toEqual([
      [0x400, 0x45f],
      [0x2116, 0x2116],
      [0x400, 0x4ff],
    ]);
  });

  it('finds every subset of the family in fonts.css, all with font-display: optional (a late font never swaps in)', () => {
    expect(subsets.map((s) => file(s.url))).toEqual([
      'cyrillic-ext',
      'cyrillic',
      'greek-ext',
      'greek',
      'hebrew',
      'math',
      'symbols',
      'vietnamese',
      'latin-ext',
      'latin',
    ]);
    const faces = [...fontsCss.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((m) => m[1]!).filter((body) => body.includes("'Open Sans Variable'"));
    expect(faces).toHaveLength(10);
    for (const face of faces) expect(face).toMatch(/font-display:\s*optional/);
  });

  it('reads minified CSS as the build inlines it', () => {
    const css =
      '@font-face{font-family:Open Sans Variable;font-display:optional;src:url("/static/media/a.woff2") format("woff2-variations");unicode-range:U+0000-00FF}';
    expect(fontSubsets(css, 'Open Sans Variable')).toEqual([{ url: '/static/media/a.woff2', ranges: [[0, 0xff]] }]);
  });

  it('picks the subsets of the text: Latin for English, Cyrillic for Russian, Latin Extended for Turkish, none for Arabic or Japanese', () => {
    expect(subsetsForText(subsets, 'Know where your family is').map(file)).toEqual(['latin']);
    expect(subsetsForText(subsets, 'Family Locator: Узнайте, где ваша семья').map(file)).toEqual(['cyrillic', 'latin']);
    expect(subsetsForText(subsets, 'Ailenizin nerede olduğunu öğrenin').map(file)).toEqual(['latin-ext', 'latin']);
    expect(subsetsForText(subsets, 'اعرف أين عائلتك')).toEqual([]);
    expect(subsetsForText(subsets, '家族の居場所')).toEqual([]);
  });

  it('gives a character two subsets hold to the last declared one, as the browser does (U+2010 is Latin, not Hebrew)', () => {
    expect(subsetsForText(subsets, '\u2010').map(file)).toEqual(['latin']);
  });

  it('reads the text of markup, not its tags, attributes or comments', () => {
    expect(htmlText('<p class="Ж">a&amp;b<!-- ж --> &#x416;&#1046;</p>').replace(/\s+/g, ' ')).toBe(' a&b ЖЖ ');
  });
});

describe('a prerendered page', () => {
  const assets: PageAssets = {
    js: 'static/js/main.js',
    css: 'static/css/styles.css',
    criticalCss:
      '@font-face{font-family:Open Sans Variable;src:url("/static/media/cyr.woff2");unicode-range:U+0400-045F}' +
      '@font-face{font-family:Open Sans Variable;src:url("/static/media/latin.woff2");unicode-range:U+0000-00FF}',
    modulePreloads: [],
    font: 'static/media/latin.woff2',
    fontFamily: 'Open Sans Variable',
  };
  const site = { title: 'Family Locator', languages: { locales: { en: 'en-US', ru: 'ru-RU' }, fallback: 'en' } };
  const page = (body: string) => pageHtml({ assets, ...site, language: 'ru', dir: 'ltr', path: '/', body });

  it('is not painted before its whole screen is parsed: rel=expect blocks rendering until the marker after #root', () => {
    const html = page('<main><h1>Привет</h1></main>');
    expect(html).toContain(`<link rel="expect" href="#${PARSED_MARKER_ID}" blocking="render">`);
    const marker = html.indexOf(`<span id="${PARSED_MARKER_ID}" hidden></span>`);
    expect(marker).toBeGreaterThan(html.indexOf('</main></div>'));
  });

  it('preloads the subsets its text needs, the Latin one first', () => {
    const preloads = [...page('<h1>Привет</h1>').matchAll(/<link rel="preload" as="font"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads).toEqual(['/static/media/latin.woff2', '/static/media/cyr.woff2']);
  });

  it("carries the next step's markup after the marker, with the inline swap, only when it has one", () => {
    const nextSteps = [{ stepId: 'phone', html: '<main data-step="phone"><h1>Телефон</h1></main>', variants: ['a', 'b'] }];
    const html = pageHtml({ assets, ...site, language: 'ru', dir: 'ltr', path: '/', body: '<main><h1>Привет</h1></main>', nextSteps });
    const template = html.indexOf('<template data-early-step="phone" data-variants="a b"><main data-step="phone">');
    // the first paint does not wait for it (rel=expect names the marker before it)
    expect(template).toBeGreaterThan(html.indexOf(`<span id="${PARSED_MARKER_ID}" hidden></span>`));
    expect(html).toContain('window.feShowNext=function');
    expect(page('<main><h1>Привет</h1></main>')).not.toContain('feShowNext=');
  });

  it('leaves the app shell (empty #root) unblocked, with the Latin font preloaded only', () => {
    const shell = pageHtml({ assets, ...site, language: 'en', dir: 'ltr', body: '' });
    expect(shell).not.toContain('rel="expect"');
    expect(shell).not.toContain(PARSED_MARKER_ID);
    expect([...shell.matchAll(/rel="preload" as="font"/g)]).toHaveLength(1);
  });
});
