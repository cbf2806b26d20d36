/**
 * What arriving at a step records: the landing type, the route's own variant (or the home variant for a visitor who came in
 * past every landing), the tracking data of the address, the page view and, on a landing under
 * experiment, the exposure. StepHost does it when a step mounts. Boot does it for the landing opened
 * from its prerendered page before React runs (React waits for the visitor's first interaction there),
 * so the page view and attribution do not wait for hydration.
 */
import { resolveActiveVariant, variantForPath, type ActiveVariant } from '../core/variants.ts';
import { adoptLandingType, captureTracking, recordLandingType } from '../core/capture.ts';
import { recordExposure } from '../core/experiments.ts';
import type { PageContext } from '../core/analytics.ts';
import type { FunnelEngine } from './context.ts';
import { pageViewWhenTitled } from './pageView.ts';

export interface ArrivalLocation {
  pathname: string;
  search: string;
  hostname: string;
  origin: string;
}

/** The variant a path shows for this visitor (the one StepHost renders). */
export function activeVariantAt(engine: FunnelEngine, pathname: string): ActiveVariant {
  return resolveActiveVariant(engine.data.landings, pathname, engine.store.plans.landingType, engine.chooseVariant);
}

/**
 * Records the visitor's arrival at `stepId`, shown as `active`, at `location`. The page view carries
 * the step's title: at once when the document already has it (`titled`: a prerendered page), else
 * once the screen has named the document (pageView.ts). Its context is the step's own address (with
 * its query: the landing's utm and click ids) and title, and the events fired on the step meanwhile
 * (the tracking data, the exposure, what its screen tracks as it mounts) wait for it and carry it.
 */
export function arriveAtStep(engine: FunnelEngine, stepId: string, active: ActiveVariant, location: ArrivalLocation, userAgent: string, titled = false): void {
  const { store, analytics, config, chooseVariant } = engine;
  analytics.holdUntilPage();
  // the landing type is the route's own variant, also under an experiment: the backend tells the
  // routes apart, and the variant shown is recorded with the exposure (experiment_viewed)
  if (active.fromPath) recordLandingType(store, variantForPath(engine.data.landings, location.pathname)?.id ?? active.id, location.origin, location.pathname);
  else adoptLandingType(store, active.id);
  captureTracking(store, { search: location.search, hostname: location.hostname, origin: location.origin, userAgent, appName: config.appName }, analytics);
  const { pathname, search, origin } = location;
  const referrer = typeof document === 'undefined' ? '' : document.referrer;
  const page = (title: string): PageContext => ({ path: pathname, referrer, search, title, url: origin + pathname + search });
  pageViewWhenTitled(stepId, (title) => analytics.page(pathname, { step: stepId, title }, page(title)), titled);
  if (active.fromPath) recordExposure(store, analytics, chooseVariant?.(location.pathname));
}
