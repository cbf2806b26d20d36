/**
 * The part of a prerendered page's inline script that requests the app's scripts. The page is
 * complete without them (text, image and button are HTML, and a tap is held until the app handles it:
 * earlyClickScript), so they are requested only once the page has loaded and its first paint is
 * reported. On a slow network they then no longer share the bandwidth with the hero image and the
 * font, and neither the first paint nor the largest one waits for them or for their evaluation.
 *
 * Three cases start them sooner:
 * - the visitor interacts (a pointer, touch or key): the tap the inline holder keeps needs the app;
 * - the HTML is not in the visitor's language (the language script marked <html>, #root stays hidden
 *   until the app renders): at once;
 * - the load event is late (a stalled image), or the page is not painted (a tab opened in the
 *   background): the scripts start LOAD_WAIT_CAP_MS after the document is parsed anyway.
 */
import { LANGUAGE_SWITCH } from './languageScript.ts';

/** The interactions that start the scripts at once (a held tap is replayed once the app runs). */
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown'];
/** How long after the document is parsed the scripts wait for the load event at most. */
export const LOAD_WAIT_CAP_MS = 2000;
/** After the first paint, the scripts wait at most this long for the next frame (a tab hidden meanwhile draws none). */
export const FRAME_WAIT_CAP_MS = 100;

/**
 * The script (ES5, a few hundred bytes): adds `<link rel=modulepreload>` for each chunk and the entry's
 * `<script type=module>`, once each. `entry` and `preloads` are site-root paths (`/static/js/...`).
 */
export function scriptLoader(entry: string, preloads: string[]): string {
  const q = JSON.stringify;
  return (
    `(function(){var d=document,P=${q(preloads)},I=${q(INTERACTIONS)},n=0,` +
    `a=function(t,p){var e=d.createElement(t);for(var k in p)e.setAttribute(k,p[k]);d.head.appendChild(e)},` +
    // each tag in a task of its own (timers run in the order they were set): together they were a long task on a slow phone
    `p=function(){if(n)return;n=1;for(var i=0;i<P.length;i++)setTimeout(a.bind(null,'link',{rel:'modulepreload',href:P[i]}),0)},` +
    // the entry only once the document is parsed (a module added by a script runs as soon as it arrives, and needs #root),
    // after the preloads
    `r=function(){p();if(n>1)return;if(d.readyState==='loading'){d.addEventListener('DOMContentLoaded',r);return}n=2;` +
    `setTimeout(function(){a('script',{type:'module',src:${q(entry)}})},0)},` +
    // after the load event: once the first paint is reported (where the browser reports paints), past the next frame (the
    // paint of what has just loaded), or FRAME_WAIT_CAP_MS later if no frame comes (the tab was hidden meanwhile)
    `g=function(){requestAnimationFrame(function(){setTimeout(r,0)});setTimeout(r,${FRAME_WAIT_CAP_MS})},` +
    `f=function(){var O=typeof PerformanceObserver=='function'&&PerformanceObserver;if(!O||(O.supportedEntryTypes||[]).indexOf('paint')<0)return g();` +
    `new O(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();g()}}).observe({type:'paint',buffered:true})};` +
    `for(var i=0;i<I.length;i++)addEventListener(I[i],r,{capture:true,passive:true});` +
    `if(d.documentElement.hasAttribute(${q(LANGUAGE_SWITCH)}))r();` +
    `else{addEventListener('load',f);d.addEventListener('DOMContentLoaded',function(){setTimeout(r,${LOAD_WAIT_CAP_MS})})}})();`
  );
}
