/**
 * Vendor-level consent in Chromium: the funnel built with a TCF CMP in place of the banner (a copy
 * of flows/ whose consent.json says `"cmp": { "type": "tcf" }`), and a stand-in `__tcfapi` installed
 * before the page's scripts (or later, as a slow CMP). For each answer the test checks which
 * destinations load: the tag scripts the page asks for (Meta's and Google's hosts are intercepted)
 * and the batches the site's own collector receives. Expectations come from each destination's
 * `consent` in flows/destinations.json: the GVL vendor (Google), the vendor read from Google's
 * Additional Consent string (Meta) and the site's own collector.
 */
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { build } from '../../build.mjs';
import { startPreviewServer, type PreviewServer } from '../../scripts/server/previewServer.ts';
import { copyFlows, type TempFlows } from '../fixtures/tempFlows.ts';
import { removeBuild } from '../removeBuild.ts';
import { browser, closeBrowser, uniqueEmail, writtenVisitorId } from './browser.ts';
import { countPosts, payButton, typeCard } from './checkoutWalk.ts';
import { afterStep, walk } from './visitor.ts';
import { RELAY_COLUMNS } from '../../scripts/server/sandbox/vendorEndpoints.ts';
import type { TcData } from '../../engine/analytics/runtime.ts';
import type { DestinationConfig } from '../../engine/analytics/index.ts';
import destinationsFile from '../../flows/destinations.json';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';
import en from '../../locales/en.json';

const root = new URL('../../', import.meta.url).pathname;
const DESTINATIONS = destinationsFile.environments.preview.destinations as unknown as DestinationConfig[];
const only = (test: (d: DestinationConfig) => boolean): DestinationConfig => DESTINATIONS.filter(test)[0]!;
const GOOGLE = only((d) => d.consent?.vendor.tcf !== undefined);
const META = only((d) => d.consent?.vendor.googleAc !== undefined);
const COLLECTOR = only((d) => d.consent?.vendor.publisher === true);
const GOOGLE_ID = GOOGLE.consent!.vendor.tcf!;
const META_AC = META.consent!.vendor.googleAc!;
const ALL_PURPOSES = [...new Set(DESTINATIONS.flatMap((d) => d.consent?.purposes ?? []))];
const COLLECT_PATH = new URL(PREVIEW_CONFIG.analyticsUrl, 'http://x').pathname;

/** Tag scripts: Meta's fbevents.js and Google's gtag.js, answered with an empty script. */
const TAG_HOSTS = { meta: 'https://connect.facebook.net/**', google: 'https://www.googletagmanager.com/**' } as const;

let flows: TempFlows;
let outdir = '';
let server: PreviewServer;

beforeAll(async () => {
  flows = copyFlows();
  const consentFile = join(flows.dir, 'consent.json');
  const rules = JSON.parse(readFileSync(consentFile, 'utf8')) as Record<string, unknown>;
  writeFileSync(consentFile, JSON.stringify({ ...rules, cmp: { type: 'tcf' } }, null, 2));
  outdir = join(root, `dist-consent-vendors-${process.pid}`);
  await build({ preview: true, outdir, flowsDir: flows.dir, log: false });
  server = await startPreviewServer({ distDir: outdir, port: 0 });
}, 240_000);

afterAll(async () => {
  await closeBrowser();
  await server?.close();
  removeBuild(outdir);
  flows?.remove();
});

const flags = (ids: readonly number[]): Record<string, boolean> => Object.fromEntries(ids.map((id) => [String(id), true]));

/** A TCF answer where GDPR applies. */
const answer = (o: { purposes: readonly number[]; vendors: readonly number[]; addtlConsent?: string; status?: TcData['eventStatus'] }): TcData => ({
  eventStatus: o.status ?? 'useractioncomplete',
  gdprApplies: true,
  purpose: { consents: flags(o.purposes), legitimateInterests: {} },
  vendor: { consents: flags(o.vendors), legitimateInterests: {} },
  ...(o.addtlConsent === undefined ? {} : { addtlConsent: o.addtlConsent }),
});
const ALL_GRANTED = answer({ purposes: ALL_PURPOSES, vendors: [GOOGLE_ID], addtlConsent: `1~${META_AC}` });
const NOT_YET: TcData = { eventStatus: 'cmpuishown', gdprApplies: true };

/**
 * A stand-in TCF v2.2 CMP: `__tcfapi('addEventListener', 2, cb)` answers at once with the current
 * TC data and again on every `__tcfAnswer(data)`, as a CMP does when the visitor acts.
 */
