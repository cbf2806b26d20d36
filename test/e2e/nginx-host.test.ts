/**
 * The production build served the way production serves it: a real nginx (Debian's package) with only
 * the include files the build ships in `_host/`. Checked as a host and a visitor would: the page in the
 * visitor's language, an ad link with a trailing slash or capitals redirected to the canonical path with
 * its query, a year of caching for hashed assets and revalidation for pages, compression, the CSP with
 * the build's inline hashes (no violation while a German visitor walks from the landing to the next step),
 * and the security headers on every kind of answer (page, asset, prerendered landing in each language,
 * redirect, 404, nginx's own errors), with Strict-Transport-Security exactly on those sent over HTTPS:
 * nginx's own TLS, or a TLS terminator in front that sends X-Forwarded-Proto: https.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionBuild } from './productionBuild.ts';
import { CSP_HASHES_FILE, SECURITY_HEADERS, STRICT_TRANSPORT_SECURITY } from '../../engine/build/index.ts';
import { hasNginx, NGINX_PATH, startNginx, type NginxHost } from '../../scripts/host/nginx.ts';
import { closeBrowser, newVisitor } from './browser.ts';
import { rawAnswer, type RawAnswer } from './rawHttp.ts';

const requireNginx = process.env.REQUIRE_E2E === '1';
if (!hasNginx() && !requireNginx) console.log(`SKIPPED the nginx host test: no nginx at ${NGINX_PATH} (apt-get install nginx)`);

describe.skipIf(!hasNginx() && !requireNginx)('the production build behind nginx', () => {
  let outdir: string;
  let host: NginxHost;

  beforeAll(async () => {
    if (!hasNginx()) throw new Error(`REQUIRE_E2E=1 but no nginx at ${NGINX_PATH}: install it with \`apt-get install nginx\``);
    outdir = await productionBuild();
    host = await startNginx(outdir);
  });

  afterAll(async () => {
    await closeBrowser();
    await host?.close();
  });

  const head = (path: string, headers: Record<string, string> = {}): Promise<Response> => fetch(`${host.url}${path}`, { headers, redirect: 'manual' });

  it('redirects a route written with a trailing slash or capitals to the route, keeping the query', async () => {
    for (const path of ['/discount/', '/Discount', '/DISCOUNT/']) {
      const answer = await head(`${path}?utm_source=ad&gclid=abc`);
      expect(answer.status, path).toBe(301);
      expect(answer.headers.get('location'), path).toBe('/discount?utm_source=ad&gclid=abc');
    }
    // a step's path too, and the exact forms are served as they are (also when they fall back to the app shell)
    expect((await head('/Signup/Plans/')).headers.get('location')).toBe('/signup/plans');
    for (const path of ['/discount', '/', '/signup/plans']) expect((await head(path)).status, path).toBe(200);
  });

  it('sends the page in the visitor language: ?lng=, then the lng cookie, then Accept-Language, else English', async () => {
    const lang = async (path: string, headers: Record<string, string> = {}): Promise<string | undefined> =>
      /<html lang="([a-z]+)"/.exec(await (await head(path, headers)).text())?.[1];
    expect(await lang('/discount', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' })).toBe('de');
    expect(await lang('/discount', { 'accept-language': 'de-DE', cookie: 'lng=ar' })).toBe('ar');
    expect(await lang('/discount?lng=ja', { cookie: 'lng=ar' })).toBe('ja');
    expect(await lang('/trial', { 'accept-language': 'pl-PL' })).toBe('en');
    // any other funnel path is the app shell (its loading overlay in the visitor's language), rendered in the browser
    const shell = await (await head('/signup/plans', { 'accept-language': 'de-DE' })).text();
    expect(shell).toContain('<div id="root">');
    expect(shell).toContain('<html lang="de"');
  });

  it('caches hashed assets for a year and revalidates pages, compresses text, and keeps its own files private', async () => {
    const page = await head('/discount', { 'accept-encoding': 'gzip' });
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('vary')).toContain('Accept-Language');
    const script = readdirSync(join(outdir, 'static/js')).find((f) => f.endsWith('.js'))!;
    const asset = await head(`/static/js/${script}`, { 'accept-encoding': 'gzip' });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    // an asset not (yet) deployed is not cached for a year
    const missing = await head('/static/js/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBeNull();
    for (const path of ['/_host/nginx-http.conf', '/_host/nginx-server.conf', '/_headers', '/_redirects']) expect((await head(path)).status, path).toBe(404);
  });

  it('sends the CSP with the inline hashes of the build, and a German visitor walks from the landing to the next step without a violation', async () => {
    const csp = (await head('/discount')).headers.get('content-security-policy')!;
    const inline = JSON.parse(readFileSync(join(outdir, CSP_HASHES_FILE), 'utf8')) as Record<'script-src' | 'style-src', string[]>;
    const directive = (name: string): string => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    for (const hash of inline['script-src']) expect(directive('script-src')).toContain(hash);
    for (const hash of inline['style-src']) expect(directive('style-src')).toContain(hash);
    expect(directive('connect-src')).toContain('https://portal.geozilla.com');

    const { context, page } = await newVisitor({ locale: 'de-DE' });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const response = await page.goto(`${host.url}/Discount/?utm_source=ad`);
    expect(response!.status()).toBe(200);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/discount?utm_source=ad');
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await page.getByRole('button', { name: 'Weiter' }).first().click();
    await page.waitForURL((url) => url.pathname !== '/discount');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(host.errors()).not.toMatch(/\[(error|crit|alert|emerg)\]/);
    await context.close();
  });

  it('every answer carries the security headers, and Strict-Transport-Security exactly when it reaches the visitor over HTTPS', async () => {
    const csp = (await head('/discount')).headers.get('content-security-policy');
    const script = readdirSync(join(outdir, 'static/js')).find((f) => f.endsWith('.js'))!;
    const languages = readdirSync('locales')
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -'.json'.length));
    const get = (path: string): string => `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n`;
    interface Answer {
      kind: string;
      head: string;
      body?: string;
      status: number;
      /** False for an answer nginx gives before it has read the request's headers: X-Forwarded-Proto is not known then. */
      headersRead?: false;
    }
    const answers: Answer[] = [
      { kind: 'the app shell', head: get('/signup/plans'), status: 200 },
      { kind: 'a hashed asset', head: get(`/static/js/${script}`), status: 200 },
      ...languages.map((lng): Answer => ({ kind: `the prerendered landing in ${lng}`, head: get(`/discount?lng=${lng}`), status: 200 })),
      { kind: 'a redirect to the route', head: get('/Discount/?utm_source=ad'), status: 301 },
      { kind: 'a host file', head: get('/_host/nginx-server.conf'), status: 404 },
      { kind: 'a missing asset', head: get('/static/js/missing.js'), status: 404 },
      { kind: 'a POST to a page', head: 'POST /discount HTTP/1.1\r\nHost: localhost\r\nContent-Length: 2\r\nConnection: close\r\n', body: '{}', status: 405 },
      {
        kind: 'a body over the size limit',
        head: `POST /discount HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${64 * 1024 * 1024}\r\nConnection: close\r\n`,
        status: 413,
      },
      { kind: 'a request without Host', head: 'GET /discount HTTP/1.1\r\nConnection: close\r\n', status: 400 },
      { kind: 'an address too long', head: get(`/discount?q=${'x'.repeat(16 * 1024)}`), status: 414, headersRead: false },
    ];
    const check = (answer: RawAnswer, label: string, hsts: boolean): void => {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        expect(answer.headers.get(name), `${label}: ${name}`).toBe(name === 'content-security-policy' ? csp : value);
      }
      expect(answer.headers.get('strict-transport-security'), `${label}: strict-transport-security`).toBe(hsts ? STRICT_TRANSPORT_SECURITY : undefined);
    };
    for (const { kind, head: request, body, status, headersRead } of answers) {
      const plain = await rawAnswer(host.url, request, body);
      expect(plain.status, kind).toBe(status);
      check(plain, `${kind}, plain HTTP`, false);
      const behindTls = await rawAnswer(host.url, request.replace('\r\n', '\r\nX-Forwarded-Proto: https\r\n'), body);
      expect(behindTls.status, kind).toBe(status);
      check(behindTls, `${kind}, behind a TLS terminator (X-Forwarded-Proto: https)`, headersRead !== false);
      const tls = await rawAnswer(host.httpsUrl, request, body);
      expect(tls.status, kind).toBe(status);
      check(tls, `${kind}, over nginx's own TLS`, true);
      if (kind.startsWith('the prerendered landing in ')) expect(/<html lang="([a-z]+)"/.exec(plain.body)?.[1], kind).toBe(kind.split(' ').pop());
    }
    // a proxy that says the visitor came over plain HTTP: no Strict-Transport-Security
    check(await rawAnswer(host.url, get('/discount').replace('\r\n', '\r\nX-Forwarded-Proto: http\r\n')), 'X-Forwarded-Proto: http', false);
    expect(host.errors()).not.toMatch(/\[(crit|alert|emerg)\]/);
  });
});
