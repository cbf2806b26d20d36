/**
 * The payment provider's later events of a simulated buyer's subscription, as the backend sends them
 * (docs/report.md, "Subscription events"): a refund of the first payment (and the cancellation with
 * it) two days after the purchase for REFUND_RATE of buyers; otherwise a renewal every PERIOD_DAYS
 * for as long as the buyer stays (RENEWAL_RATE each period), up to HORIZON_DAYS, then a cancellation.
 * Drawn from the visitor's id, not the simulation's random stream, so a test can recount them from
 * the walks and switching them on changes no walk.
 */
import { createRandom, type VisitorWalk } from './simulator.ts';
import { fnv1a32 } from '../../engine/index.ts';

export const REFUND_RATE = 0.05;
export const RENEWAL_RATE = 0.7;
export const PERIOD_DAYS = 30;
export const HORIZON_DAYS = 90;

export interface SubscriptionEvent {
  event: 'Subscription Renewed' | 'Order Refunded' | 'Subscription Cancelled';
  /** Days after the purchase. */
  days: number;
  /** The amount charged or refunded (0 for a cancellation). */
  value: number;
}

/** The subscription events of a walk's plan purchase, in time order; none without a purchase. */
export function subscriptionEvents(walk: VisitorWalk): SubscriptionEvent[] {
  if (walk.purchase <= 0) return [];
  const random = createRandom(fnv1a32(`subscription:${walk.visitorId}`));
  if (random() < REFUND_RATE)
    return [
      { event: 'Order Refunded', days: 2, value: walk.purchase },
      { event: 'Subscription Cancelled', days: 2, value: 0 },
    ];
  const out: SubscriptionEvent[] = [];
  for (let day = PERIOD_DAYS; day <= HORIZON_DAYS; day += PERIOD_DAYS) {
    if (random() >= RENEWAL_RATE) {
      out.push({ event: 'Subscription Cancelled', days: day - 1, value: 0 });
      break;
    }
    out.push({ event: 'Subscription Renewed', days: day, value: walk.purchase });
  }
  return out;
}
