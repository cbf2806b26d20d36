/**
 * The commerce checks of plans.json beyond the schema, each a promise a price text would otherwise
 * break: the base currency is a real ISO 4217 code and USD (other currencies: ./currencyPricesCheck.ts), every amount is a
 * whole number of cents, a plan's key and `name` agree (the checkout charges by name), a free trial
 * charges nothing today, a plan without a trial charges its price today, a renewal of 0 is only
 * written on a plan marked `"free": true`, an intro price (`renewal`) is never stacked on a free trial,
 * and a plan's kind agrees with its data (./planKindCheck.ts).
 */
import { BASE_CURRENCY as CURRENCY } from '../core/currency.ts';
import { issueAt } from './load.ts';
import { checkPlanKind } from './planKindCheck.ts';
import { checkCurrencyPrices } from './currencyPricesCheck.ts';
import type { Project } from './project.ts';
import { didYouMean } from './suggest.ts';
import { isObj, ptr, type JsonDoc, type Obj, type ValidationIssue } from './types.ts';

/** The ISO 4217 codes the running Node.js knows (its ICU data). */
const ISO_4217 = new Set(Intl.supportedValuesOf('currency'));

/**
 * True for an amount written with at most two decimals (19.99, 1.15, 8.2, 0): compared in cents,
 * within a tolerance far below a cent, so that binary floating point never refuses a real price.
 */
export function isWholeCents(amount: number): boolean {
  return Number.isFinite(amount) && Math.abs(Math.round(amount * 100) - amount * 100) < 1e-9 * Math.max(1, Math.abs(amount * 100));
}

function checkCurrency(doc: JsonDoc, currency: unknown): ValidationIssue[] {
  if (typeof currency !== 'string') return [];
  if (!ISO_4217.has(currency)) {
    return [
      issueAt(
        doc,
        '/currency',
        'invalid-currency',
        `"${currency}" is not an ISO 4217 currency code`,
        ISO_4217.has(currency.toUpperCase())
          ? `did you mean "${currency.toUpperCase()}"?`
          : (didYouMean(currency, ISO_4217) ?? `write the three capital letters of ISO 4217, "${CURRENCY}"`),
      ),
    ];
  }
  if (currency !== CURRENCY) {
    return [
      issueAt(
        doc,
        '/currency',
        'invalid-currency',
        `"${currency}" is a real currency, but the base prices are in ${CURRENCY}`,
        `write "${CURRENCY}"; prices in another currency go under each plan's "prices" (docs/marketers.md "Prices in other currencies")`,
      ),
    ];
  }
  return [];
}

function checkAmounts(doc: JsonDoc, pointer: string, plan: Obj): ValidationIssue[] {
  const renewal = isObj(plan.renewal) ? plan.renewal : {};
  const amounts = [
    { field: 'price', amount: plan.price, at: ptr(pointer, 'price') },
    { field: 'periodPrice', amount: plan.periodPrice, at: ptr(pointer, 'periodPrice') },
    { field: 'renewal price', amount: renewal.price, at: ptr(pointer, 'renewal', 'price') },
  ];
  return amounts.flatMap(({ field, amount, at }) => {
    if (typeof amount !== 'number' || isWholeCents(amount)) return [];
    return [
      issueAt(
        doc,
        at,
        'invalid-amount',
        `${field} ${amount} is not a whole number of cents`,
        `write the amount with at most two decimals, e.g. ${(Math.round(amount * 100) / 100).toFixed(2)}`,
      ),
    ];
  });
}

