/**
 * The checks of a plan's `prices` in other currencies (flows/plans.json), each a promise the paywall
 * and the checkout make in that currency:
 * - the code is a real ISO 4217 currency, and not the base (USD, already the plan's own prices);
 * - every amount is a whole number of the currency's minor units (JPY none, EUR two, KWD three:
 *   the runtime's CLDR data, the same digits Intl.NumberFormat shows);
 * - the same price story as the base prices: a renewal price exactly where the base has a renewal,
 *   nothing charged today exactly where the base charges nothing (a free trial, a free plan), today's
 *   price equal to the price exactly where the base's are equal;
 * - a currency written on one plan is written on every plan and the upsell. The rule is the whole
 *   catalogue, not one paywall: a visitor shown euros on one paywall may open another variant or buy the
 *   upsell, and must never meet dollars halfway through (engine/core/currency.ts falls back to USD only
 *   for a currency the catalogue does not offer at all).
 */
import { BASE_CURRENCY, currencyDigits } from '../core/currency.ts';
import { issueAt } from './load.ts';
import type { Project } from './project.ts';
import { isObj, ptr, type JsonDoc, type Obj, type ValidationIssue } from './types.ts';

const ISO_4217 = new Set(Intl.supportedValuesOf('currency'));

/** True for an amount with no more decimals than `digits` (compared in minor units, far below one). */
export function isWholeMinorUnits(amount: number, digits: number): boolean {
  const scaled = amount * 10 ** digits;
  return Number.isFinite(amount) && Math.abs(Math.round(scaled) - scaled) < 1e-9 * Math.max(1, Math.abs(scaled));
}

interface PricedPlan {
  pointer: string;
  label: string;
  plan: Obj;
  prices: Obj;
}

function checkCode(doc: JsonDoc, at: string, code: string): ValidationIssue[] {
  if (code === BASE_CURRENCY) {
    return [
      issueAt(
        doc,
        at,
        'invalid-currency',
        `"${code}" is the base currency: the plan's own price fields are already in it`,
        `remove "${code}" from "prices"`,
        'key',
      ),
    ];
  }
  if (ISO_4217.has(code)) return [];
  return [
    issueAt(
      doc,
      at,
      'invalid-currency',
      `"${code}" is not an ISO 4217 currency code`,
      'write the three capital letters of ISO 4217, e.g. "EUR", "GBP", "JPY"',
      'key',
    ),
  ];
}

function checkMinorUnits(doc: JsonDoc, at: string, code: string, entry: Obj): ValidationIssue[] {
  const digits = currencyDigits(code);
  const renewal = isObj(entry.renewal) ? entry.renewal : {};
  const amounts = [
    { field: 'price', amount: entry.price, at: ptr(at, 'price') },
    { field: 'periodPrice', amount: entry.periodPrice, at: ptr(at, 'periodPrice') },
    { field: 'renewal price', amount: renewal.price, at: ptr(at, 'renewal', 'price') },
  ];
  return amounts.flatMap(({ field, amount, at: where }) => {
    if (typeof amount !== 'number' || isWholeMinorUnits(amount, digits)) return [];
    const rounded = Math.round(amount * 10 ** digits) / 10 ** digits;
    return [
      issueAt(
        doc,
        where,
        'currency-minor-units',
        `${field} ${amount} ${code} has more decimals than ${code} has (${digits})`,
        digits === 0 ? `${code} has no minor unit: write a whole number, e.g. ${rounded}` : `write at most ${digits} decimals, e.g. ${rounded.toFixed(digits)}`,
      ),
    ];
  });
}

