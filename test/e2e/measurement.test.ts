/**
 * Measurement end to end in Chromium against the preview server: the test serves stand-ins for
 * Meta's fbevents.js and Google's gtag.js that record every call the page makes to them.
 * - a visitor in Europe sees the consent banner (not over the landing's call to action, axe clean),
 *   accepts, walks to a purchase: the pixel and GA4 receive exactly the expected calls, one
 *   purchase each, the pixel's eventID equal to the fb_event_id of the subscription call;
 * - a visitor who refuses sends nothing to them, nor to the collector, and gets no visitor cookie;
 *   the footer link opens the choice again;
 * - with both scripts blocked (requests aborted) the walk to a purchase is unchanged.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, describe, it, type ExpectStatic } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, browser, closeBrowser, sandboxEvents, uniqueEmail, visitorId } from './browser.ts';
import { afterStep, entryStep, text, titleKeyOf, walk } from './visitor.ts';
import { segmentConsent } from '../../engine/analytics/runtime.ts';
import en from '../../locales/en.json';
import landings from '../../flows/landings.json';
import countryToCurrency from 'country-to-currency';
import { catalogueIn, chooseCurrency, offeredCurrencies } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';

afterAll(closeBrowser);

const url = (path: string): string => `${baseUrl()}${path}`;
const PIXEL_ID = '1234567890123456';
const GA_ID = 'G-PREVIEW0000';
const TAG_HOSTS = ['https://connect.facebook.net/**', 'https://www.googletagmanager.com/**'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Stand-in fbevents.js: takes over the snippet's queue and records every fbq call. */
const FBEVENTS_STUB = `(() => {
  const fbq = window.fbq;
  const calls = (window.__fbqCalls = []);
  const record = (...args) => calls.push(JSON.parse(JSON.stringify(args)));
  fbq.callMethod = record;
  fbq.queue.splice(0).forEach((args) => record(...args));
})();`;

/** Stand-in gtag.js: records what is in the data layer and everything pushed later. */
const GTAG_STUB = `(() => {
  const calls = (window.__gtagCalls = []);
  const record = (args) => calls.push(JSON.parse(JSON.stringify(Array.from(args))));
  const layer = window.dataLayer;
  layer.forEach(record);
  layer.push = function (...items) { items.forEach(record); return Array.prototype.push.apply(this, items); };
})();`;

interface Visit {
  context: BrowserContext;
  page: Page;
  /** URLs of tag scripts the page asked for. */
  tagRequests: string[];
}

async function visit(options: { timezoneId?: string; block?: boolean; gpc?: boolean } = {}): Promise<Visit> {
  const context = await (
    await browser()
  ).newContext({
    locale: 'en-US',
    timezoneId: options.timezoneId ?? 'America/New_York',
    viewport: { width: 390, height: 844 },
  });
  // Global Privacy Control as browsers that send it expose it
  if (options.gpc) await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  const tagRequests: string[] = [];
  for (const pattern of TAG_HOSTS) {
    await context.route(pattern, (route) => {
      tagRequests.push(route.request().url());
      if (options.block) return route.abort('blockedbyclient');
      const body = route.request().url().includes('fbevents') ? FBEVENTS_STUB : GTAG_STUB;
      return route.fulfill({ status: 200, contentType: 'text/javascript', body });
    });
  }
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page, tagRequests };
}

/** Opens a path and waits until React has hydrated the prerendered landing (a click before that is lost). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(url(path), { waitUntil: 'load' });
  await page.waitForFunction(() => Object.keys(document.querySelector('h1') ?? {}).some((k) => k.startsWith('__reactFiber')));
}

const continueButton = (page: Page) => page.getByRole('button', { name: en.common.continue });
const banner = (page: Page) => page.getByRole('region', { name: en.consent.title });

/** From the open landing ("/") along the flow (test/e2e/visitor.ts) to the paywall. */
async function walkToPaywall(page: Page, email: string): Promise<void> {
  await walk(page, { baseUrl: baseUrl(), landingPath: '/', start: entryStep('/'), until: { screen: 'paywall' }, choices: { email }, timeoutMs: 30_000 });
}

