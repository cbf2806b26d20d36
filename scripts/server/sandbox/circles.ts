/**
 * The sandbox's Circles, for the join branch of the family funnel: GET {webapi}/circles/{code} answers
 * the Circle an invite code belongs to (its name, to welcome the joiner) or 404. The sandbox knows
 * the sample Circles below, as if other families had created them; docs/operations.md lists their
 * codes for previewing the branch.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import { clientAddress, limitRate } from './rateLimits.ts';
import type { SandboxState } from './state.ts';

/** Invite code (normalised: upper case, no dash) -> Circle name. */
export const SAMPLE_CIRCLES: Readonly<Record<string, string>> = {
  K7P4QX: 'Smith family',
  XYZ234: 'Familie Weber',
  ABC234: 'García',
};

/** GET {webapi}/circles/{code}: 200 with the Circle, or 404 when no Circle has this code; 429 past the lookup limit (rateLimits.ts). */
export function circleByCode(state: SandboxState, req: IncomingMessage, res: ServerResponse, code: string): void {
  limitRate(state, 'lookup', clientAddress(req));
  const name = Object.hasOwn(SAMPLE_CIRCLES, code) ? SAMPLE_CIRCLES[code] : undefined;
  if (name === undefined) {
    sendJson(res, 404, { errors: { messages: ['No Circle has this invite code'] } });
    return;
  }
  sendJson(res, 200, { circle: { code, name } });
}
