/**
 * Segment's consent object (Consent Management: `context.consent.categoryPreferences`, one boolean
 * per consent category id), from the visitor's choice of the funnel's consent categories
 * (flows/consent.json: `necessary`, always granted, and each category of a rule's `defaults`).
 * Destinations downstream of Segment enforce the visitor's choice by it; Segment reads a missing
 * category as refused, so every category is named on every message.
 */
import { ownValue } from '../core/ownValue.ts';
import { CONSENT_CATEGORIES, type ConsentChoice } from './types.ts';

export interface SegmentConsent {
  categoryPreferences: Record<string, boolean>;
}

/**
 * The visitor's choice per consent category, one boolean each (`necessary` always true), keyed by the
 * category id configured in the Segment workspace: `categoryIds` maps a funnel category to it (e.g.
 * `{ "marketing": "Advertising" }`); unmapped categories keep their names. The one implementation of
 * `categoryPreferences`, for the browser's collector and the server-side relay alike.
 * @example categoryPreferences({ analytics: true, marketing: false }) // { necessary: true, analytics: true, marketing: false }
 */
export function categoryPreferences(choice: ConsentChoice, categoryIds?: Readonly<Record<string, string>>): Record<string, boolean> {
  const preferences: Record<string, boolean> = {};
  // the categories only: a consent state carries other fields (whether the visitor decided, vendor decisions)
  for (const category of CONSENT_CATEGORIES) preferences[ownValue(categoryIds, category) ?? category] = category === 'necessary' || choice[category] === true;
  return preferences;
}

/**
 * The consent object of a choice (`categoryIds`: as for categoryPreferences).
 * @example segmentConsent({ analytics: true, marketing: false }) // { categoryPreferences: { necessary: true, analytics: true, marketing: false } }
 */
export function segmentConsent(choice: ConsentChoice, categoryIds?: Readonly<Record<string, string>>): SegmentConsent {
  return { categoryPreferences: categoryPreferences(choice, categoryIds) };
}

/** Problems with a destination's `consentCategories` setting (funnel category -> Segment category id). */
export function consentCategoriesProblems(value: unknown): string[] {
  if (value === undefined) return [];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return ['settings.consentCategories must map consent categories to Segment category ids'];
  const problems: string[] = [];
  for (const [category, id] of Object.entries(value)) {
    if (!(CONSENT_CATEGORIES as readonly string[]).includes(category))
      problems.push(`settings.consentCategories.${category} is not a consent category (${CONSENT_CATEGORIES.join(', ')})`);
    else if (typeof id !== 'string' || !id) problems.push(`settings.consentCategories.${category} must be the Segment category id (a non-empty string)`);
  }
  return problems;
}
