/** The gallery's screens (scripts/galleryScreens.ts) as the review names them: stable ids across versions. */
import type { FunnelData } from '../../engine/index.ts';
import type { ReviewScreen } from '../../engine/review/index.ts';

/** What the review reads of a gallery screen (the fields every version of the gallery has). */
export interface GalleryScreenLike {
  key: string;
  group: string;
  stepId: string;
  screen: string;
  variantId: string;
}

/**
 * A flow's screen is "<flow>/<step>" (its gallery key numbers it by walking order, which an added step moves);
 * a variant's keeps its gallery key.
 * @example reviewScreen(data, { key: 'main/03-place-alerts', group: 'main', stepId: 'place-alerts', … }).id // 'main/place-alerts'
 */
export function reviewScreen(data: FunnelData, g: GalleryScreenLike): ReviewScreen {
  const variants = g.group === 'variants';
  const landings = data.landings as Record<string, { flow: string } | undefined>;
  const flowId = variants ? (landings[g.variantId]?.flow ?? g.group) : g.group;
  const id = variants ? g.key : `${g.group}/${g.stepId}`;
  return { id, key: id.replace(/[^a-zA-Z0-9-]+/g, '_'), group: g.group, flowId, stepId: g.stepId, screen: g.screen, variantId: g.variantId };
}
