/**
 * The project configuration (funnel.config.ts): every file and folder it names exists, the production
 * configuration maps the environment (the engine's fields and the portal adapter's addresses), and the
 * portal adapter takes its addresses from the configuration's backend settings only.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TRACES_SAMPLE_RATE, projectPath, tracesSampleRateOf } from '../../engine/build/index.ts';
import project from '../../funnel.config.ts';
import packageJson from '../../package.json';
import { portalAddresses } from '../../screens/backend/addresses.ts';
import { createHttpClients } from '../../screens/backend/http.ts';
import { PREVIEW_CONFIG, PRODUCTION_DEFAULTS } from '../../screens/product/previewConfig.ts';

describe('funnel.config.ts', () => {
  it('names files and folders that exist', () => {
    const named = [
      project.entry,
      project.prerender,
      ...project.criticalCss,
      project.fontFaces,
      project.firstStylesheet,
      ...project.styleFolders,
      ...project.sourceDirs,
      project.icons,
      project.languagesModule,
      project.registry,
      project.slices,
      project.destinations,
      project.imagesDir,
      project.flowsDir,
      project.localesDir,
      project.schemasDir,
      project.generatedTypesDir,
    ];
    expect(named.filter((path) => !existsSync(projectPath(project, path)))).toEqual([]);
    expect(project.criticalCss).toContain(project.fontFaces);
  });

  it("maps the environment to the production configuration: the portal's addresses and the engine's fields", () => {
    const config = project.production({
      WEBAPI_URL: 'https://api.example.com/api/v1',
      PORTAL_URL: 'https://portal.example.com/api/v1',
      CDN_URL: 'https://cdn.example.com/api/v1',
      BRAINTREE_PORTAL_URL: 'https://bt.example.com/api/v1',
      SENTRY_DSN: 'https://key@errors.example.com/1',
      APP_NAME: 'Other App',
      META_PIXEL_ID: '42',
      ANALYTICS_WRITE_KEY: 'wk',
    });
    expect(config.backendSettings).toEqual({
      webApiUrl: 'https://api.example.com/api/v1',
      portalUrl: 'https://portal.example.com/api/v1',
      cdnUrl: 'https://cdn.example.com/api/v1',
      braintreePortalUrl: 'https://bt.example.com/api/v1',
    });
    expect(config).toMatchObject({ sentryDsn: 'https://key@errors.example.com/1', appName: 'Other App', preview: false });
    expect(config.destinationSettings).toMatchObject({ metaPixelId: '42', analyticsWriteKey: 'wk', ga4MeasurementId: '' });
  });

  it("falls back to the product's portal addresses, name and release when the environment names none", () => {
    const config = project.production({});
    expect(config.backendSettings).toEqual(PRODUCTION_DEFAULTS);
    expect(config.appName).toBe(project.appName);
    expect(config.release).toBe(`funnel-engine@${packageJson.version}`);
    expect(config.sentryDsn).toBe('');
  });

  it('traces every page load unless the environment names another share, and refuses a share that is not one', () => {
    expect(project.production({}).sentryTracesSampleRate).toBe(DEFAULT_TRACES_SAMPLE_RATE);
    expect(DEFAULT_TRACES_SAMPLE_RATE).toBe(1);
    expect(project.production({ SENTRY_TRACES_SAMPLE_RATE: '0.25' }).sentryTracesSampleRate).toBe(0.25);
    expect(project.production({ SENTRY_TRACES_SAMPLE_RATE: '0' }).sentryTracesSampleRate).toBe(0);
    for (const bad of ['1.5', '-0.1', 'all', 'NaN'])
      expect(() => project.production({ SENTRY_TRACES_SAMPLE_RATE: bad }), bad).toThrow(/SENTRY_TRACES_SAMPLE_RATE must be a number from 0 to 1/);
    expect(tracesSampleRateOf(undefined, 0.5)).toBe(0.5);
  });

  it("is the preview configuration of the tests' bundles, with the sandbox's addresses", () => {
    expect(project.preview).toBe(PREVIEW_CONFIG);
    expect(Object.values(project.preview.backendSettings).every((address) => address.startsWith('/sandbox/'))).toBe(true);
  });
});

describe('the portal adapter', () => {
  it('makes one client per address of the backend settings', () => {
    const http = createHttpClients(project.production({ PORTAL_URL: 'https://portal.example.com/api/v1' }), () => '');
    expect(http.portal.defaults.baseURL).toBe('https://portal.example.com/api/v1');
    expect(http.webapi.defaults.baseURL).toBe(PRODUCTION_DEFAULTS.webApiUrl);
    expect(http.braintree.defaults.baseURL).toBe(PRODUCTION_DEFAULTS.braintreePortalUrl);
  });

  it('names the addresses a configuration lacks', () => {
    expect(() => portalAddresses({ backendSettings: { webApiUrl: '/a', portalUrl: '/b' } })).toThrow('cdnUrl, braintreePortalUrl');
  });
});
