/**
 * Exact routes, forgiving links (spec section 2: "All routes are exact match"). An address that
 * differs from a route only by letter case or trailing slashes ("/Discount", "/discount/") is the
 * same route written loosely, typically in an ad link: it is redirected to the route's own path,
 * keeping the query (the UTM parameters), instead of showing a page under the wrong landing type.
 * One rule for the preview server, the production host rules the build writes and the browser.
 */
import { getVariant, variantIds, type FunnelData } from './flowGraph.ts';

/** Every exact route of a funnel: the landing paths of its variants and the paths of its steps. */
export function funnelPaths(data: FunnelData): string[] {
  const landing = variantIds(data.landings).flatMap((id) => getVariant(data.landings, id)?.paths ?? []);
  const steps = Object.values(data.flows).flatMap((flow) => Object.values(flow.steps).flatMap((step) => (step.path === undefined ? [] : [step.path])));
  return [...new Set([...landing, ...steps])].sort();
}

/** How an address compares with the routes: trailing slashes dropped ("/" stays), lower case. */
function looseForm(pathname: string): string {
  return (pathname.replace(/\/+$/, '') || '/').toLowerCase();
}

/**
 * The route `pathname` means when it is not one exactly but differs from one only by case or
 * trailing slashes; undefined for an exact route or an address that is no route at all.
 * @example canonicalPath('/Discount/', ['/', '/discount']) // '/discount'
 */
export function canonicalPath(pathname: string, routes: readonly string[]): string | undefined {
  if (routes.includes(pathname)) return undefined;
  const loose = looseForm(pathname);
  return routes.find((route) => looseForm(route) === loose);
}

/**
 * Where to redirect an address to reach its route exactly, with its query and fragment; undefined
 * when no redirect is needed.
 * @example canonicalRedirect('/Discount/', '?utm_source=x', ['/discount']) // '/discount?utm_source=x'
 */
export function canonicalRedirect(pathname: string, search: string, routes: readonly string[], hash = ''): string | undefined {
  const path = canonicalPath(pathname, routes);
  return path === undefined ? undefined : `${path}${search}${hash}`;
}
