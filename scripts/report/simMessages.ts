/**
 * The Segment messages of a simulated visitor, shaped as the funnel sends them
 * (engine/analytics/segment.ts) plus what a collector adds (`sentAt`, `receivedAt`): a page per step
 * reached, `step_completed` per step left, the exposure on the first page of a split path, and the
 * signup, plan, checkout, purchase and upsell events where the walk passed their screens.
 */
import { growthbookVariationId, ownValue, type Experiment } from '../../engine/index.ts';
import { subscriptionEvents } from './simSubscriptions.ts';
import { randomUuid, type SimulationModel, type VisitorWalk } from './simulator.ts';

export interface SimMessage {
  type: 'track' | 'page' | 'identify';
  event?: string;
  name?: string;
  userId?: string;
  messageId: string;
  anonymousId: string;
  properties?: Record<string, unknown>;
  traits?: Record<string, unknown>;
  context: { campaign: Record<string, string>; library: { name: string; version: string } };
  timestamp: string;
  sentAt: string;
  receivedAt: string;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** The messages of one walk, the first at `start` (ms), later ones a few seconds apart. */
export function visitorMessages(model: SimulationModel, walk: VisitorWalk, start: number, random: () => number, subscriptions = false): SimMessage[] {
  const out: SimMessage[] = [];
  const experiments = walk.experiment ? { [walk.experiment.id]: walk.experiment.variation } : {};
  const campaign: Record<string, string> = walk.source ? { source: walk.source, medium: 'cpc', name: 'simulated' } : {};
  let at = start;
  const push = (type: SimMessage['type'], name: string, props: Record<string, unknown>): void => {
    const sent = at + 200 + Math.floor(random() * 1500);
    const base = {
      messageId: randomUuid(random),
      anonymousId: walk.visitorId,
      context: { campaign, library: { name: 'funnel-engine', version: '1' } },
      timestamp: iso(at),
      sentAt: iso(sent),
      receivedAt: iso(sent + 30 + Math.floor(random() * 120)),
    };
    const properties = { ...props, landing_type: props.landing_type ?? walk.landingType, experiments };
    if (type === 'identify') out.push({ type, userId: name, traits: props, ...base });
    else if (type === 'page') out.push({ type, name, properties: { path: name, ...properties }, ...base });
    else out.push({ type, event: name, properties, ...base });
    at += 1000 + Math.floor(random() * 20_000);
  };
  const steps = model.stepsById.get(walk.landingType)!;
  let purchasedAt: number | undefined;
  const plans = (model.data.plans as unknown as { plans: Record<string, { price: number; periodPrice: number }> }).plans;
  for (const [i, walked] of walk.steps.entries()) {
    const step = steps.get(walked.id)!;
    const path = i === 0 ? walk.path : step.path;
    push('page', path, { step: walked.id });
    if (i === 0 && walk.experiment) {
      // as the funnel reports it: GrowthBook's variation id, and the landing type shown
      const { id, variation } = walk.experiment;
      const experiment = ownValue(model.data.experiments, id) as Experiment;
      const variationId = growthbookVariationId(experiment, experiment.variations.indexOf(variation));
      push('track', 'Experiment Viewed', { experiment_id: id, variation_id: variationId, variant: variation });
    }
    if (step.screen === 'checkout' && walk.plan)
      push('track', 'Checkout Started', { plan: walk.plan, value: plans[walk.plan]?.periodPrice ?? 0, currency: 'USD' });
    if (step.screen === 'checkout-success' && walk.purchase > 0) {
      push('track', 'Product Viewed', {
        product_id: model.upsell.name,
        plan: model.upsell.name,
        price: model.upsell.price,
        value: model.upsell.price,
        currency: 'USD',
      });
      if (walk.upsell > 0)
        push('track', 'Order Completed', {
          order_id: `sub_${walk.visitorId.slice(0, 8)}_u`,
          plan: model.upsell.name,
          revenue: walk.upsell,
          value: walk.upsell,
          currency: 'USD',
          upsell: true,
        });
      else push('track', 'upsell_declined', { plan: model.upsell.name });
    }
    if (walked.outcome === undefined) break;
    if (step.screen === 'signup-email') {
      push('identify', `user-${walk.visitorId.slice(0, 8)}`, { email: `${walk.visitorId.slice(0, 8)}@example.com` });
      push('track', 'Signed Up', { method: 'email', landing_type: walk.landingType });
    }
    if ((step.screen === 'paywall' || step.screen === 'offer') && walk.plan)
      push('track', 'Product Added', { product_id: walk.plan, plan: walk.plan, price: plans[walk.plan]?.price ?? 0 });
    if (step.screen === 'checkout' && walk.purchase > 0) purchasedAt = at;
    if (step.screen === 'checkout' && walk.purchase > 0)
      push('track', 'Order Completed', {
        order_id: `sub_${walk.visitorId.slice(0, 8)}`,
        plan: walk.plan,
        revenue: walk.purchase,
        value: walk.purchase,
        currency: 'USD',
        upsell: false,
      });
    push('track', 'step_completed', { step: walked.id, outcome: walked.outcome, next: walked.next ?? null });
  }
  // the backend's events of the subscription, days later, with the visitor's anonymousId
  if (subscriptions && purchasedAt !== undefined)
    for (const s of subscriptionEvents(walk)) {
      at = purchasedAt + s.days * 86_400_000;
      push('track', s.event, { order_id: `sub_${walk.visitorId.slice(0, 8)}`, ...(s.value ? { value: s.value, currency: 'USD' } : {}) });
    }
  return out;
}
