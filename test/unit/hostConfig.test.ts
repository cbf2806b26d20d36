/**
 * The host files of a production build, as text: the static hosts' `_headers` and `_redirects` (nginx's
 * files are checked against a real nginx in test/e2e/nginx-host.test.ts) and the production CSP.
 */
import { describe, expect, it } from 'vitest';
import {
  nginxHttpConfig,
  productionCsp,
  SECURITY_HEADERS,
  staticHeaders,
  staticRedirects,
  STRICT_TRANSPORT_SECURITY,
  type HostInputs,
} from '../../engine/build/index.ts';

const inputs: HostInputs = {
  languages: ['de', 'en'],
  fallback: 'en',
  routePaths: ['/', '/spring', '/spring', '/a.b'],
  inline: { 'script-src': ["'sha256-abc='"], 'style-src': ["'sha256-def='"] },
  endpoints: ['https://api.example.com/api/v1', '/sandbox/portal', '', 'https://key@o1.ingest.example.io/2'],
};
const directive = (csp: string, name: string): string[] =>
  csp
    .split('; ')
    .find((d) => d.startsWith(`${name} `))!
    .split(' ')
    .slice(1);

describe('host files', () => {
  it('the CSP adds the inline hashes, the absolute endpoints by origin, and Braintree, each once', () => {
    const csp = productionCsp(inputs);
    expect(directive(csp, 'script-src')).toEqual(expect.arrayContaining(["'self'", "'sha256-abc='", 'https://*.braintreegateway.com']));
    expect(directive(csp, 'style-src')).toEqual(["'self'", "'sha256-def='"]);
    const connect = directive(csp, 'connect-src');
    expect(connect).toEqual(expect.arrayContaining(['https://api.example.com', 'https://o1.ingest.example.io']));
    expect(connect.some((s) => s.includes('sandbox') || s.includes('key@'))).toBe(false);
    expect(new Set(connect).size).toBe(connect.length);
  });

  it('_redirects sends each route with a trailing slash to the route, once each', () => {
    expect(staticRedirects(inputs)).toBe('/a.b/ /a.b 301\n/spring/ /spring 301\n');
  });

  it('_headers sets the security headers and Strict-Transport-Security everywhere and a year of caching for hashed assets', () => {
    const text = staticHeaders(inputs);
    expect(text).toMatch(/^\/\*\n {2}content-security-policy: default-src 'self';/);
    const everywhere = text.split('\n/static/*\n')[0]!;
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      if (name !== 'content-security-policy') expect(everywhere).toContain(`\n  ${name}: ${value}\n`);
    expect(everywhere).toContain(`\n  strict-transport-security: ${STRICT_TRANSPORT_SECURITY}`);
    expect(STRICT_TRANSPORT_SECURITY).toContain('includeSubDomains');
    expect(Number(/max-age=(\d+)/.exec(STRICT_TRANSPORT_SECURITY)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 3600);
    expect(text).toContain('\n/static/*\n  cache-control: public, max-age=31536000, immutable\n');
  });

  it('nginx matches each route whatever its case or trailing slashes, with dots taken literally', () => {
    const http = nginxHttpConfig(inputs);
    expect(http).toContain('"~*^/spring/*$" "/spring";');
    expect(http).toContain('"~*^/a\\\\.b/*$" "/a.b";');
    expect(http).toContain('"~*^/+$" "/";');
    expect(http.match(/\/spring"/g)).toHaveLength(1);
  });
});
