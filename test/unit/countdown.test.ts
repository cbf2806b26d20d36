import { formatRemaining, msUntilNextTick, reservationAt, reservationStart, startedReservation } from '../../screens/offer/countdown.ts';

const MINUTE = 60_000;

describe('reservation countdown', () => {
  it('starts now on the first visit and keeps a stored start afterwards', () => {
    const clock = () => 1_000_000;
    expect(reservationStart(0, clock)).toBe(1_000_000);
    expect(reservationStart(400_000, clock)).toBe(400_000);
  });

  it('treats a start in the future or a broken value as now (never more than the full length)', () => {
    const clock = () => 1_000_000;
    expect(reservationStart(2_000_000, clock)).toBe(1_000_000);
    expect(reservationStart(Number.NaN, clock)).toBe(1_000_000);
    expect(reservationStart(-5, clock)).toBe(1_000_000);
  });

  it('reads "not started" (0) before the offer is shown, and a usable stored start after', () => {
    const clock = () => 1_000_000;
    expect(startedReservation(0, clock)).toBe(0);
    expect(startedReservation(2_000_000, clock)).toBe(0);
    expect(startedReservation(Number.NaN, clock)).toBe(0);
    expect(startedReservation(400_000, clock)).toBe(400_000);
    // not started: the whole reservation is left
    expect(reservationAt(startedReservation(0, clock) || clock(), 15, clock())).toEqual({ remainingMs: 15 * MINUTE, expired: false });
  });

  it('counts down from the start, across a "reload" (a later clock reading, same start)', () => {
    const start = 5_000_000;
    expect(reservationAt(start, 15, start)).toEqual({ remainingMs: 15 * MINUTE, expired: false });
    expect(reservationAt(start, 15, start + 3 * MINUTE + 20_000)).toEqual({ remainingMs: 11 * MINUTE + 40_000, expired: false });
    expect(reservationAt(start, 15, start + 15 * MINUTE)).toEqual({ remainingMs: 0, expired: true });
    expect(reservationAt(start, 15, start + 60 * MINUTE)).toEqual({ remainingMs: 0, expired: true });
  });

  it('never shows more than the full length, even for a clock reading taken before the start', () => {
    expect(reservationAt(5_000_000, 15, 4_999_400)).toEqual({ remainingMs: 15 * MINUTE, expired: false });
    expect(formatRemaining(reservationAt(5_000_000, 15, 4_000_000).remainingMs)).toBe('15:00');
  });

  it('formats mm:ss, rounding up to whole seconds', () => {
    expect(formatRemaining(15 * MINUTE)).toBe('15:00');
    expect(formatRemaining(14 * MINUTE + 59_001)).toBe('15:00');
    expect(formatRemaining(61_001)).toBe('01:02');
    expect(formatRemaining(59_000)).toBe('00:59');
    expect(formatRemaining(1)).toBe('00:01');
    expect(formatRemaining(0)).toBe('00:00');
    expect(formatRemaining(-10)).toBe('00:00');
  });

  it('waits until the next whole second', () => {
    expect(msUntilNextTick(15 * MINUTE)).toBe(1000);
    expect(msUntilNextTick(1_250)).toBe(250);
    expect(msUntilNextTick(1_010)).toBe(50);
  });
});
