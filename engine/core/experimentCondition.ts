/**
 * An experiment's targeting: GrowthBook's MongoDB-style `condition`, limited to what a landing knows
 * before its first paint. Each named attribute must pass its test (all of them: an implicit AND):
 * a string (equal), or an object of operators `$eq`, `$ne` (a string), `$in`, `$nin` (a list).
 * The attributes: `country` (the host edge's `visitor_country` cookie), `language` (the page's
 * language) and `utm_source` (the landing address's, "organic" without one). The inline script
 * (engine/build/experimentScript.ts) evaluates the same way; a test holds both to GrowthBook's SDK.
 */
import type { AttributeTest, ExperimentCondition } from '../types/experiments.gen.ts';
import { COUNTRY_COOKIE } from '../analytics/visitorRegion.ts';
import { ownValue } from './ownValue.ts';
import { DEFAULT_UTM_SOURCE } from './tracking.ts';
import { readCookie } from './visitor.ts';

/** The attributes a condition may test. */
export const CONDITION_ATTRIBUTES = ['country', 'language', 'utm_source'] as const;

export type ConditionAttribute = (typeof CONDITION_ATTRIBUTES)[number];

/** What a visitor is targeted by; an attribute that is unknown is undefined. */
export type TargetingAttributes = Partial<Record<ConditionAttribute, string>>;

export type { AttributeTest, ExperimentCondition };

/** Whether one attribute value passes its test, as GrowthBook's evalConditionValue decides it. */
function passes(value: string | undefined, test: AttributeTest): boolean {
  if (typeof test !== 'object') return value === test;
  if ('$eq' in test && value !== test.$eq) return false;
  if ('$ne' in test && value === test.$ne) return false;
  if (test.$in && !(value !== undefined && test.$in.includes(value))) return false;
  if (test.$nin && value !== undefined && test.$nin.includes(value)) return false;
  return true;
}

/**
 * Whether a visitor with these attributes is targeted (no condition: everyone).
 * @example conditionMatches({ country: { $in: ['BR', 'MX'] }, utm_source: 'facebook' }, { country: 'BR', utm_source: 'facebook' }) // true
 */
export function conditionMatches(condition: ExperimentCondition | undefined, attributes: TargetingAttributes): boolean {
  return Object.entries(condition ?? {}).every(([name, test]) => test === undefined || passes(ownValue(attributes, name), test));
}

/**
 * The targeting attributes of the page being opened: the edge's country cookie (upper case), the
 * language of <html lang> and the address's utm_source. The inline script reads the same three.
 * @example pageAttributes(document, location.search) // { country: 'BR', language: 'pt', utm_source: 'facebook' }
 */
export function pageAttributes(doc: Pick<Document, 'cookie' | 'documentElement'>, search: string): TargetingAttributes {
  const country = readCookie(doc, COUNTRY_COOKIE)?.toUpperCase();
  return {
    ...(country ? { country } : {}),
    language: doc.documentElement.lang,
    utm_source: new URLSearchParams(search).get('utm_source') || DEFAULT_UTM_SOURCE,
  };
}