/** Trial, today's price and the renewal price tell one story. */
function checkPriceStory(doc: JsonDoc, pointer: string, label: string, plan: Obj): ValidationIssue[] {
  const { price, periodPrice } = plan;
  if (typeof price !== 'number' || typeof periodPrice !== 'number') return [];
  const trialDays = typeof plan.trialDays === 'number' ? plan.trialDays : 0;
  const free = plan.free === true;
  const issues: ValidationIssue[] = [];
  if (trialDays > 0 && periodPrice > 0) {
    issues.push(
      issueAt(
        doc,
        ptr(pointer, 'periodPrice'),
        'trial-charges-today',
        `${label} has a ${trialDays}-day free trial but charges ${periodPrice} today (periodPrice)`,
        'a free trial charges nothing today: set "periodPrice": 0, or remove "trialDays" if the plan is paid from the first day',
      ),
    );
  }
  if (trialDays === 0 && !free && periodPrice !== price) {
    issues.push(
      issueAt(
        doc,
        ptr(pointer, 'periodPrice'),
        'today-price-mismatch',
        `${label} has no trial, so it charges its price today, but periodPrice ${periodPrice} differs from price ${price}`,
        periodPrice === 0
          ? 'a plan that charges nothing today needs "trialDays" (a free trial) or "free": true (a free plan)'
          : `write "periodPrice": ${price}, the price charged today and at every renewal`,
      ),
    );
  }
  if (trialDays > 0 && isObj(plan.renewal)) {
    issues.push(
      issueAt(
        doc,
        ptr(pointer, 'trialDays'),
        'trial-with-intro',
        `${label} has a ${trialDays}-day free trial and an intro price (renewal): no sentence can promise both honestly`,
        'keep one: remove "renewal" for a free trial followed by "price" every "duration", or remove "trialDays" for a paid intro',
      ),
    );
  }
  if (free && isObj(plan.renewal)) {
    issues.push(
      issueAt(
        doc,
        ptr(pointer, 'renewal'),
        'free-plan-price',
        `${label} is marked "free": true but renews at a price (renewal)`,
        'a free plan never charges anything: remove "renewal", or remove "free" from a paid plan',
      ),
    );
  }
  if (price === 0 && !free) {
    issues.push(
      issueAt(
        doc,
        ptr(pointer, 'price'),
        'free-plan-price',
        `${label} renews at 0 but is not marked as a free plan`,
        'write the renewal price, or add "free": true if the plan really never charges anything',
      ),
    );
  }
  if (free && (price !== 0 || periodPrice !== 0 || trialDays > 0)) {
    issues.push(
      issueAt(
        doc,
        ptr(pointer, 'free'),
        'free-plan-price',
        `${label} is marked "free": true but charges ${price === 0 ? periodPrice : price}${trialDays > 0 ? ' after a trial' : ''}`,
        'a free plan has "price": 0, "periodPrice": 0 and no trial; remove "free" from a paid plan',
      ),
    );
  }
  return issues;
}

function checkPlan(doc: JsonDoc, pointer: string, label: string, plan: Obj): ValidationIssue[] {
  return [...checkAmounts(doc, pointer, plan), ...checkPriceStory(doc, pointer, label, plan), ...checkPlanKind(doc, pointer, label, plan)];
}

/** Every commerce check of plans.json. */
export function checkCommerce(project: Project): ValidationIssue[] {
  const doc = project.plansDoc;
  const data = doc?.data;
  if (!doc || !isObj(data)) return [];
  const issues = checkCurrency(doc, data.currency);
  const plans = isObj(data.plans) ? data.plans : {};
  for (const [key, plan] of Object.entries(plans)) {
    if (!isObj(plan)) continue;
    const pointer = ptr('/plans', key);
    if (typeof plan.name === 'string' && plan.name !== key) {
      issues.push(
        issueAt(
          doc,
          ptr(pointer, 'name'),
          'plan-name-mismatch',
          `plan "${key}" is named "${plan.name}": the checkout charges by name, so a visitor who picks "${key}" would pay for another plan`,
          `write "name": "${key}"`,
        ),
      );
    }
    issues.push(...checkPlan(doc, pointer, `plan "${key}"`, plan));
  }
  if (isObj(data.upsell)) issues.push(...checkPlan(doc, '/upsell', 'the upsell', data.upsell));
  return [...issues, ...checkCurrencyPrices(project)];
}
