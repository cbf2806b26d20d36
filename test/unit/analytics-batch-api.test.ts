/**
 * The batch destination posts straight to Segment's, RudderStack's or Jitsu's HTTP batch API with a
 * write key from configuration, each as its documentation describes it, and page-hide beacons go as
 * text/plain (a CORS-safelisted type) with the key in the body or the address:
 * - Segment (HTTP Tracking API): POST https://api.segment.io/v1/batch, `Authorization: Basic
 *   base64("<writeKey>:")`, `Content-Type: application/json`, body `{ batch: [...] }`; the key may be
 *   the body's `writeKey` instead (what analytics.js sends without headers).
 * - RudderStack (HTTP API): POST <data plane>/v1/batch, Basic authentication with the write key as the
 *   user name and an empty password; beacons to <data plane>/beacon/v1/batch?writeKey=<key>.
 * - Jitsu: POST <host>/api/s/s2s/batch (or its Segment-compatible /v1/batch) with `X-Write-Key`; the
 *   key may be the `writeKey` query parameter instead.
 */
import { describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '../../engine/index.ts';
import { createBatchSink, type BatchEnv, type BatchSettings } from '../../engine/analytics/batchSink.ts';
import { segmentDestination } from '../../engine/analytics/runtime.ts';

const event: AnalyticsEvent = {
  kind: 'track',
  name: 'Order Completed',
  props: { order_id: 's1', revenue: 9.99, currency: 'USD' },
  userUuid: 'v',
  userId: 'u1',
  at: 0,
};

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
  type?: string;
}

/** Sends one event by fetch and one by beacon through a sink with these settings; returns both requests. */
async function requests(settings: BatchSettings): Promise<{ fetched: Sent; beaconed: Sent }> {
  let fetched: Sent | undefined;
  let beaconed: Promise<Sent> | undefined;
  let hide = (): void => {};
  const env: BatchEnv = {
    fetch: (async (url: string, init: RequestInit) => {
      fetched = { url, headers: init.headers as Record<string, string>, body: JSON.parse(init.body as string) };
      return { ok: true, status: 200 } as Response;
    }) as typeof fetch,
    sendBeacon: (url, blob) => {
      beaconed = blob.text().then((t) => ({ url, headers: {}, body: JSON.parse(t), type: blob.type }));
      return true;
    },
    setTimeout: () => undefined,
    now: () => 0,
    onHide: (fn) => (hide = fn),
  };
  const sink = createBatchSink({ flushAt: 1, ...settings }, env);
  sink.send(event);
  await new Promise((r) => setTimeout(r, 0));
  const beaconSink = createBatchSink({ flushIntervalMs: 60_000, ...settings }, env);
  beaconSink.send(event);
  hide();
  return { fetched: fetched!, beaconed: await beaconed! };
}

const basic = (key: string): string => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

describe('HTTP batch APIs with a write key', () => {
  it("Segment: Basic authentication with the write key as user name, JSON body { batch }; beacons as text/plain with the body's writeKey", async () => {
    const { fetched, beaconed } = await requests({ url: 'https://api.segment.io/v1/batch', writeKey: 'SEGKEY', api: 'segment' });
    expect(fetched.url).toBe('https://api.segment.io/v1/batch');
    expect(fetched.headers).toEqual({ 'content-type': 'application/json', authorization: basic('SEGKEY') });
    expect(fetched.headers.authorization).toBe('Basic U0VHS0VZOg==');
    expect(fetched.body.batch).toEqual([
      expect.objectContaining({ type: 'track', event: 'Order Completed', userId: 'u1', anonymousId: 'v', messageId: expect.any(String) }),
    ]);
    expect(fetched.body).not.toHaveProperty('writeKey');
    expect(beaconed).toMatchObject({
      url: 'https://api.segment.io/v1/batch',
      type: 'text/plain',
      body: { writeKey: 'SEGKEY', batch: [expect.objectContaining({ event: 'Order Completed' })] },
    });
  });

  it('RudderStack: Basic authentication (write key, empty password) on /v1/batch; beacons to /beacon/v1/batch?writeKey=', async () => {
    const { fetched, beaconed } = await requests({
      url: 'https://acme.dataplane.rudderstack.com/v1/batch',
      writeKey: '1Xk5DChfJAol3xtW7qNnK1a5p',
      api: 'rudderstack',
    });
    // RudderStack's documented example key; its page encodes the empty password as the two characters "", the standard form is key and colon
    expect(fetched.headers.authorization).toBe('Basic MVhrNURDaGZKQW9sM3h0VzdxTm5LMWE1cDo=');
    expect(fetched.headers['content-type']).toBe('application/json');
    expect(fetched.body).toEqual({ batch: [expect.objectContaining({ event: 'Order Completed' })], sentAt: '1970-01-01T00:00:00.000Z' });
    expect(beaconed.url).toBe('https://acme.dataplane.rudderstack.com/beacon/v1/batch?writeKey=1Xk5DChfJAol3xtW7qNnK1a5p');
    expect(beaconed.type).toBe('text/plain');
    expect(beaconed.body).not.toHaveProperty('writeKey');
  });

  it('Jitsu: the X-Write-Key header; beacons with the writeKey query parameter', async () => {
    const { fetched, beaconed } = await requests({ url: 'https://data.example.com/api/s/s2s/batch', writeKey: 'kid:secret', api: 'jitsu' });
    expect(fetched.headers).toEqual({ 'content-type': 'application/json', 'x-write-key': 'kid:secret' });
    expect(fetched.headers).not.toHaveProperty('authorization');
    expect(beaconed.url).toBe('https://data.example.com/api/s/s2s/batch?writeKey=kid%3Asecret');
    expect(beaconed.type).toBe('text/plain');
  });

  it('without a key (a forwarding proxy, the preview collector) both go as text/plain: no CORS preflight to another origin', async () => {
    const { fetched, beaconed } = await requests({ url: 'https://collect.example.net/v1/batch' });
    expect(fetched.headers).toEqual({ 'content-type': 'text/plain' });
    expect(beaconed).toMatchObject({ url: 'https://collect.example.net/v1/batch', type: 'text/plain' });
    expect(beaconed.body).not.toHaveProperty('writeKey');
  });

  it('the destination type checks the key settings', () => {
    expect(segmentDestination.validate({ url: '/c', writeKey: 'k', api: 'segment' })).toEqual([]);
    expect(segmentDestination.validate({ url: '/c', writeKey: '', api: '' })).toEqual([]); // unset build variables: no key
    expect(segmentDestination.validate({ url: '/c', writeKey: 'k' })).toEqual(['settings.api must say whose batch API takes the write key']);
    expect(segmentDestination.validate({ url: '/c', api: 'mixpanel' })).toEqual(['settings.api must be one of segment, rudderstack, jitsu']);
  });
});
