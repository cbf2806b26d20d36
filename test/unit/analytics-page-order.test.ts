/**
 * The analytics port keeps a step's messages together: once a step is arriving (holdUntilPage), what
 * is tracked waits for the step's page view and goes after it; every message after a page view
 * carries that page's context (path, url with its query, title, referrer), whatever the document
 * says by then; a page view sent after the visitor moved on carries its own page.
 */
import { describe, expect, it } from 'vitest';
import { createAnalytics, memorySink, MAX_HELD_FOR_PAGE, type AnalyticsEvent, type EventContext, type PageContext } from '../../engine/index.ts';

/** A port whose context reader reads a page the test changes, as eventContextReader reads the document. */
function port() {
  const log: AnalyticsEvent[] = [];
  let live: PageContext = { path: '/a', referrer: 'https://ad.example/', search: '', title: 'A · App', url: 'https://f.example/a' };
  const clock = { now: 1000 };
  const analytics = createAnalytics(
    [memorySink(log)],
    () => clock.now,
    (): EventContext => ({ page: { ...live } }),
  );
  return { analytics, log, clock, go: (page: Partial<PageContext>) => (live = { ...live, ...page }) };
}

const names = (log: AnalyticsEvent[]) => log.map((e) => `${e.kind}:${e.name}`);

describe('page order and context', () => {
  it("sends a step's page view before what its screen tracked while it arrived, all with the step's page", () => {
    const p = port();
    p.analytics.page('/a', { step: 'a' });
    p.analytics.track('step_completed', { step: 'a' });
    // the address changes; the document still has the old title while the next step arrives
    p.go({ path: '/b', url: 'https://f.example/b' });
    p.analytics.holdUntilPage();
    p.analytics.track('Product List Viewed');
    p.analytics.track('Experiment Viewed');
    expect(names(p.log)).toEqual(['page:/a', 'track:step_completed']);
    p.go({ title: 'B · App' });
    p.clock.now = 1500; // the title came half a second later
    p.analytics.page('/b', { step: 'b' });
    expect(names(p.log)).toEqual(['page:/a', 'track:step_completed', 'page:/b', 'track:Product List Viewed', 'track:Experiment Viewed']);
    // and none is timed before it
    expect(p.log.slice(3).map((e) => e.at)).toEqual([1500, 1500]);
    const pageB = p.log[2]!.context!.page;
    expect(pageB).toMatchObject({ path: '/b', title: 'B · App' });
    for (const e of p.log.slice(3)) expect(e.context!.page).toEqual(pageB);
    // the event that left step a is a's
    expect(p.log[1]!.context!.page).toEqual(p.log[0]!.context!.page);
    // later messages of the step keep its page, even when a screen renames the document meanwhile
    p.go({ title: 'B, question 2 · App' });
    p.analytics.track('quiz_answered');
    expect(p.log.at(-1)!.context!.page).toEqual(pageB);
  });

  it('a page view given its own page (sent after the visitor moved on) carries it, and so do the events held for it', () => {
    const p = port();
    p.analytics.holdUntilPage();
    p.analytics.track('tracking_captured');
    p.go({ path: '/c', url: 'https://f.example/c', title: 'C · App' });
    const own: PageContext = {
      path: '/b',
      referrer: 'https://ad.example/',
      search: '?utm_source=x',
      title: 'B · App',
      url: 'https://f.example/b?utm_source=x',
    };
    p.analytics.page('/b', { step: 'b' }, own);
    expect(p.log.map((e) => e.context!.page)).toEqual([own, own]);
  });

  it('never holds more than MAX_HELD_FOR_PAGE events (a page view that never comes loses nothing)', () => {
    const p = port();
    p.analytics.holdUntilPage();
    for (let k = 0; k < MAX_HELD_FOR_PAGE + 5; k++) p.analytics.track(`e${k}`);
    expect(names(p.log)).toEqual(['track:e0', 'track:e1', 'track:e2', 'track:e3', 'track:e4']);
    p.analytics.page('/x');
    expect(p.log).toHaveLength(MAX_HELD_FOR_PAGE + 6);
    expect(p.log[5]!.kind).toBe('page');
  });
});
