/** The browser entry: boots the engine with the flow data, the screen registry and the locales. */
import { bootFunnel } from '../engine/react/boot.tsx';
import { config } from '../engine/core/config.ts';
import type { Language } from '../engine/react/i18n.ts';
import { funnelData } from './flowData.ts';
import { screens } from './registry.ts';
import { preloadUrls } from './ui/Picture.tsx';

// each locale is its own chunk: only the visitor's language is downloaded
const loadLocale = (language: Language) => import(`../locales/${language}.json`).then((m: { default: Record<string, unknown> }) => m.default);

const root = document.getElementById('root');
if (root) void bootFunnel({ data: funnelData, registry: screens, config, loadLocale, preloadUrls, root });
