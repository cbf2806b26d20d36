/**
 * The HTML document of a page. A prerendered page carries its screen's markup in #root, the critical
 * CSS inline (the full stylesheet loads without blocking: media="print" until the app switches it on),
 * the web font subsets its text needs and the hero image preloaded, and is not painted before its
 * whole screen is parsed (rel=expect, below); its inline script requests the app's scripts once the
 * page has loaded and painted (scriptLoader.ts). The app shell (empty #root) keeps the blocking
 * stylesheet and the script tags, since the screens it renders need all of it at once. The font faces are declared only
 * in the inline CSS, on every page.
 */
import type { LanguageList } from '../core/languages.ts';
import { LANGUAGE_SWITCH_CSS, languageScript } from './languageScript.ts';
import { EXPERIMENT_SWAP_CSS } from './experimentScript.ts';
import { fontSubsets, htmlText, subsetsForText } from './fontSubsets.ts';
import { earlyClickScript } from '../react/earlyClicks.ts';
import { EARLY_STEP_TEMPLATE, EARLY_STEP_VARIANTS } from '../react/earlyStep.ts';
import { earlyStepScript } from './earlyStepScript.ts';
import { scriptLoader } from './scriptLoader.ts';

/**
 * The element after #root and the experiment templates. The head's `<link rel=expect blocking=render>`
 * names it: the browser paints nothing before the whole prerendered screen is parsed, so a first paint
 * of half the markup (the art filling the page, a panel that grows as its texts arrive) cannot be
 * followed by the rest moving it.
 */
export const PARSED_MARKER_ID = 'fe-parsed';

/** The web font's subsets a prerendered page's text needs (the Latin one always: the logo is Latin). */
function fontFilesFor(page: { assets: PageAssets; body: string; alternatives?: Array<{ html: string }> }): string[] {
  const latin = page.assets.font ? [`/${page.assets.font}`] : [];
  if (page.body === '' || !page.assets.fontFamily) return latin;
  const text = htmlText([page.body, ...(page.alternatives ?? []).map((a) => a.html)].join(' '));
  const needed = subsetsForText(fontSubsets(page.assets.criticalCss, page.assets.fontFamily), text);
  return [...new Set([...latin, ...needed])];
}

export interface PageAssets {
  /** The entry script, relative to the site root. */
  js: string;
  /** The full stylesheet. */
  css: string;
  /** The styles the prerendered entry screen needs, inlined. */
  criticalCss: string;
  /** Chunks the entry imports statically. */
  modulePreloads: string[];
  /** The web font's Latin subset (woff2). */
  font?: string;
  /** The web font's family (as its faces in the critical CSS name it), whose other subsets a page's text may need. */
  fontFamily?: string;
  /** The build's version stamp (flowVersion.ts), as `<meta name="flow-version">`. */
  version?: string;
}

/** A prerendered page's hero image as the product's image manifest describes it: the sources to preload. */
export interface HeroImage {
  /** The `sizes` attribute: how wide the image is drawn. */
  sizes: string;
  /** The format the page preloads (the best one every current browser takes). */
  preloadType: string;
  /** One source per format and art direction (`media` for the mobile art). */
  sources: Array<{ type: string; srcSet: string; media?: string }>;
}

const escapeAttr = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const escapeText = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** `<link rel=preload as=image>` for the hero: one per art direction (mobile art up to 430 px), best format only. */
export function heroPreloads(hero: HeroImage): string[] {
  const preloaded = hero.sources.filter((source) => source.type === hero.preloadType);
  const artMedia = preloaded.map((source) => source.media).filter((media) => media !== undefined);
  return preloaded.map((source) => {
    // the desktop art applies where no mobile art's media query does: one image per viewport
    const media = source.media ?? artMedia.map((m) => `not all and ${m}`).join(', ');
    return `<link rel="preload" as="image" type="${source.type}" fetchpriority="high"${media ? ` media="${escapeAttr(media)}"` : ''} imagesrcset="${escapeAttr(source.srcSet)}" imagesizes="${escapeAttr(hero.sizes)}">`;
  });
}

/** The markup of the step after a landing (Prerenderer.renderNextStep), for the variants listed (all when none). */
export interface NextStepTemplate {
  stepId: string;
  html: string;
  variants?: string[];
}

