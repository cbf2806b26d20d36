/**
 * Lookups by a key that comes from data, storage, a URL or a text: own properties only, so a key such
 * as `constructor`, `toString`, `hasOwnProperty` or `__proto__` never finds a member every plain
 * object inherits from Object.prototype.
 */

/**
 * `record[key]` when `key` is the record's own property, else undefined.
 * @example ownValue(plans.plans, storedPlan) // undefined for 'constructor'
 */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined | null, key: string): T | undefined {
  return record !== undefined && record !== null && Object.hasOwn(record, key) ? record[key] : undefined;
}
