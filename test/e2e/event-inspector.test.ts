/**
 * The preview's event inspector (/__events) in Chromium: a visitor opens the landing and goes one step
 * further; the inspector then shows each of the visitor's events as one row with a column per
 * destination of flows/destinations.json (preview), each holding what that destination was sent for
 * the event: the Segment message the collector received (same messageId), Meta's fbq call, GA4's gtag
 * call. The ad scripts are stand-ins served by the test (no internet).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, closeBrowser, newVisitor, writtenVisitorId } from './browser.ts';
import destinationsFile from '../../flows/destinations.json';
import en from '../../locales/en.json';
import { afterStep } from './visitor.ts';
import { RELAY_COLUMNS } from '../../scripts/server/sandbox/vendorEndpoints.ts';

afterAll(closeBrowser);

const url = (path: string): string => `${baseUrl()}${path}`;
const destinations = destinationsFile.environments.preview.destinations;
/** The name each destination gives an event of the catalogue (all names when it maps none). */
const nameFor = (id: string, key: string): string | undefined => {
  const d = destinations.find((x) => x.id === id) as { events?: Record<string, string> } | undefined;
  return d?.events ? d.events[key] : key;
};

/** What one row of the inspector shows: the event and, per destination column, the text of its cell. */
async function inspectorRow(page: Page, visitor: string, event: string): Promise<Record<string, string>> {
  await page.getByLabel('Filter').fill(visitor);
  const row = page.locator('#rows tr', { has: page.locator('th.name', { hasText: new RegExp(`^${event}$`) }) });
  // every destination's cell fills in as its calls arrive (the pixel's and GA4's come in small batches)
  await expect.poll(async () => (await row.locator('pre.payload').count()) >= destinations.length, { timeout: 20_000 }).toBe(true);
  const cells = await row
    .locator('td[data-destination]')
    .evaluateAll((tds) => tds.map((td) => [(td as HTMLElement).dataset.destination!, td.textContent ?? '']));
  return Object.fromEntries(cells);
}

describe('/__events', () => {
  it('shows every destination’s payload of each event side by side, after a landing and a step', async () => {
    const { context, page } = await newVisitor();
    const afterLanding = afterStep('/'); // the step the landing leads to, as the flow and the variant say
    // stand-ins for Meta's and Google's scripts: they take over the queues as the real ones would
    await context.route('https://connect.facebook.net/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.fbq.callMethod = function () {};' }),
    );
    await context.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
    await page.goto(url('/?utm_source=google'), { waitUntil: 'load' });
    await page.waitForFunction(() => Object.keys(document.querySelector('h1') ?? {}).some((k) => k.startsWith('__reactFiber')));
    await page.getByRole('button', { name: en.common.continue }).click();
    await page.waitForURL(url(afterLanding));
    const visitor = await writtenVisitorId(context);

    const inspector = await context.newPage();
    await inspector.goto(url('/__events'));
    // a column per destination of the preview environment, in the file's order, then the purchase relay's server-side sends
    await expect
      .poll(() => inspector.locator('#head th').allTextContents())
      .toEqual(['time', 'event', 'visitor', ...[...destinations, ...RELAY_COLUMNS].map((d) => `${d.id} (${d.type})`)]);

    const step = await inspectorRow(inspector, visitor, `page ${afterLanding}`);
    const segment = JSON.parse(step.collector!) as { type: string; name: string; messageId: string; anonymousId: string; sentAt: string };
    expect(segment).toMatchObject({ type: 'page', name: afterLanding, anonymousId: visitor });
    expect(segment.sentAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Meta's call for the same event carries the Segment message's id as its eventID
    const [method, pixelName, , options] = JSON.parse(step.meta!) as [string, string, unknown, { eventID: string }];
    expect([method, pixelName, options.eventID]).toEqual(['track', nameFor('meta', 'page'), segment.messageId]);
    const [gtagCommand, gaName, params] = JSON.parse(step.ga4!) as [string, string, Record<string, unknown>];
    expect([gtagCommand, gaName]).toEqual(['event', nameFor('ga4', 'page')]);
    expect(params).toMatchObject({ page_path: afterLanding });

    // the landing's own page view is a row of its own, with the address's utm_source in GA4's page_location
    const landing = await inspectorRow(inspector, visitor, 'page /');
    expect((JSON.parse(landing.ga4!) as [string, string, { page_location: string }])[2].page_location).toContain('utm_source=google');
    expect(JSON.parse(landing.collector!)).toMatchObject({ type: 'page', name: '/' });
    await context.close();
  });
});
