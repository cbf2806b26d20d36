/**
 * Server-side conversions in the preview (`npm start`): after a card purchase in Chromium, the event
 * inspector shows, on the purchase's row, what the relay sent Meta's Conversions API, GA4's
 * Measurement Protocol and Segment's HTTP API (their stand-ins on the preview server) beside what the
 * browser's pixel, gtag and collector sent, with the same de-duplication ids: Meta's event_id = the
 * pixel's eventID, GA4's transaction_id = the browser's, Segment's messageId = the collector's.
 * The ad scripts are stand-ins served by the test (no internet).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, newVisitor, uniqueEmail, writtenVisitorId } from './browser.ts';
import { countPosts, payButton, typeCard } from './checkoutWalk.ts';
import { walk } from './visitor.ts';
import en from '../../locales/en.json';
import destinationsFile from '../../flows/destinations.json';
import { RELAY_COLUMNS } from '../../scripts/server/sandbox/vendorEndpoints.ts';

afterAll(closeBrowser);

const url = (path: string): string => `${baseUrl()}${path}`;
const browserColumns = destinationsFile.environments.preview.destinations.map((d) => d.id);
const idOf = (type: string): string => destinationsFile.environments.preview.destinations.find((d) => d.type === type)!.id;

describe('server-side conversions', () => {
  it('after a purchase, the inspector shows the relay’s sends with the browser’s de-duplication ids', async () => {
    const { context, page } = await newVisitor();
    await context.route('https://connect.facebook.net/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: 'window.fbq.callMethod = function () {};' }),
    );
    await context.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
    const posts = countPosts(page);
    await walk(page, { baseUrl: baseUrl(), landingPath: '/', until: { screen: 'checkout' }, texts: en, choices: { email: uniqueEmail('relay') } });
    await typeCard(page, '4242424242424242');
    await payButton(page).click();
    await page.getByRole('heading', { name: en.success.title }).waitFor({ timeout: 30_000 });
    const visitor = await writtenVisitorId(context);

    const inspector = await context.newPage();
    await inspector.goto(url('/__events'));
    await inspector.getByLabel('Filter').fill(visitor);
    const row = inspector.locator('#rows tr', { has: inspector.locator('th.name', { hasText: /^track Order Completed$/ }) });
    const columns = [...browserColumns, ...RELAY_COLUMNS.map((c) => c.id)];
    // each cell fills in as its destination's send arrives
    await expect.poll(async () => (await row.locator('td[data-destination] pre.payload').count()) >= columns.length, { timeout: 30_000 }).toBe(true);
    const cells = Object.fromEntries(
      await row.locator('td[data-destination]').evaluateAll((tds) => tds.map((td) => [(td as HTMLElement).dataset.destination!, td.textContent ?? ''])),
    ) as Record<string, string>;

    const collector = JSON.parse(cells[idOf('segment-http')]!) as { messageId: string; properties: { order_id: string; event_id: string } };
    const [, pixelName, , pixelOptions] = JSON.parse(cells[idOf('meta-pixel')]!) as [string, string, unknown, { eventID: string }];
    const [, gaName, gaParams] = JSON.parse(cells[idOf('ga4')]!) as [string, string, { transaction_id: string }];
    expect([pixelName, gaName]).toEqual(['Purchase', 'purchase']);

    const capi = JSON.parse(cells['meta-server']!) as {
      data: Array<{ event_name: string; event_id: string; action_source: string; user_data: { em: string[] } }>;
    };
    expect(capi.data[0]).toMatchObject({ event_name: pixelName, event_id: pixelOptions.eventID, action_source: 'website' });
    expect(capi.data[0]!.user_data.em[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(capi)).not.toContain('access_token');
    const mp = JSON.parse(cells['ga4-server']!) as { events: Array<{ name: string; params: { transaction_id: string } }> };
    expect(mp.events[0]).toMatchObject({ name: gaName, params: { transaction_id: gaParams.transaction_id } });
    const segment = JSON.parse(cells['segment-server']!) as { messageId: string; event: string; properties: { order_id: string } };
    expect(segment).toMatchObject({ messageId: collector.messageId, event: 'Order Completed', properties: { order_id: collector.properties.order_id } });
    // one account and one consent: the relay's Segment message has the collector's userId and categoryPreferences
    const ofMessage = (m: unknown) => m as { userId?: string; context: { consent?: { categoryPreferences: Record<string, boolean> } } };
    expect(ofMessage(collector).userId).toMatch(/\S/);
    expect(ofMessage(collector).context.consent?.categoryPreferences).toBeDefined();
    expect(ofMessage(segment).userId).toBe(ofMessage(collector).userId);
    expect(ofMessage(segment).context.consent).toEqual(ofMessage(collector).context.consent);
    // the subscription call told the backend each destination's decision: every one ran here
    const body = JSON.parse(posts.at(-1)!.body) as { attribution: { consent: { vendors: Record<string, boolean> } } };
    expect(body.attribution.consent.vendors).toEqual(Object.fromEntries(browserColumns.map((id) => [id, true])));
    // and the three ids are the purchase's own: the subscription call's fb_event_id and the subscription id
    expect(collector.messageId).toBe(collector.properties.event_id);
    expect(gaParams.transaction_id).toBe(collector.properties.order_id);
    await context.close();
  });
});
