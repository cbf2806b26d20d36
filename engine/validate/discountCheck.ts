/**
 * A discount must be one (`false-discount`, an error): the product says which variant field presents
 * the plans as a discount and which plan tags promise a saving (./commerceRules.ts), and the plan data
 * must bear both out.
 * - On a variant presented as a discount, no plan's first payment costs more per day than its renewals:
 *   that would be a price rise after the "discount", not a discount.
 * - A plan tagged as a saving ("best value") costs no more per day than any other plan of the variant,
 *   neither on its first payment nor on its renewals.
 * Per-day prices are compared in whole cents times days, so equal prices compare equal.
 */
import { durationDays } from '../core/pricing.ts';
import type { Duration } from '../types/plans.gen.ts';
import type { CommerceRules } from './commerceRules.ts';
import { issueAt, valueAt } from './load.ts';
import type { Project, VariantInfo } from './project.ts';
import { isObj, ptr, type JsonDoc, type Obj, type ValidationIssue } from './types.ts';

/** A price for a number of days, as the plan data writes it. */
interface Cost {
  price: number;
  days: number;
}

interface Terms {
  first: Cost;
  renewal: Cost;
}

function durationOf(value: unknown): Duration | undefined {
  if (!isObj(value) || typeof value.count !== 'number' || (value.unit !== 'day' && value.unit !== 'week' && value.unit !== 'month')) return undefined;
  return { count: value.count, unit: value.unit };
}

function termsOf(plan: unknown): Terms | undefined {
  if (!isObj(plan) || typeof plan.price !== 'number') return undefined;
  const duration = durationOf(plan.duration);
  if (!duration) return undefined;
  const first = { price: plan.price, days: durationDays(duration) };
  const renewal = isObj(plan.renewal) ? plan.renewal : undefined;
  const renewalDuration = durationOf(renewal?.duration);
  return {
    first,
    renewal: renewal && typeof renewal.price === 'number' && renewalDuration ? { price: renewal.price, days: durationDays(renewalDuration) } : first,
  };
}

/** -1, 0 or 1 as `a` costs less, as much or more per day than `b`. */
function comparePerDay(a: Cost, b: Cost): number {
  return Math.sign(Math.round(a.price * 100) * b.days - Math.round(b.price * 100) * a.days);
}

const perDay = (c: Cost): string => `${(c.price / c.days).toFixed(2)}/day`;

function discountFlag(v: VariantInfo, rules: CommerceRules): string | undefined {
  return rules.discountFlags.find((pointer) => valueAt(v.value, pointer) === true);
}

function checkDiscountVariant(doc: JsonDoc, v: VariantInfo, plans: Obj, flag: string, offered: unknown[]): ValidationIssue[] {
  return offered.flatMap((name, k) => {
    const terms = typeof name === 'string' && Object.hasOwn(plans, name) ? termsOf(plans[name]) : undefined;
    if (!terms || comparePerDay(terms.first, terms.renewal) <= 0) return [];
    return [
      issueAt(
        doc,
        ptr(v.pointer, 'plans', k),
        'false-discount',
        `variant "${v.id}" presents its plans as a discount (${flag.slice(1).split('/').join('.')}), but "${String(name)}" charges more per day at first (${terms.first.price} for ${terms.first.days} days, ${perDay(terms.first)}) than at renewal (${terms.renewal.price} for ${terms.renewal.days} days, ${perDay(terms.renewal)})`,
        "a discount makes the first payment cheaper than the renewals: fix the plan's price or renewal in plans.json, offer another plan, or do not present this variant as a discount",
      ),
    ];
  });
}

function checkSavingTags(doc: JsonDoc, v: VariantInfo, plans: Obj, rules: CommerceRules, offered: unknown[]): ValidationIssue[] {
  const tags = isObj(v.value.paywall) && isObj(v.value.paywall.tags) ? v.value.paywall.tags : {};
  const issues: ValidationIssue[] = [];
  for (const [tagged, tag] of Object.entries(tags)) {
    if (typeof tag !== 'string' || !rules.savingTags.includes(tag) || !Object.hasOwn(plans, tagged)) continue;
    const terms = termsOf(plans[tagged]);
    if (!terms) continue;
    for (const other of offered) {
      if (typeof other !== 'string' || other === tagged || !Object.hasOwn(plans, other)) continue;
      const theirs = termsOf(plans[other]);
      if (!theirs) continue;
      const dearer = comparePerDay(terms.first, theirs.first) > 0 ? 'first payment' : comparePerDay(terms.renewal, theirs.renewal) > 0 ? 'renewal' : undefined;
      if (!dearer) continue;
      const [mine, its] = dearer === 'first payment' ? [terms.first, theirs.first] : [terms.renewal, theirs.renewal];
      issues.push(
        issueAt(
          doc,
          ptr(v.pointer, 'paywall', 'tags', tagged),
          'false-discount',
          `variant "${v.id}" tags "${tagged}" "${tag}", but its ${dearer} costs more per day (${perDay(mine)}) than that of "${other}" (${perDay(its)})`,
          `a saving tag goes on the plan that costs least per day: move "${tag}" to the cheaper plan, use a tag that promises no saving, or change the prices`,
          'key',
        ),
      );
      break;
    }
  }
  return issues;
}

/** Every discount and saving promise of the variants, against the plan data. */
export function checkFalseDiscounts(project: Project, rules: CommerceRules): ValidationIssue[] {
  const data = project.plansData;
  const doc = project.landings;
  if (!doc || !isObj(data) || !isObj(data.plans)) return [];
  const plans = data.plans;
  return project.variants.flatMap((v) => {
    const offered: unknown[] = Array.isArray(v.value.plans) ? v.value.plans : [];
    const flag = discountFlag(v, rules);
    return [...(flag === undefined ? [] : checkDiscountVariant(doc, v, plans, flag, offered)), ...checkSavingTags(doc, v, plans, rules, offered)];
  });
}
