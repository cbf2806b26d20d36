/**
 * The product objects of Segment's ecommerce spec (`products[]` of Product List Viewed, Checkout
 * Started, Order Completed), built the same way wherever the funnel sells a plan.
 */

/** One product as Segment's ecommerce events carry it. */
export interface SpecProduct {
  product_id: string;
  sku: string;
  name: string;
  price: number;
  quantity: number;
  category: string;
  position?: number;
}

/**
 * A plan (or the upsell) as a product of the spec.
 * @example specProduct('gz-3-month-fox', 59.88) // { product_id: 'gz-3-month-fox', sku: 'gz-3-month-fox', name: 'gz-3-month-fox', price: 59.88, quantity: 1, category: 'subscription' }
 */
export function specProduct(plan: string, price: number, position?: number): SpecProduct {
  return { product_id: plan, sku: plan, name: plan, price, quantity: 1, category: 'subscription', ...(position === undefined ? {} : { position }) };
}

/**
 * The properties of Segment's Order Completed for a paid plan or upsell.
 * `currency` is the one the purchase was charged in (the visitor's, store.plans.currency), never assumed.
 * @example orderCompleted({ plan: 'p', subscriptionId: 's1', finalPrice: 9.99, regularPrice: 19.99, currency: 'EUR', gateway: 'stripe', upsell: false, eventId: 'e1' }).currency // 'EUR'
 */
export function orderCompleted(order: {
  plan: string;
  subscriptionId: string;
  finalPrice: number;
  regularPrice: number;
  currency: string;
  gateway: string;
  upsell: boolean;
  eventId: string;
}): Record<string, unknown> {
  return {
    order_id: order.subscriptionId,
    total: order.finalPrice,
    revenue: order.finalPrice,
    value: order.finalPrice,
    currency: order.currency,
    products: [specProduct(order.plan, order.finalPrice)],
    event_id: order.eventId,
    plan: order.plan,
    regular_price: order.regularPrice,
    gateway: order.gateway,
    upsell: order.upsell,
  };
}
