/** The prerenderer's entry (Node, at build time): the same flow data, registry and config as main.tsx. */
import type { ResourceKey } from 'i18next';
import { config } from '../engine/core/config.ts';
import type { Language } from '../engine/core/languages.ts';
import { createPrerenderer } from '../engine/react/prerender.tsx';
import { funnelData } from './flowData.ts';
import { screens } from './registry.ts';
import { images } from './ui/images.ts';

export { funnelData, images };

export const prerenderer = (firstPaintTexts: Record<Language, ResourceKey>) =>
  createPrerenderer({ data: funnelData, registry: screens, config, firstPaintTexts });