function installTcfStub(initial: TcData): void {
  const listeners: Array<(data: TcData, success: boolean) => void> = [];
  let current = initial;
  const w = window as unknown as Record<string, unknown>;
  w.__tcfapi = (command: string, _version: number, cb: (data: TcData | undefined, success: boolean) => void) => {
    if (command !== 'addEventListener') return cb(undefined, false);
    listeners.push(cb);
    cb({ ...current, listenerId: listeners.length }, true);
  };
  w.__tcfAnswer = (data: TcData) => {
    current = data;
    listeners.forEach((cb, i) => cb({ ...data, listenerId: i + 1 }, true));
  };
}

interface Visit {
  page: Page;
  /** Which tag hosts the page asked for a script from. */
  tags: Set<keyof typeof TAG_HOSTS>;
  /** The messages the site's collector received. */
  collected: Array<{ type: string; properties?: { path?: string } }>;
  close: () => Promise<void>;
}

async function visit(cmp: { atStart?: TcData }): Promise<Visit> {
  const context = await (await browser()).newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin', viewport: { width: 390, height: 844 } });
  if (cmp.atStart) await context.addInitScript(installTcfStub, cmp.atStart);
  const tags = new Set<keyof typeof TAG_HOSTS>();
  for (const [name, pattern] of Object.entries(TAG_HOSTS) as Array<[keyof typeof TAG_HOSTS, string]>) {
    await context.route(pattern, (route) => {
      tags.add(name);
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* stand-in */' });
    });
  }
  const collected: Visit['collected'] = [];
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === COLLECT_PATH) {
      collected.push(...((request.postDataJSON() as { batch: Visit['collected'] }).batch ?? []));
    }
  });
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  await page.waitForFunction(() => Object.keys(document.querySelector('h1') ?? {}).some((k) => k.startsWith('__reactFiber')));
  return { page, tags, collected, close: () => context.close() };
}

/** From the landing to the next step: one more page view for every destination. */
async function nextStep(page: Page): Promise<string> {
  const next = afterStep('/');
  await page.getByRole('button', { name: en.common.continue }).first().click();
  await page.waitForURL(`${server.url}${next}`);
  return next;
}

const pagesCollected = (v: Visit): string[] => v.collected.filter((m) => m.type === 'page').map((m) => m.properties?.path ?? '');
const gtagConsent = (page: Page): Promise<unknown[][]> =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((a) => Array.from(a)).filter((a) => a[0] === 'consent'),
  );
const hasFbq = (page: Page): Promise<boolean> => page.evaluate(() => 'fbq' in window);

