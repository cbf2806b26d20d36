/** The browser entry: boots the engine with the flow data, the screen registry and the locales. */
import { bootFunnel } from '../engine/react/boot.tsx';
import { config } from '../engine/core/config.ts';
import { pickLanguage, type Language } from '../engine/react/i18n.ts';
import { funnelData } from './flowData.ts';
import { screens } from './registry.ts';
import { locales } from 'virtual:locales';
import { startErrorReporting } from '../engine/core/errorReporting.ts';
import i18next from 'i18next';
import { setupMeasurement } from './analytics/measurement.ts';


// only the visitor's language is downloaded: first the texts the first screen needs, then the rest
const loadLocale = (language: Language) => locales[language].first().then((m) => m.default);
const loadRestTexts = (language: Language) => locales[language].rest().then((m) => m.default);

startErrorReporting({ dsn: config.sentryDsn, release: config.release, load: (s) => import('../engine/reporting/sentryReporter.ts').then((m) => m.createReporter(s)), window });

// each page preloads its own hero image (a <link rel=preload> with the same srcset as the <picture>);
// a second, single-URL preload here would download another size of the same image
const preloadUrls = (): string[] => [];

const root = document.getElementById('root');
// the consent banner's texts are in the rest of the visitor's texts (the same chunk the later steps load)
const loadConsentTexts = async (): Promise<void> => {
  const language = pickLanguage(i18next.language);
  if (!i18next.exists('consent.title')) i18next.addResourceBundle(language, 'translation', await loadRestTexts(language), true, false);
};
const measurement = setupMeasurement({ data: funnelData, config, loadTexts: loadConsentTexts });

if (root) void bootFunnel({ data: funnelData, registry: screens, config, loadLocale, loadRestTexts, preloadUrls, root, measurement });