/** After the parsed marker, so the first paint waits for none of it: each next step's markup, and the swap. */
function nextStepTemplates(nextSteps: NextStepTemplate[]): string {
  if (nextSteps.length === 0) return '';
  const templates = nextSteps.map(
    (next) =>
      `<template ${EARLY_STEP_TEMPLATE}="${escapeAttr(next.stepId)}"${next.variants ? ` ${EARLY_STEP_VARIANTS}="${escapeAttr(next.variants.join(' '))}"` : ''}>${next.html}</template>\n`,
  );
  // the swap runs only at a tap: its script comes after the markup too (a tap before it is parsed is held as any early tap)
  return `${templates.join('')}<script>${earlyStepScript()}</script>\n`;
}

export function pageHtml(page: {
  assets: PageAssets;
  /** The document's title (the project configuration's app name). */
  title: string;
  /** The product's languages, for the inline language check of a prerendered page. */
  languages: LanguageList;
  language: string;
  dir: 'ltr' | 'rtl';
  /** The prerendered markup of #root; empty for the app shell. */
  body: string;
  /** The app shell's #root: what it paints until the app renders (the loading overlay), replaced, never hydrated. */
  placeholder?: string;
  /** The prerendered path (checked by the app before it hydrates). */
  path?: string;
  hero?: HeroImage;
  /** The variant prerendered in #root, on a path an experiment splits (read by the inline script and the app). */
  variant?: string;
  /** The markup of the path's other experiment variants, each in a <template> the inline script can swap in. */
  alternatives?: Array<{ variant: string; html: string }>;
  /** Appended to the inline head script: the experiment assignment (experimentScript.ts). */
  experimentScript?: string;
  /** The markup of the step after the landing, shown at an early tap (engine/react/earlyStep.ts). */
  nextSteps?: NextStepTemplate[];
}): string {
  const { assets } = page;
  const prerendered = page.body !== '';
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">',
    '<meta name="theme-color" content="#00B9A0">',
    `<title>${escapeText(page.title)}</title>`,
    ...(assets.version ? [`<meta name="flow-version" content="${escapeAttr(assets.version)}">`] : []),
    // favicon, app icons and the web manifest: copied to the site root from the project's icon folder
    '<link rel="icon" href="/favicon.ico" sizes="32x32">',
    '<link rel="icon" href="/icon.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    '<link rel="manifest" href="/manifest.json">',
    // the inline script: the language check, the tap holder (a tap before the app's script runs is not lost), the experiment
    // swap, and the app's scripts requested once the page has loaded and painted (scriptLoader.ts)
    ...(prerendered
      ? [
          `<script>${languageScript(page.languages)}${earlyClickScript()}${page.experimentScript ?? ''}${scriptLoader(
            `/${assets.js}`,
            assets.modulePreloads.map((p) => `/${p}`),
          )}</script>`,
        ]
      : []),
    ...(prerendered ? [`<link rel="expect" href="#${PARSED_MARKER_ID}" blocking="render">`] : []),
    ...fontFilesFor(page).map((href) => `<link rel="preload" as="font" type="font/woff2" href="${escapeAttr(href)}" crossorigin>`),
    ...(page.hero ? heroPreloads(page.hero) : []),
    // the font faces are only in this inline CSS (see build.ts), so the app shell carries it too
    // the same inline style on every prerendered page (one CSP hash), experiment or not
    `<style>${prerendered ? LANGUAGE_SWITCH_CSS + EXPERIMENT_SWAP_CSS : ''}${assets.criticalCss}</style>`,
    prerendered ? `<link rel="stylesheet" href="/${assets.css}" media="print" data-full-styles>` : `<link rel="stylesheet" href="/${assets.css}">`,
    ...(prerendered
      ? []
      : [...assets.modulePreloads.map((p) => `<link rel="modulepreload" href="/${p}">`), `<script type="module" src="/${assets.js}"></script>`]),
  ];
  return `<!doctype html>
<html lang="${page.language}" dir="${page.dir}">
<head>
${head.join('\n')}
</head>
<body>
<div id="root"${page.path ? ` data-prerendered="${escapeAttr(page.path)}"` : ''}${page.variant ? ` data-variant="${escapeAttr(page.variant)}"` : ''}>${prerendered ? page.body : (page.placeholder ?? '')}</div>
${(page.alternatives ?? []).map((a) => `<template data-variant="${escapeAttr(a.variant)}">${a.html}</template>\n`).join('')}${prerendered ? `<span id="${PARSED_MARKER_ID}" hidden></span>\n` : ''}${nextStepTemplates(page.nextSteps ?? [])}<noscript>Please enable JavaScript to use this page.</noscript>
</body>
</html>
`;
}
