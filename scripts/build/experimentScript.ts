/**
 * The part of each prerendered page's inline head script that assigns an experimented path's visitor
 * to a variant before the first paint (the decision of engine/core/experiments.ts, in a few hundred
 * bytes): a QA override `?exp=<id>:<variant>`, else the assignment recorded in the persisted store,
 * else GrowthBook's hash v2 of the visitor id (the visitor cookie, else the id kept in local or session
 * storage, else a new one kept in session storage). When the variant is not the one in #root, the
 * page keeps #root hidden while it is parsed and, once parsed (readyState "interactive", before the
 * app's module script runs), moves the variant's prerendered markup from its <template> into #root.
 * Stopped experiments need nothing here: their winner is what #root holds.
 */
import { bucketRanges } from '../../engine/core/experimentHash.ts';
import { experimentEntries, OVERRIDE_PARAM } from '../../engine/core/experiments.ts';
import { PERSIST_KEY } from '../../engine/core/persistence.ts';
import { VISITOR_COOKIE } from '../../engine/core/visitor.ts';
import type { FunnelData } from '../../engine/core/flowGraph.ts';
import { variantForPath } from '../../engine/core/variants.ts';

/** Set on <html> while #root waits for its variant's markup. */
export const EXPERIMENT_SWAP = 'data-exp-swap';
export const EXPERIMENT_SWAP_CSS = `html[${EXPERIMENT_SWAP}] #root{visibility:hidden}`;

/** Per running experimented path: [experiment id, variant in #root, [[variant, end of its bucket range], ...]]. */
export type InlineExperiments = Record<string, [string, string, Array<[string, number]>]>;

/** What the inline script needs to know, for every path a running experiment splits. */
export function inlineExperiments(data: FunnelData): InlineExperiments {
  const out: InlineExperiments = {};
  for (const [id, experiment] of experimentEntries(data.experiments)) {
    if (experiment.status !== 'running') continue;
    const ranges = bucketRanges(experiment.variants.map((v) => v.weight));
    for (const path of experiment.paths) {
      const own = variantForPath(data.landings, path)?.id ?? '';
      out[path] = [id, own, experiment.variants.map((v, k) => [v.variant, ranges[k]![1]])];
    }
  }
  return out;
}

/** The script (no experiments: empty, so pages without them carry nothing). */
export function experimentScript(data: FunnelData): string {
  const experiments = inlineExperiments(data);
  if (Object.keys(experiments).length === 0) return '';
  const q = JSON.stringify;
  return (
    `(function(){try{var x=${q(experiments)}[location.pathname];if(!x)return;` +
    `var id=x[0],A=x[2],v,s,i,d=document.documentElement,has=function(n){for(var k=0;k<A.length;k++)if(A[k][0]===n)return 1},` +
    `o=(new URLSearchParams(location.search).get(${q(OVERRIDE_PARAM)})||'').split(',');` +
    `for(i=0;i<o.length;i++){s=o[i].split(':');if(s.length===2&&s[0]===id&&has(s[1]))v=s[1]}` +
    `if(!v){try{s=JSON.parse(localStorage.getItem(${q(PERSIST_KEY)})).events.experiments[id]}catch(e){s=0}if(has(s))v=s}` +
    `if(!v){var c=document.cookie.match(/(?:^|; )${VISITOR_COOKIE}=([^;]*)/),u=c&&decodeURIComponent(c[1]);` +
    `try{u=u||localStorage.getItem(${q(VISITOR_COOKIE)})||sessionStorage.getItem(${q(VISITOR_COOKIE)})}catch(e){}` +
    `if(!u){u=crypto.randomUUID?crypto.randomUUID():'10000000-1000-4000-8000-100000000000'.replace(/[018]/g,function(c){return(c^crypto.getRandomValues(new Uint8Array(1))[0]&15>>c/4).toString(16)});` +
    `try{sessionStorage.setItem(${q(VISITOR_COOKIE)},u)}catch(e){}}` +
    `var f=function(t){for(var k=0,h=2166136261;k<t.length;k++)h=Math.imul(h^t.charCodeAt(k),16777619);return h>>>0},n=f(''+f(id+u))%1e4/1e4;` +
    `for(i=0;i<A.length;i++)if(n>=(i?A[i-1][1]:0)&&n<A[i][1]){v=A[i][0];break}}` +
    `if(!v||v===x[1])return;d.setAttribute(${q(EXPERIMENT_SWAP)},v);` +
    `document.addEventListener('readystatechange',function(){var r=document.getElementById('root'),t=document.querySelector('template[data-variant="'+v+'"]');` +
    `if(r&&t&&r.getAttribute('data-variant')!==v){r.replaceChildren(t.content);r.setAttribute('data-variant',v)}d.removeAttribute(${q(EXPERIMENT_SWAP)})},{once:true})` +
    `}catch(e){}})();`
  );
}