describe('vendor-level consent with a TCF CMP', () => {
  it('purpose refused: a destination whose purposes are not all consented does not load; the others do', async ({ expect }) => {
    const granted = [...new Set([...GOOGLE.consent!.purposes, ...COLLECTOR.consent!.purposes])];
    expect(META.consent!.purposes.some((p) => !granted.includes(p))).toBe(true);
    const v = await visit({ atStart: answer({ purposes: granted, vendors: [GOOGLE_ID], addtlConsent: `2~${META_AC}~dv.` }) });
    const next = await nextStep(v.page);
    await expect.poll(() => v.tags.has('google') && pagesCollected(v).includes(next), { timeout: 20_000 }).toBe(true);
    expect(v.tags.has('meta')).toBe(false);
    expect(await hasFbq(v.page)).toBe(false);
    // Consent Mode: analytics granted, the advertising signals denied (their purposes are refused)
    const update = (await gtagConsent(v.page)).filter((c) => c[1] === 'update').at(-1)?.[2];
    expect(update).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
    await v.close();
  });

  it('vendor refused: every purpose granted but Google refused in vendor.consents and Meta in the AC string; only the collector runs', async ({ expect }) => {
    const v = await visit({ atStart: answer({ purposes: ALL_PURPOSES, vendors: [], addtlConsent: `2~~dv.${META_AC}` }) });
    const next = await nextStep(v.page);
    await expect.poll(() => pagesCollected(v).includes(next), { timeout: 20_000 }).toBe(true);
    expect([...v.tags]).toEqual([]);
    expect(await hasFbq(v.page)).toBe(false);
    expect(await v.page.evaluate(() => 'gtag' in window)).toBe(false);
    await v.close();
  });

  it('no signal for a vendor that is not on the GVL (no AC string, no custom vendor): Meta is refused, Google and the collector run', async ({ expect }) => {
    const v = await visit({ atStart: answer({ purposes: ALL_PURPOSES, vendors: [GOOGLE_ID] }) });
    const next = await nextStep(v.page);
    await expect.poll(() => v.tags.has('google') && pagesCollected(v).includes(next), { timeout: 20_000 }).toBe(true);
    expect(v.tags.has('meta')).toBe(false);
    expect(await hasFbq(v.page)).toBe(false);
    const update = (await gtagConsent(v.page)).filter((c) => c[1] === 'update').at(-1)?.[2];
    expect(update).toMatchObject({ analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' });
    await v.close();
  });

  it('all granted: every destination loads, Meta through its AC provider id', async ({ expect }) => {
    const v = await visit({ atStart: ALL_GRANTED });
    const next = await nextStep(v.page);
    await expect.poll(() => v.tags.has('google') && v.tags.has('meta') && pagesCollected(v).includes(next), { timeout: 20_000 }).toBe(true);
    expect(await hasFbq(v.page)).toBe(true);
    // the banner is not shown: the CMP asks
    expect(await v.page.getByRole('region', { name: en.consent.title }).count()).toBe(0);
    await v.close();
  });

  it('CMP absent: nothing loads and the banner is not shown in its place', async ({ expect }) => {
    const v = await visit({});
    await nextStep(v.page);
    expect(await v.page.evaluate(() => '__tcfapi' in window)).toBe(false);
    expect(await v.page.getByRole('region', { name: en.consent.title }).count()).toBe(0);
    expect([...v.tags]).toEqual([]);
    expect(v.collected).toEqual([]);
    await v.close();
  });

  it('CMP late: a CMP whose script defines __tcfapi after the page has loaded is listened to', async ({ expect }) => {
    const v = await visit({});
    await v.page.evaluate(installTcfStub, ALL_GRANTED);
    await expect.poll(() => v.tags.has('google') && v.tags.has('meta') && pagesCollected(v).includes('/'), { timeout: 20_000 }).toBe(true);
    await v.close();
  });

  it("CMP answers later: nothing loads while its UI is shown; 'useractioncomplete' opens every destination with what was held", async ({ expect }) => {
    const v = await visit({ atStart: NOT_YET });
    const next = await nextStep(v.page);
    expect([...v.tags]).toEqual([]);
    expect(v.collected).toEqual([]);
    await v.page.evaluate((data) => (window as unknown as { __tcfAnswer: (d: TcData) => void }).__tcfAnswer(data), ALL_GRANTED);
    await expect.poll(() => v.tags.has('google') && v.tags.has('meta') && pagesCollected(v).includes(next), { timeout: 20_000 }).toBe(true);
    // the landing's page view, held while the CMP's UI was open, arrives too
    expect(pagesCollected(v)).toContain('/');
    await v.close();
  });

  it("a purchase with Meta's vendor refused but every purpose granted: the subscription call says so, and the relay sends Meta nothing", async ({ expect }) => {
    const context = await (await browser()).newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin', viewport: { width: 390, height: 844 } });
    await context.addInitScript(installTcfStub, answer({ purposes: ALL_PURPOSES, vendors: [GOOGLE_ID] }));
    await context.route(TAG_HOSTS.google, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* stand-in */' }));
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const posts = countPosts(page);
    await walk(page, { baseUrl: server.url, landingPath: '/', until: { screen: 'checkout' }, texts: en, choices: { email: uniqueEmail('tcf-relay') } });
    await typeCard(page, '4242424242424242');
    await payButton(page).click();
    await page.getByRole('heading', { name: en.success.title }).waitFor({ timeout: 30_000 });
    // the marketing purposes are granted, Meta's vendor is not: the browser's decision per destination goes with the purchase
    const { attribution } = JSON.parse(posts.at(-1)!.body) as {
      attribution: { consent: { marketing: boolean; vendors: Record<string, boolean> }; fbp?: string };
    };
    const { consent } = attribution;
    expect(consent.marketing).toBe(true);
    expect(consent.vendors).toMatchObject({ [COLLECTOR.id]: true, [GOOGLE.id]: true, [META.id]: false });
    // nor Meta's browser id: no _fbp cookie written for a refused vendor, none sent
    expect(attribution.fbp).toBeUndefined();
    expect((await context.cookies()).map((c) => c.name)).not.toContain('_fbp');

    // the sandbox's relay: Google's and the collector's server sends on the purchase's row, none for Meta
    const inspector = await context.newPage();
    await inspector.goto(`${server.url}/__events`);
    await inspector.getByLabel('Filter').fill(await writtenVisitorId(context));
    const row = inspector.locator('#rows tr', { has: inspector.locator('th.name', { hasText: /^track Order Completed$/ }) });
    const [metaServer, ga4Server, segmentServer] = RELAY_COLUMNS.map((c) => c.id);
    const filled = (id: string) => row.locator(`td[data-destination="${id}"] pre.payload`).count();
    await expect.poll(async () => (await filled(ga4Server!)) + (await filled(segmentServer!)), { timeout: 30_000 }).toBe(2);
    expect(await filled(metaServer!)).toBe(0);
    await context.close();
  }, 120_000);
});
