/**
 * The one composition point of a funnel: its flow data, screen types, declared state slices,
 * measurement (analytics destinations and consent), payment gateways and backend adapter, checked once and handed to the browser entry (bootFunnel)
 * and the build's prerenderer alike, so both run exactly the same funnel. The product's screen map and
 * slices are type arguments of the definition, not global declarations: each funnel is typed by its own
 * composition, and several funnels fit in one program.
 */
import type { MeasurementSetup } from '../analytics/types.ts';
import type { FunnelConfig } from '../core/config.ts';
import { indexSteps, type FunnelData } from '../core/flowGraph.ts';
import type { LanguageList } from '../core/languages.ts';
import { ENGINE_SLICES, type SliceDeclarations } from '../core/store.ts';
import type { GatewayRegistration } from '../payments/registry.ts';
import type { FunnelBackend } from '../payments/backend.ts';
import type { ScreenMap, ScreenRegistry } from './types.ts';

/**
 * Everything a funnel is made of. M is the product's screen map (screen type -> props and outcomes,
 * from its generated types), S its own state slices (slice name -> value).
 */
export interface FunnelDefinition<M extends ScreenMap, S extends object> {
  /** The flow files as loaded: flows by id, variants by landing type, the plan catalogue. */
  data: FunnelData;
  /** Screen type -> component (a `satisfies ScreenRegistry<M>` map). */
  screens: ScreenRegistry<M>;
  /** The product's state slices with their defaults and whether they persist. */
  slices: SliceDeclarations<S>;
  /**
   * The interface languages (code -> typical browser locale) and the fallback; each has locales/<code>.json.
   * The build, the preview server and the validator read the same list from the product module that
   * declares it; the validator checks it (languageListProblems), so the landing carries no second check.
   */
  languages: LanguageList;
  /** The build's configuration (API addresses, preview or production). */
  config: FunnelConfig;
  /** Where analytics events go: the product's destinations (registrations) and consent rules; none when absent. */
  measurement?: MeasurementSetup;
  /** The checkout's ways to pay, in order of preference: the first available card gateway is used, every available alternative gets a button. */
  gateways: readonly GatewayRegistration[];
  /** The product's backend adapter (engine/payments/backend.ts): addresses, paths and field names stay on the product's side. */
  backend: FunnelBackend;
}

/** A funnel definition that does not hold together: names what is wrong and how to fix it. */
export class FunnelDefinitionError extends Error {
  override name = 'FunnelDefinitionError';
}

/**
 * Checks a funnel's parts against each other and returns the definition. Fails early, with the
 * part named, on a product slice that reuses an engine slice's name or a step whose screen type has
 * no component (the validator reports the same for flow files; this also covers code-built data).
 * The screen map is given as a type argument (it cannot be read back from the components); the slices
 * must then be given too.
 * @example export const funnel = defineFunnel<ProductScreens, ProductSlices>({ data, screens, slices, languages, config, gateways, backend });
 */
export function defineFunnel<M extends ScreenMap, S extends object>(definition: FunnelDefinition<M, S>): FunnelDefinition<M, S> {
  for (const name of Object.keys(definition.slices)) {
    if (Object.hasOwn(ENGINE_SLICES, name)) {
      throw new FunnelDefinitionError(`slices.${name}: "${name}" is a slice of the engine; give the product's slice another name.`);
    }
  }
  for (const ref of indexSteps(definition.data.flows).values()) {
    if (!Object.hasOwn(definition.screens, ref.step.screen)) {
      throw new FunnelDefinitionError(`flows.${ref.flowId}.steps.${ref.id}: screen "${ref.step.screen}" has no component; add it to the screen registry.`);
    }
  }
  return definition;
}
