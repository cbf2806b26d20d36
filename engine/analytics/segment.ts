/**
 * The Segment spec's message shapes (track, page, identify), which RudderStack, Jitsu, PostHog and
 * others accept. Every message carries the landing type and experiment assignments as properties
 * and the campaign fields as `context.campaign`.
 */
import type { AnalyticsEvent } from '../core/analytics.ts';

export interface SegmentMessage {
  type: 'track' | 'page' | 'identify';
  messageId: string;
  anonymousId: string;
  userId?: string;
  event?: string;
  name?: string;
  properties?: Record<string, unknown>;
  traits?: Record<string, unknown>;
  context: Record<string, unknown>;
  timestamp: string;
}

let counter = 0;
const messageId = (at: number): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${at}-${++counter}-${Math.random().toString(36).slice(2)}`;

/**
 * The Segment message of an event.
 * @example toSegmentMessage({ kind: 'track', name: 'plan_selected', props: { plan: 'x' }, userUuid: 'v1', at: 0 }).event // 'plan_selected'
 */
export function toSegmentMessage(event: AnalyticsEvent): SegmentMessage {
  const { context = {} } = event;
  const shared = {
    messageId: messageId(event.at),
    anonymousId: event.userUuid,
    context: { campaign: context.campaign ?? {}, library: { name: 'funnel-engine', version: '1' } },
    timestamp: new Date(event.at).toISOString(),
  };
  const enrich = (props: Record<string, unknown>): Record<string, unknown> => ({
    ...props,
    landing_type: props.landing_type ?? context.landing_type ?? '',
    experiments: context.experiments ?? {},
  });
  if (event.kind === 'identify') return { ...shared, type: 'identify', userId: event.name, traits: event.props };
  if (event.kind === 'page') return { ...shared, type: 'page', name: event.name, properties: enrich({ path: event.name, ...event.props }) };
  return { ...shared, type: 'track', event: event.name, properties: enrich(event.props) };
}
