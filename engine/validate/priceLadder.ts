/**
 * The price ladder of each variant: a longer plan should cost less per day than a shorter one.
 * A longer plan that costs as much or more per day is a warning (it does not fail validation):
 * the plan choice is a product decision, but usually a mistake. Durations come from plans.json. The
 * ladder is checked in the base prices and again in every currency of the plans' `prices`.
 */
import { issueAt } from './load.ts';
import type { Project } from './project.ts';
import { isObj, ptr, type ValidationIssue } from './types.ts';

/** Days per duration unit; a month counts as 30 days, as the paywall's per-day prices do. */
const DAYS: Record<string, number> = { day: 1, week: 7, month: 30 };

interface Rung {
  name: string;
  index: number;
  days: number;
  price: number;
  perDay: number;
  label: string;
}

function rungOf(plans: Record<string, unknown>, name: unknown, index: number): Rung | undefined {
  if (typeof name !== 'string') return undefined;
  const plan = plans[name];
  if (!isObj(plan) || !isObj(plan.duration) || typeof plan.price !== 'number') return undefined;
  const { count, unit } = plan.duration;
  if (typeof count !== 'number' || typeof unit !== 'string' || !Object.hasOwn(DAYS, unit)) return undefined;
  const days = count * DAYS[unit]!;
  if (teaserPeriod(plan.renewal, days)) return undefined;
  return { name, index, days, price: plan.price, perDay: plan.price / days, label: `${count} ${unit}${count === 1 ? '' : 's'}` };
}

/**
 * An intro period of another length than the renewals ("$0.99 for the first 3 days, then $39.99 every
 * 3 months") is a teaser, not a rung of the ladder: its per-day price says nothing about the plan.
 */
function teaserPeriod(renewal: unknown, days: number): boolean {
  if (!isObj(renewal) || !isObj(renewal.duration)) return false;
  const { count, unit } = renewal.duration;
  return typeof count === 'number' && typeof unit === 'string' && Object.hasOwn(DAYS, unit) && count * DAYS[unit]! !== days;
}

/** Two per-day prices, with enough decimals that unequal ones do not print alike. */
function perDayTexts(a: number, b: number, equal: boolean, currency: string): [string, string] {
  const digits = !equal && a.toFixed(2) === b.toFixed(2) ? 4 : 2;
  return [`${a.toFixed(digits)} ${currency}/day`, `${b.toFixed(digits)} ${currency}/day`];
}

/**
 * The plans with `price` taken from their `prices` in a currency. A plan without a price there is left
 * out: the currency check reports it (currencyPricesCheck.ts), and its dollars are no rung of that ladder.
 */
function pricedIn(plans: Record<string, unknown>, currency: string): Record<string, unknown> {
  const priced = Object.entries(plans).flatMap(([name, plan]) => {
    if (!isObj(plan) || !isObj(plan.prices) || !Object.hasOwn(plan.prices, currency)) return [];
    const entry = plan.prices[currency];
    return isObj(entry) && typeof entry.price === 'number' ? [[name, { ...plan, price: entry.price }] as const] : [];
  });
  return Object.fromEntries(priced);
}

/** The currencies the ladder is checked in: the base's and every one a plan is priced in. */
function ladderCurrencies(data: Record<string, unknown>, plans: Record<string, unknown>): string[] {
  const codes = new Set<string>();
  for (const plan of Object.values(plans)) if (isObj(plan) && isObj(plan.prices)) for (const code of Object.keys(plan.prices)) codes.add(code);
  return [typeof data.currency === 'string' ? data.currency : '', ...codes];
}

/** One warning per pair of a variant's plans where the longer one is not cheaper per day, in each currency. */
export function checkPriceLadder(project: Project): ValidationIssue[] {
  const data = project.plansData;
  if (!project.landings || !isObj(data) || !isObj(data.plans)) return [];
  const base = typeof data.currency === 'string' ? data.currency : '';
  return ladderCurrencies(data, data.plans).flatMap((currency) =>
    ladderIssuesIn(project, currency === base ? (data.plans as Record<string, unknown>) : pricedIn(data.plans as Record<string, unknown>, currency), currency),
  );
}

function ladderIssuesIn(project: Project, plans: Record<string, unknown>, currency: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const v of project.variants) {
    const offered = Array.isArray(v.value.plans) ? v.value.plans : [];
    const rungs = offered.map((name: unknown, k) => rungOf(plans, name, k)).filter((r): r is Rung => r !== undefined);
    for (const longer of rungs) {
      for (const shorter of rungs) {
        // compared in whole cents times days, so that equal per-day prices compare equal
        const longCost = Math.round(longer.price * 100) * shorter.days;
        const shortCost = Math.round(shorter.price * 100) * longer.days;
        if (longer.days <= shorter.days || longCost < shortCost) continue;
        const [longText, shortText] = perDayTexts(longer.perDay, shorter.perDay, longCost === shortCost, currency);
        issues.push({
          ...issueAt(
            project.landings!,
            ptr(v.pointer, 'plans', longer.index),
            'price-ladder',
            `variant "${v.id}": the longer plan "${longer.name}" (${longer.label}, ${longer.price} ${currency}) costs ${longText}, ${longCost === shortCost ? 'the same as' : 'more than'} "${shorter.name}" (${shorter.label}, ${shorter.price} ${currency}) at ${shortText}`,
            'a longer plan should cost less per day: offer a longer plan with a lower price, or drop one of the two from this variant',
          ),
          severity: 'warning',
        });
      }
    }
  }
  return issues;
}
