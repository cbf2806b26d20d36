/**
 * The Segment spec's message shapes (track, page, identify), which RudderStack, Jitsu, PostHog and
 * others accept. Every message carries the landing type and experiment assignments as properties,
 * the account id (`userId`) once the visitor has signed up, and Segment's context: `campaign`,
 * `page`, `userAgent`, `locale`, `timezone` and the visitor's `consent` (segmentConsent.ts).
 */
import { newEventId, type AnalyticsEvent } from '../core/analytics.ts';
import type { SegmentConsent } from './segmentConsent.ts';

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

/**
 * The Segment message of an event. `timezone` is the visitor's IANA zone, read once the page has
 * started up (the destinations load after it); `consent` is the visitor's choice when the message is made.
 * @example toSegmentMessage({ kind: 'track', name: 'Product Clicked', props: { product_id: 'x' }, userUuid: 'v1', at: 0 }).event // 'Product Clicked'
 */
export function toSegmentMessage(event: AnalyticsEvent, timezone?: string, consent?: SegmentConsent): SegmentMessage {
  const { context = {} } = event;
  const page = context.page;
  const shared = {
    messageId: event.id ?? newEventId(event.at),
    anonymousId: event.userUuid,
    ...(event.userId ? { userId: event.userId } : {}),
    context: {
      campaign: context.campaign ?? {},
      ...(page ? { page } : {}),
      ...(context.userAgent ? { userAgent: context.userAgent } : {}),
      ...(context.locale ? { locale: context.locale } : {}),
      ...(context.flow_version ? { flow_version: context.flow_version } : {}),
      ...(timezone ? { timezone } : {}),
      ...(consent ? { consent } : {}),
      library: { name: 'funnel-engine', version: '1' },
    },
    timestamp: new Date(event.at).toISOString(),
  };
  const enrich = (props: Record<string, unknown>): Record<string, unknown> => ({
    ...props,
    landing_type: props.landing_type ?? context.landing_type ?? '',
    experiments: context.experiments ?? {},
  });
  if (event.kind === 'identify') return { ...shared, type: 'identify', userId: event.name, traits: event.props };
  if (event.kind === 'page') {
    // Segment's page properties: the same fields as context.page, for the page the event names
    const pageProps = page ? { url: page.url, title: page.title, referrer: page.referrer, search: page.search } : {};
    return { ...shared, type: 'page', name: event.name, properties: enrich({ path: event.name, ...pageProps, ...event.props }) };
  }
  return { ...shared, type: 'track', event: event.name, properties: enrich(event.props) };
}
