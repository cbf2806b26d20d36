/** The bench's INP of a walk (scripts/bench/tapLatency.ts), computed as web-vitals does from the walk's interactions. */
import { describe, expect, it } from 'vitest';
import { interactionToNextPaint } from '../../scripts/bench/tapLatency.ts';

describe('INP of a walk', () => {
  it('is the longest interaction when there are fewer than 50', () => {
    expect(interactionToNextPaint([40, 184, 96])).toBe(184);
  });

  it('leaves out one interaction in 50 (the 98th percentile)', () => {
    const durations = [...Array.from({ length: 98 }, () => 24), 120, 400];
    expect(interactionToNextPaint(durations)).toBe(24);
    expect(interactionToNextPaint([...Array.from({ length: 49 }, () => 24), 400])).toBe(24);
    expect(interactionToNextPaint([...Array.from({ length: 48 }, () => 24), 400])).toBe(400);
  });

  it('is 0 when no interaction took 16 ms or more (none was observed)', () => {
    expect(interactionToNextPaint([])).toBe(0);
  });
});
