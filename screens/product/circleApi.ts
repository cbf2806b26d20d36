/**
 * Joining a Circle: GET {webapi}/circles/{code} tells whose Circle an invite code opens. The Circle's
 * name is kept in the family state, so the next step can welcome the joiner into it by name. This
 * module brings axios with it, so the join screen loads it only when a code is submitted.
 */
import type { ProductState } from './slices.ts';
import { failureOf } from '../backend/http.ts';
import { CIRCLE_ERRORS, type FieldResult } from './family.ts';
import { httpClientsFor } from './signup.ts';
import { rateLimitText } from '../../engine/payments/index.ts';

/**
 * Looks a normalised invite code up; on success stores the Circle's name in family.circleName.
 * @returns the code when a Circle has it, else the i18n key of the problem
 * @example await joinCircle(store, 'K7P4QX') // { ok: true, value: 'K7P4QX' }, family.circleName 'The Smiths'
 */
export async function joinCircle(store: ProductState, code: string): Promise<FieldResult> {
  try {
    const { data } = await httpClientsFor(store).webapi.get(`/circles/${encodeURIComponent(code)}`);
    const name = (data as { circle?: { name?: unknown } } | undefined)?.circle?.name;
    if (typeof name !== 'string' || !name.trim()) return { ok: false, error: CIRCLE_ERRORS.unreachable };
    store.family.circleName = name.trim();
    return { ok: true, value: code };
  } catch (error) {
    const failure = failureOf(error);
    if (failure.status === 429) {
      // too many lookups from here: say how long to wait (the server's Retry-After)
      const { textKey, textValues } = rateLimitText(failure.retryAfterMs);
      return { ok: false, error: textKey!, ...(textValues ? { values: textValues } : {}) };
    }
    return { ok: false, error: failure.status === 404 ? CIRCLE_ERRORS.unknown : CIRCLE_ERRORS.unreachable };
  }
}