/** From the paywall (default plan) through a 4242 payment; the upsell is declined. Returns the subscription call's fb_event_id and attribution. */
async function buy(expect: ExpectStatic, page: Page): Promise<{ fbEventId: string; attribution: Record<string, unknown> }> {
  const fbEventIds: string[] = [];
  let attribution: Record<string, unknown> = {};
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/users/me/subscriptions/polling/')) {
      const body = request.postDataJSON() as { fb_event_id: string; attribution: Record<string, unknown> };
      fbEventIds.push(body.fb_event_id);
      attribution = body.attribution;
    }
  });
  await page.getByRole('button', { name: en.paywall.cta }).click();
  await page.waitForURL(url('/checkout'));
  await page.getByLabel(en.checkout.card.number).pressSequentially('4242424242424242');
  await page.getByLabel(en.checkout.card.expiry).pressSequentially('1234');
  await page.getByLabel(en.checkout.card.cvc).pressSequentially('123');
  await page.getByLabel(en.checkout.card.name).fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay [^\sA-Za-z]/ }).click(); // "Pay €59.88", not "Pay with PayPal"
  await page.waitForURL(url('/checkout/success'), { timeout: 30_000 });
  await page.getByRole('heading', { name: en.upsell.title }).waitFor();
  // declining the offer is the way on
  await page.getByRole('button', { name: en.upsell.close }).click();
  await page.waitForURL(url('/signup/download'));
  await page.getByRole('heading', { name: en.download.title }).waitFor();
  expect(new Set(fbEventIds).size).toBe(1);
  return { fbEventId: fbEventIds[0]!, attribution };
}

type Call = unknown[];
/**
 * What a stand-in tag recorded. Every event call's parameters carry the build's version stamp, the
 * page's `<meta name="flow-version">` (engine/build/flowVersion.ts): checked here, then left out.
 */
async function calls(page: Page, name: '__fbqCalls' | '__gtagCalls'): Promise<Call[]> {
  const [list, version] = await page.evaluate(
    (n) => [(window as unknown as Record<string, Call[]>)[n] ?? [], document.querySelector('meta[name="flow-version"]')?.getAttribute('content')] as const,
    name,
  );
  return list.map((call) => {
    if (!['track', 'trackCustom', 'event'].includes(call[0] as string)) return call;
    const { flow_version: stamp, ...params } = call[2] as Record<string, unknown>;
    if (!version || stamp !== version) throw new Error(`${JSON.stringify(call)} does not carry the page's flow version ${version}`);
    return [call[0], call[1], params, ...call.slice(3)];
  });
}

