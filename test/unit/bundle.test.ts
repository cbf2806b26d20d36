/**
 * The production bundle keeps ajv and axios off the landing route, and the checkout adds at most
 * 30 KiB of our own code (DESIGN.md section 10). The landing's size is counted in the browser, every
 * script fetched until idle: test/e2e/budget.test.ts. Every landing page is prerendered per language.
 */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { build } from '../../build.mjs';
import { CHECKOUT_SOURCES, LANDING_SOURCES, measureRoute, outputFor, staticClosure } from '../../scripts/bundleReport.ts';
import { APP_SHELL, COMPILE_HINT, pageFile, prerenderedPaths, shellFile } from '../../engine/build/bundle.ts';
import { getVariant, languageCodes, variantIds } from '../../engine/index.ts';
import { languages } from '../../screens/product/languages.ts';

const LANGUAGES = languageCodes(languages);
import { funnelData } from '../../screens/flowData.ts';
import { removeBuild } from '../removeBuild.ts';

const root = new URL('../../', import.meta.url).pathname;
let outdir = '';
let metafile: Metafile;

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'funnel-prod-'));
  ({ metafile } = await build({ preview: false, outdir, log: false }));
}, 120_000);

afterAll(() => removeBuild(outdir));

describe('production bundle', () => {
  it('keeps ajv, axios and the router off the landing route', () => {
    const landing = measureRoute(metafile, root, '/', LANDING_SOURCES);
    expect(landing.packages).not.toContain('ajv');
    expect(landing.packages).not.toContain('axios');
    // the landing renders its entry step without react-router, which comes in the routes' own chunk
    expect(landing.packages).not.toContain('react-router');
    expect(landing.packages).toEqual(expect.arrayContaining(['react', 'react-dom', 'valtio']));
    // the landing's first screen translates with its own small translator; i18next comes with the rest of the texts
    expect(landing.packages).not.toContain('i18next');
    expect(landing.packages).not.toContain('react-i18next');
    const routes = measureRoute(metafile, root, '/check-location', ['engine/react/BrowserRoutes.tsx'], new Set(landing.files));
    expect(routes.packages).toContain('react-router');
    const texts = measureRoute(metafile, root, '/check-location', ['engine/react/i18n.ts'], new Set(landing.files));
    expect(texts.packages).toEqual(expect.arrayContaining(['i18next', 'react-i18next']));
  });

  it('adds at most 30 KiB gzip of our own code for the checkout route', () => {
    const landing = measureRoute(metafile, root, '/', LANDING_SOURCES);
    const checkout = measureRoute(metafile, root, '/checkout', CHECKOUT_SOURCES, new Set(landing.files));
    expect(checkout.ownGzipBytes).toBeGreaterThan(0);
    expect(checkout.ownGzipBytes).toBeLessThanOrEqual(30 * 1024);
  });

  it('loads the code of each destination only when consent opens it, not with the measurement runtime', () => {
    const runtime = outputFor(metafile, 'screens/analytics/measurementRuntime.ts');
    expect(runtime).toBeDefined();
    const inputs = [...staticClosure(metafile, runtime!)].flatMap((file) => Object.keys(metafile.outputs[file]!.inputs));
    expect(inputs).toContain('engine/analytics/router.ts');
    for (const destinationCode of [
      'engine/analytics/ga4.ts',
      'engine/analytics/metaPixel.ts',
      'engine/analytics/segmentSink.ts',
      'engine/analytics/batchSink.ts',
    ]) {
      expect(inputs).not.toContain(destinationCode);
    }
    for (const lazy of ['engine/analytics/ga4.ts', 'engine/analytics/metaPixel.ts', 'engine/analytics/segmentSink.ts'])
      expect(outputFor(metafile, lazy)).toBeDefined();
  });

  it('marks the scripts that run on load, and those of funnel.config.ts compileAhead, for eager compilation, and only those', () => {
    const firstLine = (output: string): string => readFileSync(join(root, output), 'utf8').split('\n', 1)[0]!;
    const main = outputFor(metafile, 'screens/main.tsx')!;
    const reactClient = Object.keys(metafile.outputs).find((o) =>
      Object.keys(metafile.outputs[o]!.inputs).some((i) => i.endsWith('react-dom/cjs/react-dom-client.production.js')),
    )!;
    for (const output of [...staticClosure(metafile, main), reactClient]) expect(firstLine(output)).toBe(COMPILE_HINT);
    // the HTTP client and the backend calls, run through in the tap that sends the signup or the payment;
    // the checkout, rendered whole in the tap that opens it; the steps that render as a backend call answers
    for (const ahead of [
      'node_modules/axios/lib/core/Axios.js',
      'screens/backend/http.ts',
      'screens/backend/portal.ts',
      'screens/checkout/CheckoutScreen.tsx',
      'screens/offer/OfferScreen.tsx',
      'screens/quiz/QuizScreen.tsx',
      'screens/checkout-success/CheckoutSuccessScreen.tsx',
    ]) {
      const output = Object.keys(metafile.outputs).find((o) => o.endsWith('.js') && ahead in metafile.outputs[o]!.inputs);
      expect(output, ahead).toBeDefined();
      expect(firstLine(output!), ahead).toBe(COMPILE_HINT);
    }
    // code for one screen or for an error keeps lazy compilation: most of its functions never run
    for (const lazy of ['engine/reporting/sentryReporter.ts', 'screens/phone-number/PhoneNumberScreen.tsx', 'engine/payments/stripe/stripeGateway.tsx']) {
      const output = outputFor(metafile, lazy);
      expect(output, lazy).toBeDefined();
      expect(firstLine(output!)).not.toBe(COMPILE_HINT);
    }
  });

  it('prerenders every landing path in all 13 languages, and an app shell per language that paints the loading overlay for the other paths', () => {
    const paths = prerenderedPaths(funnelData);
    // every path of every variant in flows/landings.json, whatever variants the marketers have added
    const landingPaths = variantIds(funnelData.landings).flatMap((id) => getVariant(funnelData.landings, id)!.paths);
    expect(paths.map((p) => p.path).sort()).toEqual([...new Set(landingPaths)].sort());
    expect(landingPaths).toEqual(expect.arrayContaining(['/', '/discount', '/family', '/trial']));
    for (const { path } of paths) {
      for (const language of LANGUAGES) {
        const html = readFileSync(join(outdir, pageFile(language, path)), 'utf8');
        expect(html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
        expect(html).toMatch(/<h1 class="landing__title">[^<]+<\/h1>/);
      }
    }
    const german = (JSON.parse(readFileSync(join(root, 'locales/de.json'), 'utf8')) as { landing: { title: string } }).landing.title;
    expect(readFileSync(join(outdir, 'de/discount/index.html'), 'utf8')).toContain(german);
    expect(readFileSync(join(outdir, 'index.html'), 'utf8')).toBe(readFileSync(join(outdir, 'en/index.html'), 'utf8'));
    // the app shell of every other path (a deep link) paints the loading overlay in each language, to be replaced, not hydrated
    for (const language of LANGUAGES) {
      const shell = readFileSync(join(outdir, shellFile(language)), 'utf8');
      const loading = (JSON.parse(readFileSync(join(root, `locales/${language}.json`), 'utf8')) as { loader: { normal: string } }).loader.normal;
      expect(shell).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
      expect(shell).toContain('<div id="root"><div class="fe-loader" role="status"');
      expect(shell).toContain(`<span class="fe-visually-hidden">${loading}</span>`);
      expect(shell).not.toContain('data-prerendered');
    }
    expect(readFileSync(join(outdir, APP_SHELL), 'utf8')).toBe(readFileSync(join(outdir, shellFile('en')), 'utf8'));
  });

  it('never ships the validator or a secret key', () => {
    const js = readdirSync(join(outdir, 'static/js'))
      .map((f) => readFileSync(join(outdir, 'static/js', f), 'utf8'))
      .join('\n');
    expect(Object.keys(metafile.inputs).some((i) => i.includes('engine/validate/'))).toBe(false);
    expect(/sk_(live|test)_/.test(js)).toBe(false);
  });

  it('points at the configured production API, not the sandbox', () => {
    const js = readdirSync(join(outdir, 'static/js'))
      .map((f) => readFileSync(join(outdir, 'static/js', f), 'utf8'))
      .join('\n');
    expect(js.includes('/sandbox/')).toBe(false);
    expect(js.includes('https://api.geozilla.com/api/v1')).toBe(true);
  });
});
