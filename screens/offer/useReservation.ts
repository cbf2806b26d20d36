import { useEffect, useState } from 'react';
import { msUntilNextTick, reservationAt, type Clock, type Reservation } from './countdown.ts';

/**
 * The live state of a reservation that started at `startedAt` (0: not yet, counted from now): it
 * re-renders on every whole second until the time is over, then stops ticking.
 */
export function useReservation(startedAt: number, minutes: number, now: Clock = Date.now): Reservation {
  const [nowMs, setNowMs] = useState(now);
  const state = reservationAt(startedAt || nowMs, minutes, nowMs);
  useEffect(() => {
    if (state.expired) return;
    // read the clock again rather than subtracting a second: a throttled background tab stays right
    const timer = setTimeout(() => setNowMs(now()), msUntilNextTick(state.remainingMs));
    return () => clearTimeout(timer);
  }, [state.expired, state.remainingMs, now]);
  return state;
}
