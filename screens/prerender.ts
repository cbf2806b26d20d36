/** The prerenderer's entry (Node, at build time): the same funnel (funnel.ts) as main.tsx. */
import type { ResourceKey } from 'i18next';
import { prerenderToNodeStream } from 'react-dom/static';
import type { Language } from '../engine/index.ts';
import { createPrerenderer } from '../engine/react/index.ts';
import { funnelData } from './flowData.ts';
import { funnel } from './funnel.ts';
import { images } from './ui/images.ts';

export { funnelData, images };

export const prerenderer = (firstPaintTexts: Record<Language, ResourceKey>, allTexts: Record<Language, ResourceKey>) =>
  createPrerenderer({ funnel, firstPaintTexts, allTexts, renderToStream: prerenderToNodeStream });
