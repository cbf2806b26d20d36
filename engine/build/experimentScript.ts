/**
 * The part of each prerendered page's inline head script that assigns an experimented path's visitor
 * to a variant before the first paint (the decision of engine/core/experiments.ts, in a few hundred
 * bytes): a QA override `?exp=<id>:<variant>`, else the assignment recorded in the persisted store,
 * else GrowthBook's decision for the experiment's fields (targeting condition, namespace, hash version 1
 * or 2 of the visitor id: the visitor cookie, else the id kept in local or session storage, else a new
 * one kept in session storage; bucket ranges from weights and coverage). When the variant is not the one in #root, the
 * page keeps #root hidden while it is parsed and, once parsed (readyState "interactive", before the
 * app's module script runs), moves the variant's prerendered markup from its <template> into #root.
 * Stopped experiments need nothing here: their winner is what #root holds.
 */
import { COUNTRY_COOKIE } from '../analytics/visitorRegion.ts';
import type { ExperimentCondition } from '../core/experimentCondition.ts';
import { experimentEntries, experimentRanges, OVERRIDE_PARAM } from '../core/experiments.ts';
import type { HashVersion, Namespace } from '../core/experimentHash.ts';
import { PERSIST_KEY } from '../core/persistence.ts';
import { DEFAULT_UTM_SOURCE } from '../core/tracking.ts';
import { VISITOR_COOKIE } from '../core/visitor.ts';
import type { FunnelData } from '../core/flowGraph.ts';
import { variantForPath } from '../core/variants.ts';

/** Set on <html> while #root waits for its variant's markup. */
export const EXPERIMENT_SWAP = 'data-exp-swap';
export const EXPERIMENT_SWAP_CSS = `html[${EXPERIMENT_SWAP}] #root{visibility:hidden}`;

/**
 * Per running experimented path: [experiment key, variant in #root, [[variant, start, end] of each
 * bucket range], seed, hash version, namespace or 0, condition or 0].
 */
export type InlineExperiment = [string, string, Array<[string, number, number]>, string, HashVersion, Namespace | 0, ExperimentCondition | 0];
export type InlineExperiments = Record<string, InlineExperiment>;

/** What the inline script needs to know, for every path a running experiment splits (the defaults of GrowthBook's fields filled in). */
export function inlineExperiments(data: FunnelData): InlineExperiments {
  const out: InlineExperiments = {};
  for (const [id, experiment] of experimentEntries(data.experiments)) {
    if (experiment.status !== 'running') continue;
    const ranges = experimentRanges(experiment);
    for (const path of experiment.paths) {
      const own = variantForPath(data.landings, path)?.id ?? '';
      out[path] = [
        id,
        own,
        experiment.variations.map((v, k) => [v, ...ranges[k]!]),
        experiment.seed ?? id,
        experiment.hashVersion ?? 1,
        experiment.namespace ?? 0,
        experiment.condition ?? 0,
      ];
    }
  }
  return out;
}

/**
 * GrowthBook's targeting over the page's attributes (engine/core/experimentCondition.ts), as
 * `m()`; only pages of an experiment with a condition carry it.
 */
function conditionCode(): string {
  const q = JSON.stringify;
  return (
    `var C=x[6],c=document.cookie.match(/(?:^|; )${COUNTRY_COOKIE}=([^;]*)/),a={country:c?decodeURIComponent(c[1]).toUpperCase():void 0,` +
    `language:d.lang,utm_source:new URLSearchParams(location.search).get('utm_source')||${q(DEFAULT_UTM_SOURCE)}},` +
    `m=function(){for(var k in C){var t=C[k],w=a[k];if(typeof t!='object'?w!==t:('$eq'in t&&w!==t.$eq)||('$ne'in t&&w===t.$ne)||` +
    `(t.$in&&t.$in.indexOf(w)<0)||(t.$nin&&t.$nin.indexOf(w)>=0))return 0}return 1};`
  );
}

/** The script (no experiments: empty, so pages without them carry nothing). */
export function experimentScript(data: FunnelData): string {
  const experiments = inlineExperiments(data);
  if (Object.keys(experiments).length === 0) return '';
  const targeted = Object.values(experiments).some((x) => x[6]);
  const q = JSON.stringify;
  return (
    `(function(){try{var x=${q(experiments)}[location.pathname];if(!x)return;` +
    `var id=x[0],A=x[2],N=x[5],v,s,i,n,d=document.documentElement,has=function(n){for(var k=0;k<A.length;k++)if(A[k][0]===n)return 1},` +
    `o=(new URLSearchParams(location.search).get(${q(OVERRIDE_PARAM)})||'').split(',');` +
    `for(i=0;i<o.length;i++){s=o[i].split(':');if(s.length===2&&s[0]===id&&has(s[1]))v=s[1]}` +
    `if(!v){try{s=JSON.parse(localStorage.getItem(${q(PERSIST_KEY)})).events.experiments[id]}catch(e){s=0}if(has(s))v=s}` +
    `if(!v){var c=document.cookie.match(/(?:^|; )${VISITOR_COOKIE}=([^;]*)/),u=c&&decodeURIComponent(c[1]);` +
    `try{u=u||localStorage.getItem(${q(VISITOR_COOKIE)})||sessionStorage.getItem(${q(VISITOR_COOKIE)})}catch(e){}` +
    `if(!u){u=crypto.randomUUID?crypto.randomUUID():'10000000-1000-4000-8000-100000000000'.replace(/[018]/g,function(c){return(c^crypto.getRandomValues(new Uint8Array(1))[0]&15>>c/4).toString(16)});` +
    `try{sessionStorage.setItem(${q(VISITOR_COOKIE)},u)}catch(e){}}` +
    // GrowthBook's hash versions 1 and 2, its namespace check (hash version 1, seed "__<id>") and bucket ranges
    `var f=function(t){for(var k=0,h=2166136261;k<t.length;k++)h=Math.imul(h^t.charCodeAt(k),16777619);return h>>>0},` +
    `g=function(e,t,w){return w>1?f(''+f(e+t))%1e4/1e4:f(t+e)%1e3/1e3};` +
    (targeted ? conditionCode() : '') +
    `if(${targeted ? '(!C||m())&&' : ''}(!N||(n=g('__'+N[0],u,1),n>=N[1]&&n<N[2]))){n=g(x[3],u,x[4]);` +
    `for(i=0;i<A.length;i++)if(n>=A[i][1]&&n<A[i][2]){v=A[i][0];break}}}` +
    `if(!v||v===x[1])return;d.setAttribute(${q(EXPERIMENT_SWAP)},v);` +
    `document.addEventListener('readystatechange',function(){var r=document.getElementById('root'),t=document.querySelector('template[data-variant="'+v+'"]');` +
    `if(r&&t&&r.getAttribute('data-variant')!==v){r.replaceChildren(t.content);r.setAttribute('data-variant',v)}d.removeAttribute(${q(EXPERIMENT_SWAP)})},{once:true})` +
    `}catch(e){}})();`
  );
}
