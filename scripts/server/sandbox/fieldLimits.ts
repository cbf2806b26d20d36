/** Length limits of every field the sandbox API stores; a longer value is refused with a 4xx. */

export const FIELD_LIMITS = {
  email: 254, // RFC 5321 path limit
  name: 100,
  landingType: 64,
  registrationSource: 32,
  eventKind: 16,
  eventName: 200,
  userUuid: 64,
  /** Serialised JSON of an event's props. */
  eventPropsBytes: 8 * 1024,
} as const;

/** A problem text when `value` is longer than `max` characters, else undefined. */
export function tooLong(field: string, value: string, max: number): string | undefined {
  return value.length > max ? `${field} is longer than ${max} characters` : undefined;
}