/** The same story as the base prices: renewal, nothing today, today equal to the price. */
function checkStory(doc: JsonDoc, at: string, code: string, label: string, plan: Obj, entry: Obj): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const mismatch = (where: string, message: string, hint: string, anchor: 'key' | 'value' = 'value'): void => {
    issues.push(issueAt(doc, where, 'currency-period-mismatch', `${label}: ${message}`, hint, anchor));
  };
  const baseRenews = isObj(plan.renewal);
  if (baseRenews && !isObj(entry.renewal)) {
    mismatch(
      at,
      `the base prices renew at another price (renewal), the ${code} prices do not say at what`,
      `add "renewal": { "price": … } to the ${code} prices`,
      'key',
    );
  } else if (!baseRenews && isObj(entry.renewal)) {
    mismatch(
      ptr(at, 'renewal'),
      `the ${code} prices have a renewal the base prices do not`,
      `remove the ${code} renewal, or give the plan a renewal in its base prices first`,
      'key',
    );
  }
  const zeroes = (field: 'price' | 'periodPrice'): [boolean, boolean] => [plan[field] === 0, entry[field] === 0];
  for (const field of ['price', 'periodPrice'] as const) {
    const [base, priced] = zeroes(field);
    if (typeof entry[field] === 'number' && base !== priced) {
      mismatch(
        ptr(at, field),
        base
          ? `${field} is 0 in the base prices (a free trial or a free plan) but ${String(entry[field])} in ${code}`
          : `${field} is 0 in ${code} but not in the base prices`,
        base ? `write "${field}": 0` : `write the ${code} amount the base ${field} stands for`,
      );
    }
  }
  if (plan.price === plan.periodPrice && typeof entry.price === 'number' && typeof entry.periodPrice === 'number' && entry.price !== entry.periodPrice) {
    mismatch(
      ptr(at, 'periodPrice'),
      `the base prices charge the price today, the ${code} ones charge ${entry.periodPrice} instead of ${entry.price}`,
      `write "periodPrice": ${entry.price}`,
    );
  }
  return issues;
}

/** Every currency written anywhere is written on every plan and the upsell. */
function checkCoverage(doc: JsonDoc, plans: readonly PricedPlan[]): ValidationIssue[] {
  const firstWith = new Map<string, PricedPlan>();
  for (const p of plans) for (const code of Object.keys(p.prices)) if (!firstWith.has(code)) firstWith.set(code, p);
  const issues: ValidationIssue[] = [];
  for (const p of plans) {
    for (const [code, example] of firstWith) {
      if (Object.hasOwn(p.prices, code)) continue;
      const hasPrices = isObj(p.plan.prices);
      issues.push(
        issueAt(
          doc,
          hasPrices ? ptr(p.pointer, 'prices') : p.pointer,
          'currency-missing',
          `${p.label} has no ${code} price, but ${example.label} has: a visitor paying in ${code} would see it in dollars`,
          `add "${code}": { "price": …, "periodPrice": …${isObj(p.plan.renewal) ? ', "renewal": { "price": … }' : ''} } to ${hasPrices ? 'its "prices"' : 'a "prices" object of the plan'}, or remove ${code} from every plan`,
          'key',
        ),
      );
    }
  }
  return issues;
}

/** Every check of the plans' prices in other currencies. */
export function checkCurrencyPrices(project: Project): ValidationIssue[] {
  const doc = project.plansDoc;
  const data = doc?.data;
  if (!doc || !isObj(data)) return [];
  const plans: PricedPlan[] = [];
  const add = (pointer: string, label: string, plan: unknown): void => {
    if (isObj(plan)) plans.push({ pointer, label, plan, prices: isObj(plan.prices) ? plan.prices : {} });
  };
  for (const [key, plan] of Object.entries(isObj(data.plans) ? data.plans : {})) add(ptr('/plans', key), `plan "${key}"`, plan);
  add('/upsell', 'the upsell', data.upsell);
  const issues: ValidationIssue[] = [];
  for (const p of plans) {
    for (const [code, entry] of Object.entries(p.prices)) {
      const at = ptr(p.pointer, 'prices', code);
      const codeIssues = checkCode(doc, at, code);
      issues.push(...codeIssues);
      if (codeIssues.length || !isObj(entry)) continue;
      issues.push(...checkMinorUnits(doc, at, code, entry), ...checkStory(doc, at, code, p.label, p.plan, entry));
    }
  }
  return [...issues, ...checkCoverage(doc, plans)];
}
