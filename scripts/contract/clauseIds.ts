/**
 * The clauses of the backend contract (docs/purchases.md "Backend contract"), by the name each one's
 * line carries in `npm run contract`. The sandbox's test-only `contractBreak` option names one of them.
 */
export const CLAUSE_IDS = [
  'idempotency.replay',
  'idempotency.conflict',
  'one-main-subscription',
  'variant-plans',
  'upsell-after-main',
  'payment-method-owner',
  'payment-intent-owner',
  'open-intent-cancelled',
  'receipt-owner',
  'signup-email',
  'client-token',
  'body-size',
  'body-depth',
  'rate-limit.payment',
  'rate-limit.lookup',
  'rate-limit.signup',
] as const;

export type ClauseId = (typeof CLAUSE_IDS)[number];

export const isClauseId = (value: string): value is ClauseId => (CLAUSE_IDS as readonly string[]).includes(value);
