/**
 * The production bundle holds the budgets of DESIGN.md section 10: landing initial JS at most
 * 120 KiB gzip, no ajv and no axios on the landing route, and the checkout adds at most 30 KiB of our
 * own code. (`npm run bench` prints the figures; this test only guards the limits.)
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';
import { build } from '../../build.mjs';
import { CHECKOUT_SOURCES, LANDING_SOURCES, measureRoute } from '../../scripts/bundleReport.ts';

const root = new URL('../../', import.meta.url).pathname;
let outdir = '';
let metafile: Metafile;

beforeAll(async () => {
  outdir = mkdtempSync(join(tmpdir(), 'funnel-prod-'));
  ({ metafile } = await build({ preview: false, outdir, log: false }));
}, 120_000);

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('production bundle', () => {
  it('keeps the landing route within 120 KiB gzip, without ajv or axios', () => {
    const landing = measureRoute(metafile, root, '/', LANDING_SOURCES);
    expect(landing.gzipBytes).toBeLessThanOrEqual(120 * 1024);
    expect(landing.packages).not.toContain('ajv');
    expect(landing.packages).not.toContain('axios');
    expect(landing.packages).toEqual(expect.arrayContaining(['react', 'react-dom', 'react-router', 'valtio', 'i18next']));
  });

  it('adds at most 30 KiB gzip of our own code for the checkout route', () => {
    const landing = measureRoute(metafile, root, '/', LANDING_SOURCES);
    const checkout = measureRoute(metafile, root, '/checkout', CHECKOUT_SOURCES, new Set(landing.files));
    expect(checkout.ownGzipBytes).toBeGreaterThan(0);
    expect(checkout.ownGzipBytes).toBeLessThanOrEqual(30 * 1024);
  });

  it('never ships the validator or a secret key', () => {
    const js = readdirSync(join(outdir, 'static/js')).map((f) => readFileSync(join(outdir, 'static/js', f), 'utf8')).join('\n');
    expect(Object.keys(metafile.inputs).some((i) => i.includes('engine/validate/'))).toBe(false);
    expect(/sk_(live|test)_/.test(js)).toBe(false);
  });

  it('points at the configured production API, not the sandbox', () => {
    const js = readdirSync(join(outdir, 'static/js')).map((f) => readFileSync(join(outdir, 'static/js', f), 'utf8')).join('\n');
    expect(js.includes('/sandbox/')).toBe(false);
    expect(js.includes('https://api.geozilla.com/api/v1')).toBe(true);
  });
});
