/**
 * The inline script at the top of each prerendered page. It runs before the first paint: when the
 * HTML's language is not the visitor's (a host that cannot pick the file by language sends English),
 * it marks <html> so the critical CSS keeps #root hidden until the app has rendered the page in the
 * visitor's language. Same rule as engine/core/languageChoice.ts: ?lng=, the lng cookie, the browser.
 */
import { languageCodes, type LanguageList } from '../core/languages.ts';
import { LANGUAGE_COOKIE } from '../core/languageChoice.ts';

/** Set on <html> by the script when the HTML's language is not the visitor's. */
export const LANGUAGE_SWITCH = 'data-lng-switch';
export const LANGUAGE_SWITCH_CSS = `html[${LANGUAGE_SWITCH}] #root{visibility:hidden}`;

/** The script for the product's language list (its codes and fallback). */
export function languageScript(languages: LanguageList): string {
  return (
    `(function(){try{var d=document.documentElement,S=${JSON.stringify(languageCodes(languages))},F=${JSON.stringify(languages.fallback)},c=document.cookie.match(/(?:^|; )${LANGUAGE_COOKIE}=([^;]*)/),` +
    `L=[new URLSearchParams(location.search).get('lng'),c&&c[1]].concat(navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language]);` +
    `for(var i=0;i<L.length;i++){var b=String(L[i]||'').trim().toLowerCase().split(/[-_]/)[0];if(S.indexOf(b)>=0){if(b!==d.lang)d.setAttribute('${LANGUAGE_SWITCH}',b);return}}` +
    `if(d.lang!==F)d.setAttribute('${LANGUAGE_SWITCH}',F)}catch(e){}})();`
  );
}
