/** The sandbox's token buckets (scripts/server/sandbox/rateLimits.ts): a burst, then one call per refill. */
import { RATE_RULES, takeToken } from '../../scripts/server/sandbox/rateLimits.ts';
import { createSandboxState } from '../../scripts/server/sandbox/state.ts';

describe('sandbox rate limits', () => {
  it('lets a burst through, then names the whole seconds until the next call, per caller', () => {
    const state = createSandboxState();
    const rule = RATE_RULES.signup;
    const now = 1_000_000;
    for (let i = 0; i < rule.burst; i++) expect(takeToken(state, 'signup', '10.0.0.1', now)).toBe(0);
    expect(takeToken(state, 'signup', '10.0.0.1', now)).toBe(Math.ceil(rule.refillMs / 1000));
    expect(takeToken(state, 'signup', '10.0.0.2', now)).toBe(0);
    expect(takeToken(state, 'lookup', '10.0.0.1', now)).toBe(0);
    expect(takeToken(state, 'signup', '10.0.0.1', now + rule.refillMs)).toBe(0);
  });

  it('gives a full burst back after a quiet spell, never more', () => {
    const state = createSandboxState();
    const rule = RATE_RULES.lookup;
    for (let i = 0; i <= rule.burst; i++) takeToken(state, 'lookup', 'a', 0);
    const later = rule.refillMs * rule.burst * 10;
    for (let i = 0; i < rule.burst; i++) expect(takeToken(state, 'lookup', 'a', later)).toBe(0);
    expect(takeToken(state, 'lookup', 'a', later)).toBeGreaterThan(0);
  });
});
