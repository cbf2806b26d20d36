/** The browser entry: boots the funnel (funnel.ts) with the visitor's locale and error reporting. */
import { bootFunnel } from '../engine/react/index.ts';
import { config } from '../engine/index.ts';
import type { Language, TextTree } from '../engine/react/index.ts';
import { funnel } from './funnel.ts';
import { locales } from 'virtual:locales';
import { startErrorReporting } from '../engine/index.ts';
import { loadSentryReporter } from '../engine/index.ts';
import { analyticsConsent } from '../engine/analytics/index.ts';

// only the visitor's language is downloaded: first the texts the first screen needs, then the rest
// the engine asks only for languages of the funnel's list, and the build makes chunks for each of them
const loadLocale = (language: Language) => locales[language]!.first().then((m) => m.default as TextTree);
const loadRestTexts = (language: Language) => locales[language]!.rest().then((m) => m.default as TextTree);

// the SDK loads only when there is an error to send; under the `analytics` rule only with that consent
startErrorReporting({
  dsn: config.sentryDsn,
  release: config.release,
  flowVersion: config.flowVersion,
  environment: config.sentryEnvironment,
  tracesSampleRate: config.sentryTracesSampleRate,
  consent: config.sentryConsent === 'necessary' ? undefined : analyticsConsent,
  load: loadSentryReporter,
  window,
});

// each page preloads its own hero image (a <link rel=preload> with the same srcset as the <picture>);
// a second, single-URL preload here would download another size of the same image
const preloadUrls = (): string[] => [];

const root = document.getElementById('root');
// the weights the screens set text in (kit.css and the screens' styles); one variable file serves them all
const fonts = { family: 'Open Sans Variable', weights: [400, 600, 700, 800] };

if (root) void bootFunnel({ funnel, loadLocale, loadRestTexts, preloadUrls, root, fonts });
