/** Landing types and variants: which variant a path opens, and the landing type it records. */
import type { Landings, Variant } from '../types/landings.gen.ts';
import type { Plan, Plans } from '../types/plans.gen.ts';
import { ownValue } from './ownValue.ts';
import { getVariant, variantIds } from './flowGraph.ts';

/**
 * The variant a visitor is in before a landing path recorded one: the variant that serves "/" (an
 * empty path names it), else the first variant.
 * @example homeVariantId(landings) // 'fullPrice' in this product
 */
export function homeVariantId(landings: Landings): string {
  const ids = variantIds(landings);
  return ids.find((id) => getVariant(landings, id)!.paths.includes('/')) ?? ids[0] ?? '';
}

/**
 * The landing type named by a path: its first segment, or the home variant's for "/".
 * @example landingTypeFromPath(landings, '/optionsy') // 'optionsy'
 */
export function landingTypeFromPath(landings: Landings, pathname: string): string {
  const first = pathname.split('/').find((s) => s.length > 0);
  return first ?? homeVariantId(landings);
}

/**
 * Picks the variant a path opens for this visitor (an experiment's assignment, see experiments.ts);
 * undefined leaves the path's own variant.
 */
export type VariantChooser<A extends { variant: string } = { variant: string }> = (pathname: string) => A | undefined;

/**
 * The variant a path opens: the one whose paths include this exact path, or, on a path under an
 * experiment, the variant `choose` assigns (the one place where experiments meet routing).
 * @example variantForPath(landings, '/latam', () => ({ variant: 'trial' }))?.id // 'trial'
 */
export function variantForPath(landings: Landings, pathname: string, choose?: VariantChooser): { id: string; variant: Variant } | undefined {
  let own: { id: string; variant: Variant } | undefined;
  for (const id of variantIds(landings)) {
    const variant = getVariant(landings, id)!;
    if (!own && variant.paths.includes(pathname)) own = { id, variant };
  }
  if (!own) return undefined;
  const chosen = choose?.(pathname)?.variant;
  const variant = chosen === undefined ? undefined : getVariant(landings, chosen);
  return variant ? { id: chosen!, variant } : own;
}

/** The variant a step is shown in, and whether the opened path chose it (a landing route). */
export interface ActiveVariant {
  id: string;
  variant: Variant;
  /** True on a variant's own path: the path chose the variant, which is then recorded as the landing type. */
  fromPath: boolean;
}

/**
 * The one rule for the variant a step is shown in: the variant whose path was opened (variantForPath,
 * with the visitor's experiment assignment on a path under experiment),
 * else the recorded landing type's variant (or the variant an experiment on its path assigned), else the home variant (the one serving "/"). The engine resolves it once per step
 * (StepHost) and gives it to screens through context (useVariant).
 * @example resolveActiveVariant(landings, '/optionsy', 'fullPrice').id // 'optionsy'
 * @example resolveActiveVariant(landings, '/signup/email', 'promo').id // 'promo'
 */
export function resolveActiveVariant(landings: Landings, pathname: string, landingType: string, choose?: VariantChooser): ActiveVariant {
  const opened = variantForPath(landings, pathname, choose);
  if (opened) return { ...opened, fromPath: true };
  const recorded = getVariant(landings, landingType);
  if (recorded) {
    // the landing type is the route's own variant; an experiment on its path may have shown another,
    // which the later steps keep showing (its plans, its paywall)
    const assigned = recorded.paths.map((path) => variantForPath(landings, path, choose)).find((v) => v !== undefined && v.id !== landingType);
    return assigned ? { ...assigned, fromPath: false } : { id: landingType, variant: recorded, fromPath: false };
  }
  const home = homeVariantId(landings);
  return { id: home, variant: getVariant(landings, home)!, fromPath: false };
}

/** A catalogue plan by name (own entries only: a stored `constructor` is no plan), or undefined. */
export function planNamed(plans: Plans, name: string): Plan | undefined {
  return ownValue(plans.plans, name);
}

/**
 * The plan a variant's checkout sells: the chosen one when the variant offers it, else the variant's
 * default, else its first plan. Any other name (another landing's plan, a test plan, the upsell add-on,
 * a stored value no variant offers) falls back quietly: only what the variant sells is for sale.
 * @example sellablePlan(landings.fullPrice, plans, 'gz-1-day-test')?.name // 'gz-3-month-fox'
 */
export function sellablePlan(variant: Variant, plans: Plans, chosen: string): Plan | undefined {
  const offered = (name: string): Plan | undefined => (variant.plans.includes(name) ? planNamed(plans, name) : undefined);
  return offered(chosen) ?? offered(variant.defaultPlan) ?? variant.plans.map(offered).find((p) => p !== undefined);
}
