/**
 * What every event carries (read from the store when the event is made): the landing type, the
 * visitor's experiment assignments (`events.experiments`, experiment id -> variation id) and the
 * campaign fields as Segment's `context.campaign`.
 */
import type { EventContext } from '../core/analytics.ts';
import type { FunnelState } from '../core/store.ts';

// Segment's campaign field of each utm parameter
const CAMPAIGN_FIELDS = [
  ['utm_campaign', 'name'],
  ['utm_source', 'source'],
  ['utm_medium', 'medium'],
  ['utm_term', 'term'],
  ['utm_content', 'content'],
];

/** Segment's campaign object from utm parameters. @example campaignOf({ utm_source: 'fb' }) // { source: 'fb' } */
export function campaignOf(utm: Record<string, string>): Record<string, string> {
  const campaign: Record<string, string> = {};
  for (const [param, field] of CAMPAIGN_FIELDS) if (utm[param!]) campaign[field!] = utm[param!]!;
  return campaign;
}

/** The context reader of the analytics port for a store. */
export function eventContextReader(store: FunnelState): () => EventContext {
  return () => ({
    landing_type: store.plans.landingType,
    experiments: { ...(store.events as { experiments?: Record<string, string> }).experiments },
    campaign: campaignOf(store.events.utm),
  });
}
