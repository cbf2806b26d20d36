/**
 * The time zones a consent rule may name: real IANA zones as the browser reports them
 * (`Intl.DateTimeFormat().resolvedOptions().timeZone`), or a prefix ending in "/" that real zones
 * start with ("Europe/"). A misspelt zone or an area without its "/" matches no visitor, so the
 * banner of that rule would silently never show.
 */
import { closest } from './suggest.ts';

/** The canonical zones of the running Node.js (its ICU data). */
const ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');
/** Areas that prefix rules may name: the part before the first "/" of a zone. */
const AREAS = [...new Set(ZONES.filter((z) => z.includes('/')).map((z) => `${z.slice(0, z.indexOf('/'))}/`))];

/** The zone as Intl resolves it, or undefined when it is no IANA zone (aliases such as UTC or Europe/Kyiv resolve). */
function resolvedZone(zone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** What is wrong with a consent rule's time zone, or undefined when it can match visitors. */
export function timeZoneProblem(zone: string): { message: string; hint: string } | undefined {
  if (zone.endsWith('/')) {
    if (ZONES.some((z) => z.startsWith(zone))) return undefined;
    const area = closest(zone, AREAS);
    return { message: `no IANA time zone starts with "${zone}"`, hint: area ? `did you mean "${area}"?` : `use an area prefix such as "Europe/"` };
  }
  const resolved = resolvedZone(zone);
  if (resolved !== undefined && resolved.toLowerCase() !== zone.toLowerCase()) return undefined; // an alias (UTC, Atlantic/Faroe)
  if (resolved === zone) return undefined;
  if (resolved !== undefined) return { message: `"${zone}" is written in the wrong case: browsers report "${resolved}"`, hint: `write "${resolved}"` };
  if (AREAS.includes(`${zone}/`)) return { message: `"${zone}" is an area, not a time zone`, hint: `write "${zone}/" to match every zone of the area` };
  const near = closest(zone, ZONES);
  return {
    message: `"${zone}" is not an IANA time zone`,
    hint: near ? `did you mean "${near}"?` : 'write a zone such as "Europe/Berlin", or an area prefix such as "Europe/"',
  };
}
