/**
 * What an account may buy, as the backend contract requires of the portal (docs/purchases.md): only in a
 * currency the plan has a price in (a 422 otherwise), only the
 * plans of the landing it buys from (`landing_type`, else the one it signed up on), one active main
 * subscription at a time whatever the plan, and the upsell add-on only beside a main subscription.
 * A refusal is an HttpError in the API's shape, thrown before anything is charged or recorded.
 */
import { getVariant } from '../../../engine/core/flowGraph.ts';
import { funnelData } from '../../../screens/flowData.ts';
import { HttpError } from '../http.ts';
import { UPSELL_PLAN, type PaymentsState, type Subscription } from './paymentsState.ts';
import { sellsIn } from './plans.ts';
import type { Account, SandboxState } from './state.ts';
import { paymentsOf } from './paymentsState.ts';

const refuse = (status: number, message: string): HttpError => new HttpError(status, { errors: { messages: [message] } });

/** The account's active main subscription (not the add-on), if any. */
export function mainSubscription(p: PaymentsState, userId: string): Subscription | undefined {
  return p.subscriptions.find((s) => s.userId === userId && !s.upsell);
}

export interface SaleRequest {
  plan: string;
  upsell: boolean;
  /** The body's landing_type ('' when absent: the account's own). */
  landingType: string;
  /** The body's currency (USD when absent). */
  currency: string;
}

/**
 * Refuses what the account may not buy: 422 for a plan its landing does not sell or an add-on sent
 * as a plan, 409 for a second main subscription or an add-on without one. The plan the account
 * already has passes: the purchase then answers its existing subscription, never a second charge.
 * @throws HttpError
 */
export function checkSale(state: SandboxState, account: Account, r: SaleRequest): void {
  const p = paymentsOf(state);
  if (!sellsIn(r.plan, r.currency)) throw refuse(422, `Plan "${r.plan}" has no price in ${r.currency}`);
  const main = mainSubscription(p, account.userId);
  if (r.plan === UPSELL_PLAN) {
    if (!r.upsell) throw refuse(422, `"${UPSELL_PLAN}" is the add-on: it is bought with is_upsell: true after a subscription`);
    if (!main && state.contractBreak !== 'upsell-after-main') throw refuse(409, 'The add-on is sold only to an account with an active subscription');
    return;
  }
  const landingType = r.landingType || account.landingType;
  const variant = getVariant(funnelData.landings, landingType);
  if (!variant) throw refuse(422, `Unknown landing_type "${landingType}"`);
  if (!variant.plans.includes(r.plan) && state.contractBreak !== 'variant-plans')
    throw refuse(422, `Plan "${r.plan}" is not sold on the "${landingType}" landing`);
  if (main && main.plan !== r.plan && state.contractBreak !== 'one-main-subscription') {
    throw refuse(409, `This account already has an active subscription (${main.plan}); a second one is not sold`);
  }
}
