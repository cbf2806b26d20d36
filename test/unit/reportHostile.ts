/**
 * Hostile Segment messages for the report's data-quality tests: bad revenue (strings, booleans,
 * objects, NaN, huge, negative), times out of bounds or unreadable, missing fields, each with the
 * reason the report must refuse it under, plus odd lines it must keep (a device clock at 1970 that
 * sentAt and receivedAt correct). Every message belongs to a real visitor of the simulated log, so a
 * line the report wrongly kept would change that visitor's figures.
 */
import type { InvalidReason } from '../../scripts/report/dataQuality.ts';
import type { QualityRules } from '../../scripts/report/model.ts';

export interface HostileLine {
  /** What the report must do with it: refuse it for this reason, or keep it ('ok'). */
  expect: InvalidReason | 'ok';
  /** The JSON line (raw text: 1e400 is not a value JSON.stringify can write). */
  line: string;
  what: string;
}

const DAY = 86_400_000;
const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The hostile lines for `visitors` (visitor ids of the log, at least one) whose events happen around
 * `at` (ms, within the rules' window), checked against `rules`.
 */
export function hostileLines(visitors: string[], at: number, rules: QualityRules): HostileLine[] {
  let n = 0;
  const visitor = (): string => visitors[n % visitors.length]!;
  const line = (fields: Record<string, unknown>, raw: Record<string, string> = {}): string => {
    n++;
    const text = JSON.stringify({ messageId: `hostile-${n}`, anonymousId: visitor(), context: { campaign: {} }, ...fields });
    // raw JSON text for a property value, spliced in where JSON.stringify cannot write it
    return Object.entries(raw).reduce((t, [key, value]) => t.replace(`"${key}":"__raw__"`, `"${key}":${value}`), text);
  };
  const purchase = (value: string | undefined, event = 'Order Completed'): string =>
    line(
      { type: 'track', event, timestamp: iso(at), properties: { upsell: false, ...(value === undefined ? {} : { value: '__raw__' }) } },
      value === undefined ? {} : { value },
    );
  const revenue: Array<[InvalidReason | 'ok', string | undefined, string]> = [
    ['revenue_not_number', '"NaN"', 'the string "NaN"'],
    ['revenue_negative', '-1000', '-1000'],
    ['revenue_too_large', '1e308', '1e308'],
    ['revenue_not_number', '"12abc"', 'the string "12abc"'],
    ['revenue_missing', 'null', 'null'],
    ['revenue_missing', undefined, 'no value'],
    ['revenue_not_number', 'true', 'true'],
    ['revenue_not_number', 'false', 'false'],
    ['revenue_not_number', '"12"', 'the string "12"'],
    ['revenue_not_number', '"1e3"', 'the string "1e3"'],
    ['revenue_not_number', '"Infinity"', 'the string "Infinity"'],
    ['revenue_not_number', '{"amount":12}', 'an object'],
    ['revenue_not_number', '[12]', 'an array'],
    ['revenue_not_finite', '1e400', '1e400, past the largest double'],
    ['revenue_negative', '-1e308', '-1e308'],
    ['revenue_negative', '-0.01', '-0.01'],
    ['revenue_too_large', String(rules.maxRevenue + 0.01), 'a cent above the bound'],
  ];
  const lines: HostileLine[] = revenue.map(([expect, value, what]) => ({ expect, line: purchase(value), what: `Order Completed, value ${what}` }));
  lines.push(
    { expect: 'revenue_negative', line: purchase('-5', 'purchased'), what: 'purchased, value -5' },
    { expect: 'revenue_not_number', line: purchase('"9.99"', 'upsell_purchased'), what: 'upsell_purchased, value "9.99"' },
  );

  // times, on a signup (which would change the visitor's figures if it were kept)
  const signup = (timing: Record<string, unknown>): string => line({ type: 'track', event: 'signup_completed', properties: {}, ...timing });
  const earliest = Date.parse(rules.earliest);
  const latest = Date.parse(rules.latest);
  const times: Array<[InvalidReason | 'ok', Record<string, unknown>, string]> = [
    ['time_too_early', { timestamp: '1970-01-01T00:00:00.000Z' }, '1970, no sentAt or receivedAt'],
    ['time_in_future', { timestamp: '2099-01-01T00:00:00.000Z' }, '2099, no sentAt or receivedAt'],
    ['time_unreadable', { timestamp: '0000-01-01T00:00:00.000Z' }, 'year 0'],
    ['time_unreadable', { timestamp: '-0001-01-01T00:00:00.000Z' }, 'year -1'],
    ['time_unreadable', { timestamp: 'yesterday' }, '"yesterday"'],
    ['time_unreadable', { timestamp: 'infinity' }, '"infinity"'],
    ['time_unreadable', { timestamp: '2026-13-45T00:00:00.000Z' }, 'month 13'],
    ['time_unreadable', { timestamp: at }, 'a number of ms'],
    ['time_missing', { timestamp: '' }, 'an empty timestamp'],
    ['time_missing', { timestamp: null }, 'a null timestamp'],
    ['time_missing', {}, 'no timestamp'],
    ['time_too_early', { timestamp: iso(earliest - 1) }, 'a ms before the earliest time'],
    ['time_in_future', { timestamp: iso(latest + 60_000) }, 'a minute past the latest time'],
    ['time_in_future', { timestamp: iso(at), sentAt: iso(at), receivedAt: '2099-01-01T00:00:00.000Z' }, 'received in 2099'],
    ['time_too_early', { timestamp: '1970-01-01T00:00:00.000Z', receivedAt: iso(at) }, '1970 with receivedAt but no sentAt'],
    ['time_too_early', { timestamp: '1970-01-01T00:00:00.000Z', sentAt: iso(at) }, '1970 with sentAt but no receivedAt'],
  ];
  for (const [expect, timing, what] of times) lines.push({ expect, line: signup(timing), what: `time ${what}` });

  const identify = (fields: Record<string, unknown>): string => line({ type: 'identify', userId: 'u', traits: {}, ...fields });
  lines.push(
    { expect: 'no_visitor', line: line({ type: 'track', event: 'signup_completed', timestamp: iso(at), anonymousId: undefined }), what: 'no anonymousId' },
    { expect: 'no_visitor', line: line({ type: 'track', event: 'signup_completed', timestamp: iso(at), anonymousId: '' }), what: 'an empty anonymousId' },
    { expect: 'unknown_type', line: line({ type: 'alias', timestamp: iso(at) }), what: 'type alias' },
    { expect: 'unknown_type', line: line({ timestamp: iso(at) }), what: 'no type' },
    { expect: 'no_event_name', line: line({ type: 'track', timestamp: iso(at), properties: {} }), what: 'a track without event' },
    // kept: a device clock at 1970 that sentAt (the same clock) and receivedAt put back in place
    {
      expect: 'ok',
      line: identify({ timestamp: '1970-01-01T00:00:00.000Z', sentAt: '1970-01-01T00:00:01.000Z', receivedAt: iso(at) }),
      what: 'a device clock at 1970, corrected',
    },
    { expect: 'ok', line: identify({ timestamp: iso(at) }), what: 'no sentAt or receivedAt' },
    { expect: 'ok', line: identify({ timestamp: iso(at - DAY), receivedAt: iso(at) }), what: 'receivedAt without sentAt' },
  );
  return lines;
}

/** How many lines `lines` expects per reason (refused only). */
export function expectedReasons(lines: HostileLine[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const l of lines) if (l.expect !== 'ok') counts.set(l.expect, (counts.get(l.expect) ?? 0) + 1);
  return counts;
}
