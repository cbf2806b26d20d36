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

/** The variant a step is shown in, and whether the opened path chose it (a landing route). */
export interface ActiveVariant {
  id: string;
  variant: Variant;
  /** True on a variant's own path: the path chose the variant, which is then recorded as the landing type. */
  fromPath: boolean;
}

/**
 * The one rule for the variant a step is shown in: the variant whose path was opened (variantForPath),
 * else the recorded landing type's variant, else fullPrice. The engine resolves it once per step
 * (StepHost) and gives it to screens through context (useVariant).
 * @example resolveActiveVariant(landings, '/optionsy', 'fullPrice').id // 'optionsy'
 * @example resolveActiveVariant(landings, '/signup/email', 'promo').id // 'promo'
 */
export function resolveActiveVariant(landings: Landings, pathname: string, landingType: string): ActiveVariant {
  const opened = variantForPath(landings, pathname);
  if (opened) return { ...opened, fromPath: true };
  const recorded = getVariant(landings, landingType);
  if (recorded) return { id: landingType, variant: recorded, fromPath: false };
  return { id: DEFAULT_LANDING_TYPE, variant: getVariant(landings, DEFAULT_LANDING_TYPE)!, fromPath: false };
}
