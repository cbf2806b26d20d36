/**
 * The early step's part of a landing page (engine/react/earlyStep.ts): the swap that shows the copy of
 * the next step at a tap, an inline script after the page's markup.
 */
import { LANGUAGE_SWITCH } from './languageScript.ts';
import { EXPERIMENT_SWAP } from './experimentScript.ts';
import {
  CHANGED,
  EARLY_NEXT_ATTRIBUTE,
  EARLY_STEP_GLOBAL,
  EARLY_STEP_ID,
  EARLY_STEP_TEMPLATE,
  EARLY_STEP_VARIANTS,
  LEFT_STEP,
  STYLE_DATA,
  TAPPED,
} from '../react/earlyStep.ts';

/**
 * The inline script's part (ES5, after the page's markup): `window.feShowNext(button, stepId?)` shows
 * the copy for a tap on a `data-fe-next` button (only if it is of `stepId`, when given) and returns
 * whether it will. The copy is styled by the full stylesheet, which it switches on (as the app does at
 * its start): if that has not loaded yet, the copy is shown when it has (the landing stays meanwhile).
 * Once per page.
 */
export function earlyStepScript(): string {
  const q = JSON.stringify;
  return (
    `(function(){var d=document;` +
    `function m(x,a){var o=d.querySelector('#${EARLY_STEP_ID} ['+a+']');if(a==='${TAPPED}'&&o)o.removeAttribute(a);x.setAttribute(a,'')}` +
    `var f=window.${EARLY_STEP_GLOBAL}=function(b,w){var r=d.getElementById('root'),h=d.documentElement;` +
    `if(f.p||!b||!b.hasAttribute(${q(EARLY_NEXT_ATTRIBUTE)})||!r||r.hidden||r.getAttribute('data-prerendered')!==location.pathname` +
    `||h.hasAttribute(${q(LANGUAGE_SWITCH)})||h.hasAttribute(${q(EXPERIMENT_SWAP)}))return false;` +
    // the template for the variant shown in #root (a page under experiment has one per distinct next step)
    `var v=' '+(r.getAttribute('data-variant')||'')+' ',T=d.querySelectorAll('template[${EARLY_STEP_TEMPLATE}]'),t,i;` +
    `for(i=0;i<T.length&&!t;i++)if(!T[i].hasAttribute(${q(EARLY_STEP_VARIANTS)})||(' '+T[i].getAttribute(${q(EARLY_STEP_VARIANTS)})+' ').indexOf(v)>=0)t=T[i];` +
    `if(!t||(w&&t.getAttribute(${q(EARLY_STEP_TEMPLATE)})!==w))return false;var c=d.createElement('div'),s=r.querySelector('main[data-step]');c.id=${q(EARLY_STEP_ID)};` +
    `var l=s&&s.getAttribute('data-step');if(l)c.setAttribute(${q(LEFT_STEP)},l);c.appendChild(t.content.cloneNode(true));` +
    `var S=c.querySelectorAll('[${STYLE_DATA}]');for(i=0;i<S.length;i++)S[i].style.cssText=S[i].getAttribute(${q(STYLE_DATA)});` +
    // taps are remembered and typing is kept, for the app to carry over (handOverEarlyStep)
    `c.addEventListener('click',function(e){var x=e.target.closest&&e.target.closest('button,a');if(x){e.preventDefault();m(x,'${TAPPED}')}},true);` +
    `c.addEventListener('submit',function(e){e.preventDefault();if(e.submitter)m(e.submitter,'${TAPPED}')},true);` +
    `var k=function(e){if(e.target.setAttribute)m(e.target,'${CHANGED}')};c.addEventListener('input',k,true);c.addEventListener('change',k,true);` +
    // shown once the full stylesheet (the step's styles) is on and loaded, unless the app has rendered a step by then
    `var g=function(){if(f.p>1)return;f.p=2;var n=r.querySelector('main[data-step]');if(n&&n.getAttribute('data-step')!==l)return;` +
    `r.parentNode.insertBefore(c,r);r.hidden=true;scrollTo(0,0);var H=c.querySelector('h1');if(H){H.tabIndex=-1;H.focus({preventScroll:true})}},` +
    `L=d.querySelector('link[data-full-styles]');f.p=1;if(L)L.media='all';` +
    `if(L&&!L.sheet){L.addEventListener('load',g);L.addEventListener('error',g)}else g();return true}})();`
  );
}
