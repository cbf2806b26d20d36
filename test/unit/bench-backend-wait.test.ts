/** The bench's share of a tap spent on the backend (scripts/bench/backendWait.ts) and its medians per step. */
import { describe, expect, it } from 'vitest';
import { backendWait, type PageRequest } from '../../scripts/bench/backendWait.ts';
import { mediansByStep, type TapSample } from '../../scripts/bench/tapLatency.ts';

const origin = 'http://127.0.0.1:4173';
const signup: PageRequest = { url: `${origin}/sandbox/webapi/api/v1/signup`, start: 1010, end: 1190 };
const chunk: PageRequest = { url: `${origin}/assets/OfferScreen-3F2A.js`, start: 1005, end: 1100 };
const event: PageRequest = { url: `${origin}/sandbox/events`, start: 1020, end: 1200 };

describe('backend wait of a tap', () => {
  it('is the span of the backend calls made and answered within the tap', () => {
    expect(backendWait([chunk, signup, event], 1000, 1260)).toEqual({ ms: 180, calls: 1 });
  });

  it('runs from the first call out to the last answer in, the server-set waits between polls included', () => {
    const pay = [
      { url: `${origin}/sandbox/portal/api/v1/users/me/subscriptions/polling/annual`, start: 2010, end: 2200 },
      { url: `${origin}/sandbox/portal/api/v1/polling/get-result/poll_1`, start: 2210, end: 2380 },
      { url: `${origin}/sandbox/portal/api/v1/polling/get-result/poll_1`, start: 3390, end: 3560 },
      { url: `${origin}/sandbox/portal/api/v1/polling/get-result/poll_1`, start: 4570, end: 4740 },
    ];
    expect(backendWait(pay, 2000, 4800)).toEqual({ ms: 2730, calls: 4 });
  });

  it('leaves out calls that started before the tap or were answered after its step painted', () => {
    const settings = { url: `${origin}/sandbox/portal/api/v1/users/me/payments-settings`, start: 1300, end: 1500 };
    const earlier = { ...signup, start: 900 };
    expect(backendWait([earlier, settings], 1000, 1260)).toEqual({ ms: 0, calls: 0 });
  });

  it('is nothing for a tap that only loads files and sends events', () => {
    expect(backendWait([chunk, event], 1000, 1260)).toEqual({ ms: 0, calls: 0 });
  });
});

describe('medians per step', () => {
  const tap = (ms: number, backendMs: number): TapSample => ({
    from: 'signup',
    to: 'offer',
    start: 0,
    ms,
    backend: { ms: backendMs, calls: backendMs ? 1 : 0 },
  });

  it('gives the tap, its backend share and the funnel’s own time, each the median over the walks', () => {
    const [signupStep] = mediansByStep([[tap(300, 180)], [tap(280, 170)], [tap(320, 150)]]);
    expect(signupStep).toEqual({ step: 'signup → offer', ms: 300, backendMs: 170, calls: 1, ownMs: 120 });
  });

  it('counts a tap without a backend call wholly as the funnel’s own', () => {
    const quiz: TapSample = { from: 'quiz-1', to: 'quiz-2', start: 0, ms: 90 };
    expect(mediansByStep([[quiz], [{ ...quiz, ms: 110 }]])).toEqual([{ step: 'quiz-1 → quiz-2', ms: 100, backendMs: 0, calls: 0, ownMs: 100 }]);
  });
});