describe.concurrent('measurement', () => {
  it('Europe: the banner asks first; after "Accept all" the pixel and GA4 get exactly the funnel calls, one purchase with the subscription call\'s event id', async ({
    expect,
  }) => {
    const { context, page, tagRequests } = await visit({ timezoneId: 'Europe/Berlin' });
    // Europe/Berlin is Germany's zone: the visitor pays in Germany's currency where the catalogue sells it
    const currency = chooseCurrency({ countries: ['DE'], language: 'en', offered: offeredCurrencies(funnelData.plans), table: countryToCurrency });
    const plans = catalogueIn(funnelData.plans, currency);
    const foxPrice = plans.plans['gz-3-month-fox']!.price;
    // an ad click: Google's and Meta's click ids with the utm parameters
    await open(page, '/?utm_source=google&utm_campaign=brand&gclid=TeSt-GCLID_1&fbclid=IwAR_TEST');
    await banner(page).waitFor({ timeout: 20_000 });
    // the banner leaves the landing's call to action free and passes axe
    const [cta, region] = await Promise.all([continueButton(page).boundingBox(), banner(page).boundingBox()]);
    expect(cta!.y).toBeGreaterThanOrEqual(region!.y + region!.height);
    await page.evaluate(AXE_SOURCE);
    const serious = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: Array<{ id: string; impact: string }> }> } }).axe;
      const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    });
    expect(serious).toEqual([]);
    // nothing before the choice: no tag script, no visitor cookie
    expect(tagRequests).toEqual([]);
    expect(await visitorId(context)).toBe('');

    await banner(page).getByRole('button', { name: en.consent.acceptAll }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    await expect.poll(() => visitorId(context)).not.toBe('');
    const id = await visitorId(context);
    const email = uniqueEmail('measure');
    await walkToPaywall(page, email);
    const { fbEventId, attribution } = await buy(expect, page);
    // the subscription call hands the backend what its Conversions API and Google's offline conversions need
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect(attribution).toMatchObject({
      consent: { analytics: true, marketing: true, gpc: false },
      user_agent: expect.stringContaining('Chrome'),
      page_url: url('/checkout'),
      gclid: 'TeSt-GCLID_1',
      fbclid: 'IwAR_TEST',
      fbc: expect.stringMatching(/^fb\.1\.\d{13}\.IwAR_TEST$/),
      fbp: expect.stringMatching(/^fb\.1\.\d{13}\.\d+$/),
    });
    expect([cookies._fbp, cookies._fbc]).toEqual([attribution.fbp, attribution.fbc]);

    // every destination has had every page view once the collector's and the tags' counts agree
    let collected: Awaited<ReturnType<typeof sandboxEvents>> = [];
    let pages = 0;
    await expect
      .poll(
        async () => {
          collected = await sandboxEvents(id);
          pages = collected.filter((e) => e.kind === 'page').length;
          const pixelPages = (await calls(page, '__fbqCalls')).filter((c) => c[1] === 'PageView').length;
          const gaPages = (await calls(page, '__gtagCalls')).filter((c) => c[1] === 'page_view').length;
          return collected.some((e) => e.name === 'Order Completed') && pixelPages === pages && gaPages === pages && pages >= 10;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const purchased = collected.find((e) => e.name === 'Order Completed')!;
    expect(purchased.props).toMatchObject({
      order_id: expect.any(String),
      revenue: foxPrice,
      currency,
      products: [expect.objectContaining({ product_id: 'gz-3-month-fox', price: foxPrice })],
      event_id: fbEventId,
      plan: 'gz-3-month-fox',
      landing_type: 'fullPrice',
      experiments: {},
    });
    const subscriptionId = purchased.props.order_id as string;
    // Segment's identify after signup, and the account id on every later message; context filled on every one
    const identified = collected.findIndex((e) => e.kind === 'identify');
    expect(identified).toBeGreaterThan(0);
    const userId = collected[identified]!.name;
    expect(collected.slice(identified).every((e) => e.userId === userId)).toBe(true);
    expect(collected.slice(0, identified).every((e) => e.userId === undefined)).toBe(true);
    for (const e of collected) {
      expect(e.context).toMatchObject({
        page: { url: expect.stringMatching(/^http/), path: expect.any(String) },
        userAgent: expect.any(String),
        locale: 'en-US',
        timezone: 'Europe/Berlin',
      });
      expect(e.context).toHaveProperty('campaign');
    }

    const fox = { content_ids: ['gz-3-month-fox'], content_type: 'product' };
    const pixel = await calls(page, '__fbqCalls');
    expect(pixel[0]).toEqual(['init', PIXEL_ID]);
    const anyId = { eventID: expect.any(String) };
    // advanced matching: the account's e-mail and id (Segment's userId), normalised and hashed, added once the visitor signed up
    const matching = pixel.filter((c) => c[0] === 'init' && c.length === 3);
    const sha256 = (value: string): string => createHash('sha256').update(value.trim().toLowerCase()).digest('hex');
    expect(matching).toEqual([['init', PIXEL_ID, { em: sha256(email), external_id: sha256(userId) }]]);
    expect(JSON.stringify(pixel)).not.toContain(email);
    expect(pixel.filter((c) => c[1] !== 'PageView' && !matching.includes(c))).toEqual([
      ['init', PIXEL_ID],
      ['track', 'Lead', {}, anyId],
      ['track', 'ViewContent', { content_ids: landings.fullPrice.plans, content_type: 'product' }, anyId],
      ['track', 'AddToCart', { value: foxPrice, currency, ...fox }, anyId],
      ['track', 'InitiateCheckout', { value: foxPrice, currency, ...fox }, anyId],
      ['track', 'AddPaymentInfo', { value: foxPrice, currency, ...fox }, anyId],
      ['track', 'Purchase', { value: foxPrice, currency, ...fox }, { eventID: fbEventId }],
    ]);
    // every standard event has its own event id (the Conversions API de-duplicates by it)
    const tracked = pixel.filter((c) => c[0] === 'track');
    expect(new Set(tracked.map((c) => (c[3] as { eventID: string }).eventID)).size).toBe(tracked.length);
    expect(pixel.every((c) => c[0] === 'init' || (c[0] === 'track' && (c[1] !== 'PageView' || Object.keys(c[2] as object).length === 0)))).toBe(true);

    const ga = await calls(page, '__gtagCalls');
    const denied = { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' };
    const granted = { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' };
    expect(ga.slice(0, 4)).toEqual([
      ['consent', 'default', denied],
      ['consent', 'update', granted],
      ['js', expect.any(String)],
      ['config', GA_ID, { send_page_view: false }],
    ]);
    // the account id is GA4's user_id from the signup on: configured once, before the sign_up event
    const userConfig = ga.findIndex((c) => c[0] === 'config' && (c[2] as { user_id?: string }).user_id !== undefined);
    expect(ga.filter((c) => c[0] === 'config' && (c[2] as { user_id?: string }).user_id !== undefined)).toEqual([
      ['config', GA_ID, { send_page_view: false, user_id: userId }],
    ]);
    expect(userConfig).toBeLessThan(ga.findIndex((c) => c[1] === 'sign_up'));
    const events = ga.slice(4).filter((c) => c !== ga[userConfig]);
    expect(events.every((c) => c[0] === 'event')).toBe(true);
    const views = events.filter((c) => c[1] === 'page_view').map((c) => c[2] as { page_path: string; page_location: string; page_title: string });
    expect(views).toHaveLength(pages);
    // page_location keeps the query the visitor arrived with; each page view has the title of its own step
    expect(views[0]).toMatchObject({ page_path: '/', page_location: url('/?utm_source=google&utm_campaign=brand&gclid=TeSt-GCLID_1&fbclid=IwAR_TEST') });
    const titleOf = (path: string): string | undefined => views.find((v) => v.page_path === path)?.page_title;
    expect(titleOf('/checkout')).toMatch(new RegExp(`^${en.checkout.title}`));
    expect(titleOf('/signup')).toMatch(new RegExp(`^${en.signup.title}`));
    expect(titleOf(afterStep('/'))).toMatch(new RegExp(`^${text(en, titleKeyOf(afterStep('/'))!)}`));
    const foxItem = { item_id: 'gz-3-month-fox', item_name: 'gz-3-month-fox', price: foxPrice, quantity: 1 };
    expect(events.filter((c) => c[1] !== 'page_view')).toEqual([
      ['event', 'sign_up', { method: 'email', landing_type: 'fullPrice' }],
      [
        'event',
        'view_item_list',
        {
          items: landings.fullPrice.plans.map((p, k) => ({
            item_id: p,
            item_name: p,
            price: plans.plans[p]!.price,
            quantity: 1,
            index: k + 1,
          })),
          item_list_id: 'fullPrice',
          landing_type: 'fullPrice',
        },
      ],
      ['event', 'add_to_cart', { value: foxPrice, currency, items: [foxItem], landing_type: 'fullPrice' }],
      [
        'event',
        'begin_checkout',
        {
          value: foxPrice,
          currency,
          items: [{ item_id: 'gz-3-month-fox', item_name: 'gz-3-month-fox', price: foxPrice, quantity: 1 }],
          landing_type: 'fullPrice',
        },
      ],
      ['event', 'add_payment_info', { value: foxPrice, currency, items: [foxItem], payment_type: 'card', landing_type: 'fullPrice' }],
      [
        'event',
        'purchase',
        {
          transaction_id: subscriptionId,
          value: foxPrice,
          currency,
          items: [{ item_id: 'gz-3-month-fox', item_name: 'gz-3-month-fox', price: foxPrice, quantity: 1 }],
          landing_type: 'fullPrice',
        },
      ],
      // the upsell offer (declined)
      [
        'event',
        'view_item',
        {
          value: plans.upsell.price,
          currency,
          items: [{ item_id: plans.upsell.name, item_name: plans.upsell.name, price: plans.upsell.price, quantity: 1 }],
          landing_type: 'fullPrice',
        },
      ],
    ]);
    expect(tagRequests.filter((u) => u.includes('fbevents.js'))).toHaveLength(1);
    expect(tagRequests.filter((u) => u.includes(`gtag/js?id=${GA_ID}`))).toHaveLength(1);
    await context.close();
  });

  it('Europe: "Reject all" sends nothing to the pixel, GA4 or the collector and writes no visitor cookie; the footer link asks again', async ({ expect }) => {
    const { context, page, tagRequests } = await visit({ timezoneId: 'Europe/Paris' });
    await open(page, '/');
    await banner(page).getByRole('button', { name: en.consent.rejectAll }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    const sessionId = await page.evaluate(() => sessionStorage.getItem('userUuid'));
    expect(sessionId).toBeTruthy();
    await walk(page, { baseUrl: baseUrl(), landingPath: '/', start: entryStep('/'), until: { screen: 'quiz' }, choices: { email: uniqueEmail('refuse') } });
    await page.waitForTimeout(1500); // longer than the collector's batch interval
    expect(tagRequests).toEqual([]);
    expect(await page.evaluate(() => [typeof (window as { fbq?: unknown }).fbq, typeof (window as { dataLayer?: unknown }).dataLayer])).toEqual([
      'undefined',
      'undefined',
    ]);
    expect(await sandboxEvents(sessionId!)).toEqual([]);
    expect(await visitorId(context)).toBe('');

    // the choice is remembered across a reload, and the footer link opens it again
    await page.reload();
    await page.getByRole('button', { name: en.consent.settings }).click();
    await banner(page).waitFor();
    expect(
      await banner(page)
        .getByRole('checkbox', { name: new RegExp(en.consent.analytics) })
        .isChecked(),
    ).toBe(false);
    await banner(page)
      .getByRole('checkbox', { name: new RegExp(en.consent.analytics) })
      .check();
    await banner(page).getByRole('button', { name: en.consent.save }).click();
    await expect.poll(() => visitorId(context)).toBe(sessionId);
    await page.getByRole('button', { name: en.quiz.locate.familyMember }).click();
    await expect.poll(async () => (await sandboxEvents(sessionId!)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    // Segment's consent object on every message says what the visitor allows now: analytics, not marketing
    const consents = (await sandboxEvents(sessionId!)).map((e) => (e.context as { consent?: unknown }).consent);
    expect(consents).toEqual(consents.map(() => segmentConsent({ analytics: true, marketing: false })));
    expect(tagRequests.some((u) => u.includes('gtag/js'))).toBe(true);
    expect(tagRequests.some((u) => u.includes('fbevents'))).toBe(false);
    await context.close();
  });

  it('asks first in EU territories outside the Europe/ zones and on a UTC clock: nothing is sent before the choice', async ({ expect }) => {
    for (const timezoneId of ['Indian/Reunion', 'America/Cayenne', 'Africa/Ceuta', 'UTC']) {
      const { context, page, tagRequests } = await visit({ timezoneId });
      await open(page, '/');
      await banner(page).waitFor({ timeout: 20_000 });
      await continueButton(page).click();
      await page.waitForURL(url(afterStep('/')));
      await page.waitForTimeout(1000); // longer than the collector's batch interval
      expect(tagRequests, timezoneId).toEqual([]);
      expect(await visitorId(context), timezoneId).toBe('');
      const sessionId = await page.evaluate(() => sessionStorage.getItem('userUuid'));
      expect(await sandboxEvents(sessionId!), timezoneId).toEqual([]);
      await context.close();
    }
  });

  it("the host's country (visitor_country cookie) wins over the time zone", async ({ expect }) => {
    const { context, page, tagRequests } = await visit({ timezoneId: 'America/New_York' });
    await context.addCookies([{ name: 'visitor_country', value: 'FR', url: url('/') }]);
    await open(page, '/');
    await banner(page).waitFor({ timeout: 20_000 });
    expect(tagRequests).toEqual([]);
    expect(await visitorId(context)).toBe('');
    await context.close();
  });

  it('Global Privacy Control in California: no Meta Pixel, GA4 with advertising denied, the collector still counts', async ({ expect }) => {
    const { context, page, tagRequests } = await visit({ timezoneId: 'America/Los_Angeles', gpc: true });
    await open(page, '/');
    expect(await banner(page).count()).toBe(0);
    await continueButton(page).click();
    await page.waitForURL(url(afterStep('/')));
    const id = await visitorId(context);
    await expect.poll(async () => (await sandboxEvents(id)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(tagRequests.some((u) => u.includes('fbevents'))).toBe(false);
    expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe('undefined');
    await expect.poll(() => tagRequests.some((u) => u.includes('gtag/js'))).toBe(true);
    const ga = await calls(page, '__gtagCalls');
    expect(ga.find((c) => c[0] === 'consent' && c[1] === 'update')?.[2]).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    await context.close();
  });

  it('with the pixel and gtag scripts blocked, the walk to a purchase is unchanged and the collector still gets it', async ({ expect }) => {
    const { context, page, tagRequests } = await visit({ block: true });
    await open(page, '/');
    expect(await banner(page).count()).toBe(0); // no banner outside the consent region
    await walkToPaywall(page, uniqueEmail('blocked'));
    await buy(expect, page);
    const id = await visitorId(context);
    await expect.poll(async () => (await sandboxEvents(id)).some((e) => e.name === 'Order Completed'), { timeout: 15_000 }).toBe(true);
    expect(tagRequests.length).toBeGreaterThan(0);
    await context.close();
  });
});
