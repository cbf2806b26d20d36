/**
 * A whole walk of the main funnel in Chromium (from an ad click with utm parameters and a referrer,
 * through signup, the paywall and a purchase, to the last step), read back from the preview
 * collector's log of Segment messages: for every step, its `page` message comes before any message
 * tracked on that step, and every message's `context.page` is its step's own (path, the step's own
 * title as the visitor's document had it, the url with the landing's query, the referrer). Each
 * message also carries the visitor's consent (Segment's `context.consent.categoryPreferences`).
 * The steps walked come from the flow files (test/e2e/visitor.ts), never a list of paths.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, newVisitor, sandboxEvents, uniqueEmail, writtenVisitorId, type SandboxEvent } from './browser.ts';
import { payButton, typeCard } from './checkoutWalk.ts';
import { entryStep, walk } from './visitor.ts';
import { funnelData } from '../../screens/flowData.ts';
import { ruleFor, type ConsentRules } from '../../engine/analytics/index.ts';
import { segmentConsent } from '../../engine/analytics/runtime.ts';
import consentRules from '../../flows/consent.json';

afterAll(closeBrowser);

const LANDING_QUERY = '?utm_source=google&utm_campaign=brand&gclid=TeSt-GCLID_1';
const REFERRER = 'https://ads.example/';
/** The main flow's last step: where the walk ends. */
const main = funnelData.flows.main!;
const lastStep = Object.entries(main.steps).find(([, step]) => !step.next)![0];

/** Events of the walk and the screen type whose screen tracks them (on mounting, or when used). */
const FIRED_BY: Record<string, string> = {
  'Signed Up': 'signup-email',
  quiz_answered: 'quiz',
  'Product List Viewed': 'paywall',
  'Product Added': 'paywall',
  'Checkout Started': 'checkout',
  'Payment Info Entered': 'checkout',
  'Product Viewed': 'checkout-success',
};

type PageContext = { path: string; title: string; url: string; referrer: string; search: string };
const pageOf = (e: SandboxEvent): PageContext => (e.context as { page: PageContext }).page;

describe('page order and context over a whole walk', () => {
  it("every step's page comes first, and every message carries its step's page, title, address and referrer", async () => {
    const { context, page } = await newVisitor();
    const email = uniqueEmail('order');
    // the document's title on each step, once the step has named it after its heading (useStepFocus)
    const titles = new Map<string, string>();
    const recordTitle = async (stepId: string): Promise<void> => {
      await page.waitForFunction(
        (id) => {
          const main = [...document.querySelectorAll<HTMLElement>('main[data-step]')].find((el) => el.dataset.step === id && !el.closest('#fe-early-step'));
          const heading = main?.querySelector('h1')?.textContent?.trim();
          return heading !== undefined && heading !== '' && document.title.startsWith(heading);
        },
        stepId,
        { timeout: 15_000 },
      );
      titles.set(new URL(page.url()).pathname, await page.evaluate(() => document.title));
    };
    await page.goto(`${baseUrl()}/${LANDING_QUERY}`, { waitUntil: 'load', referer: REFERRER });
    const referrer = await page.evaluate(() => document.referrer);
    expect(referrer).toBe(REFERRER);
    await walk(page, {
      baseUrl: baseUrl(),
      landingPath: '/',
      start: entryStep('/'),
      until: lastStep,
      choices: { email },
      timeoutMs: 30_000,
      onStep: async ({ page: p, step, stepId }) => {
        await recordTitle(stepId);
        if (step.screen !== 'checkout') return undefined;
        await typeCard(p, '4242424242424242');
        await payButton(p).click();
        return { left: true };
      },
    });
    await recordTitle(lastStep);
    const id = await writtenVisitorId(context);
    const lastPath = main.steps[lastStep]!.path!;
    let events: SandboxEvent[] = [];
    await expect
      .poll(
        async () => {
          events = await sandboxEvents(id);
          return events.some((e) => e.kind === 'page' && e.name === lastPath) && events.some((e) => e.name === 'Order Completed');
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    // every step walked has its page view, once
    const pages = events.filter((e) => e.kind === 'page');
    expect(pages.map((e) => e.name)).toEqual([...titles.keys()]);

    const problems: string[] = [];
    let current: SandboxEvent | undefined;
    for (const [k, e] of events.entries()) {
      const where = `#${k} ${e.kind} ${e.name} (${pageOf(e)?.path})`;
      if (e.kind === 'page') {
        current = e;
        const own = pageOf(e);
        // the step's own page: its path, the title its document had, its address (the landing with its query), the referrer
        const query = e.name === '/' ? LANDING_QUERY : '';
        if (own.path !== e.name) problems.push(`${where}: context path`);
        if (own.url !== `${baseUrl()}${e.name}${query}` || own.search !== query) problems.push(`${where}: url ${own.url}`);
        if (own.title !== titles.get(e.name) || e.props.title !== own.title)
          problems.push(`${where}: title "${own.title}" is not the step's "${titles.get(e.name)}"`);
        if (own.referrer !== referrer) problems.push(`${where}: referrer ${own.referrer}`);
        continue;
      }
      // a message tracked before any page, or one whose step's page has not come yet
      if (!current) problems.push(`${where}: before any page`);
      else if (JSON.stringify(pageOf(e)) !== JSON.stringify(pageOf(current))) problems.push(`${where}: context is not its page's ${current.name}`);
    }
    // what a screen tracks as it mounts or is used belongs to the step of that screen (its page, not the one before)
    for (const [name, screen] of Object.entries(FIRED_BY)) {
      const paths = Object.values(main.steps)
        .filter((step) => step.screen === screen)
        .map((step) => step.path);
      const fired = events.filter((e) => e.name === name);
      expect(fired.length, name).toBeGreaterThan(0);
      for (const e of fired) if (!paths.includes(pageOf(e).path)) problems.push(`${name} on ${pageOf(e).path}, not on a ${screen} step (${paths.join(', ')})`);
    }
    expect(problems).toEqual([]);

    // Segment's consent object on every message: the choice of the visitor's rule (no banner asks in New York)
    const rule = ruleFor(consentRules as unknown as ConsentRules, 'America/New_York', 'fullPrice', ['US']);
    expect(rule.banner).toBe(false);
    const expected = JSON.stringify(segmentConsent(rule.defaults));
    expect(events.filter((e) => JSON.stringify((e.context as { consent?: unknown }).consent) !== expected).map((e) => e.name)).toEqual([]);
    await context.close();
  });
});
