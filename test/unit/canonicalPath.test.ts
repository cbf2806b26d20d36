/**
 * Exact routes, forgiving links: the rule (engine/core/canonicalPath.ts) and the route files the
 * build writes for the host (engine/build/hostRoutes.ts).
 */
import { canonicalPath, canonicalRedirect, funnelPaths } from '../../engine/index.ts';
import { routeTable } from '../../engine/react/routes.ts';
import { routePaths } from '../../engine/build/index.ts';
import { funnelData } from '../../screens/flowData.ts';

const routes = ['/', '/discount', '/optionsy', '/signup/plans'];

describe('canonicalPath', () => {
  it.each([
    ['/Discount', '/discount'],
    ['/discount/', '/discount'],
    ['/DISCOUNT///', '/discount'],
    ['/OptionsY/', '/optionsy'],
    ['/Signup/Plans', '/signup/plans'],
    ['//', '/'],
  ])('%s is the route %s', (loose, exact) => {
    expect(canonicalPath(loose, routes)).toBe(exact);
  });

  it('leaves an exact route and an address that is no route alone', () => {
    for (const route of routes) expect(canonicalPath(route, routes)).toBeUndefined();
    expect(canonicalPath('/discounts', routes)).toBeUndefined();
    expect(canonicalPath('/dis-count/', routes)).toBeUndefined();
    expect(canonicalPath('/signup', routes)).toBeUndefined();
  });
});

describe('canonicalRedirect', () => {
  it('keeps the query (UTM parameters) and the fragment', () => {
    expect(canonicalRedirect('/Discount/', '?utm_source=x&utm_medium=cpc', routes)).toBe('/discount?utm_source=x&utm_medium=cpc');
    expect(canonicalRedirect('/optionsy/', '', routes, '#top')).toBe('/optionsy#top');
    expect(canonicalRedirect('/discount', '?utm_source=x', routes)).toBeUndefined();
  });
});

describe('the routes of the real flows', () => {
  it('are the route table: every landing path and step path', () => {
    const table = routeTable(funnelData).map((r) => r.path);
    expect(funnelPaths(funnelData)).toEqual(table);
    expect(routePaths(funnelData)).toEqual(table);
    expect(table).toEqual(expect.arrayContaining(['/', '/discount', '/optionsy', '/family', '/checkout/success']));
  });

  it('reach /discount, /optionsy and /family from their loose forms', () => {
    const paths = funnelPaths(funnelData);
    expect(canonicalPath('/discount/', paths)).toBe('/discount');
    expect(canonicalPath('/Discount', paths)).toBe('/discount');
    expect(canonicalPath('/optionsy/', paths)).toBe('/optionsy');
    expect(canonicalPath('/family/', paths)).toBe('/family');
  });
});
