/**
 * The trial reservation countdown (spec section 9: reserved 15 minutes), without React and with the
 * clock injected: it starts on the first visit, is kept in the persisted family slice and never
 * restarts, so a reload continues where it was.
 */

/** Milliseconds since the epoch, like Date.now. */
export type Clock = () => number;

/** Where the reservation stands. */
export interface Reservation {
  remainingMs: number;
  expired: boolean;
}

/**
 * The reservation's start: the stored one, or now when none was stored yet (0 means "not started").
 * A start in the future (a clock that was wrong) is treated as now, so the countdown never exceeds
 * its length.
 * @example reservationStart(0, () => 1000) // 1000
 */
export function reservationStart(storedStartedAt: number, now: Clock = Date.now): number {
  return startedReservation(storedStartedAt, now) || now();
}

/**
 * The stored start when there is a usable one, else 0: not started yet (a render of the offer before
 * it is shown, which shows the whole reservation).
 * @example startedReservation(0, () => 1000) // 0
 */
export function startedReservation(storedStartedAt: number, now: Clock = Date.now): number {
  return Number.isFinite(storedStartedAt) && storedStartedAt > 0 && storedStartedAt <= now() ? storedStartedAt : 0;
}

/**
 * Time left on a reservation of `minutes` that started at `startedAt`, never more than its length
 * (a clock reading taken just before the start was stored must not show 15:01).
 * @example reservationAt(0, 15, 60_000) // { remainingMs: 840_000, expired: false }
 */
export function reservationAt(startedAt: number, minutes: number, nowMs: number): Reservation {
  const lengthMs = minutes * 60_000;
  const remainingMs = Math.min(lengthMs, Math.max(0, startedAt + lengthMs - nowMs));
  return { remainingMs, expired: remainingMs === 0 };
}

/**
 * mm:ss, rounding up so the display shows 00:00 only when the time is really over.
 * @example formatRemaining(61_001) // '01:02'
 */
export function formatRemaining(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** How long to wait before the display changes next: until the next whole second, at least 50 ms. */
export function msUntilNextTick(remainingMs: number): number {
  const rest = remainingMs % 1000;
  return Math.max(50, rest === 0 ? 1000 : rest);
}
