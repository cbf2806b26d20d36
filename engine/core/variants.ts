/** Landing types and variants: which variant a path opens, and the landing type it records. */
import type { Landings, Variant } from '../types/landings.gen.ts';
import { getVariant, variantIds } from './flowGraph.ts';

/** The landing type when the path has no first segment. */
export const DEFAULT_LANDING_TYPE = 'fullPrice';

/**
 * The landing type named by a path: its first segment, or fullPrice for "/".
 * @example landingTypeFromPath('/optionsy') // 'optionsy'
 */
export function landingTypeFromPath(pathname: string): string {
  const first = pathname.split('/').find((s) => s.length > 0);
  return first ?? DEFAULT_LANDING_TYPE;
}

/** The variant whose paths include this exact path, with its landing type. */
export function variantForPath(landings: Landings, pathname: string): { id: string; variant: Variant } | undefined {
  for (const id of variantIds(landings)) {
    const variant = getVariant(landings, id)!;
    if (variant.paths.includes(pathname)) return { id, variant };
  }
  return undefined;
}

/** The active variant for a recorded landing type, falling back to fullPrice for an unknown one. */
export function activeVariant(landings: Landings, landingType: string): { id: string; variant: Variant } {
  const variant = getVariant(landings, landingType);
  if (variant) return { id: landingType, variant };
  return { id: DEFAULT_LANDING_TYPE, variant: getVariant(landings, DEFAULT_LANDING_TYPE)! };
}
