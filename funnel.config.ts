/**
 * The project configuration: what the build, the dev server, the validator, `npm run gen`, the
 * gallery, the preview server and the benchmark know about this product (engine/build/project.ts).
 * The browser's composition is screens/funnel.ts; this is its Node-side counterpart.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineFunnelConfig, environmentConfig } from './engine/build/index.ts';
import packageJson from './package.json' with { type: 'json' };
import { commerceRules } from './screens/product/commerceRules.ts';
import { languages } from './screens/product/languages.ts';
import { APP_NAME, PREVIEW_CONFIG, PRODUCTION_DEFAULTS } from './screens/product/previewConfig.ts';

/** This folder, with a trailing separator. */
const root = `${dirname(fileURLToPath(import.meta.url))}/`;

export default defineFunnelConfig({
  root,
  appName: APP_NAME,
  entry: 'screens/main.tsx',
  prerender: 'screens/prerender.ts',
  // the styles of the prerendered entry screens, inlined into their pages: the kit, fonts, engine chrome, landing
  criticalCss: ['screens/ui/kit.css', 'screens/ui/fonts.css', 'engine/react/engine.css', 'screens/landing/landing.css'],
  fontFaces: 'screens/ui/fonts.css',
  styleFolders: ['engine/react', 'screens'],
  firstStylesheet: 'screens/ui/kit.css',
  font: { family: 'Open Sans Variable', latinSubset: 'open-sans-latin-wght-normal' },
  sourceDirs: ['screens', 'engine'],
  icons: 'screens/ui/icons',
  languages,
  languagesModule: 'screens/product/languages.ts',
  registry: 'screens/registry.ts',
  slices: 'screens/product/slices.ts',
  destinations: 'screens/analytics/destinations.ts',
  commerce: commerceRules,
  imagesDir: 'screens/ui/images',
  flowsDir: 'flows',
  localesDir: 'locales',
  schemasDir: 'schemas',
  generatedTypesDir: 'screens/types',
  // the signup and the payment calls go through axios and the backend module in the tap that sends them;
  // the checkout (and the preview's sandbox card form) renders in one task at the tap that opens it;
  // the offer, the quiz and the success step render in the task that takes the signup's or Pay's answer
  compileAhead: [
    'node_modules/axios/',
    'screens/backend/',
    'screens/checkout/',
    'engine/payments/sandbox/',
    'screens/offer/',
    'screens/quiz/',
    'screens/checkout-success/',
  ],
  // a change other than a text is reviewed in a left-to-right, a right-to-left, a CJK and the longest-worded language
  review: { sampleLanguages: ['en', 'ar', 'ja', 'de'], priceScreens: ['paywall', 'checkout', 'checkout-success', 'offer'] },
  preview: PREVIEW_CONFIG,
  production: (env) => {
    // error reporting traces every page load (the spec's 100%); SENTRY_TRACES_SAMPLE_RATE overrides it per build
    const engine = environmentConfig(env, { appName: APP_NAME, release: `funnel-engine@${packageJson.version}`, tracesSampleRate: 1 });
    return {
      ...engine,
      // the portal adapter's addresses (screens/backend/addresses.ts)
      backendSettings: {
        webApiUrl: env.WEBAPI_URL ?? PRODUCTION_DEFAULTS.webApiUrl,
        portalUrl: env.PORTAL_URL ?? PRODUCTION_DEFAULTS.portalUrl,
        cdnUrl: env.CDN_URL ?? PRODUCTION_DEFAULTS.cdnUrl,
        braintreePortalUrl: env.BRAINTREE_PORTAL_URL ?? PRODUCTION_DEFAULTS.braintreePortalUrl,
      },
      // the ad and analytics tags of flows/destinations.json's production list ({{metaPixelId}}, {{ga4MeasurementId}})
      destinationSettings: { metaPixelId: env.META_PIXEL_ID ?? '', ga4MeasurementId: env.GA4_MEASUREMENT_ID ?? '', ...engine.destinationSettings },
    };
  },
});
