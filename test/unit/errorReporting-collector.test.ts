/**
 * The Sentry SDK's own transport against the preview server's collector: reports arrive with their
 * tags, and an HTTP 429 stops all sending for 60 seconds (spec section 8).
 */
import { BrowserClient, defaultStackParser, makeFetchTransport, Scope } from '@sentry/browser';
import { resolveDsn, sentryOptions, TRACES_SAMPLE_RATE } from '../../engine/reporting/sentryReporter.ts';
import { previewServerPerFile } from './previewServerHarness.ts';

const preview = previewServerPerFile();

afterEach(() => {
  vi.useRealTimers();
  preview.server.state.errorCollector.rateLimited = false;
});

/** A client built from the funnel's options, with the SDK's fetch transport and no browser integrations. */
function client(): { send: (message: string) => Promise<void> } {
  const location = new URL(preview.server.url);
  const options = sentryOptions({ dsn: '/sandbox/sentry/7', release: 'funnel-engine@test' }, location);
  const { dsn, release, tracesSampleRate } = options;
  const c = new BrowserClient({
    dsn,
    release,
    tracesSampleRate,
    integrations: [],
    transport: makeFetchTransport,
    stackParser: defaultStackParser,
    sendClientReports: false,
  });
  const scope = new Scope();
  scope.setClient(c);
  c.init();
  return {
    send: async (message) => {
      c.captureException(new Error(message), undefined, scope.clone().setTags({ step: 'landing', variant: 'promo', release: 'funnel-engine@test' }));
      await c.flush(5000);
    },
  };
}

const stats = async () => (await (await fetch(`${preview.server.url}/sandbox/sentry/stats`)).json()) as { accepted: number; refused: number };
const reports = async () =>
  (
    (await (await fetch(`${preview.server.url}/sandbox/sentry/events?type=event&limit=500`)).json()) as {
      events: Array<{ project: string; release: string; exception: Array<{ value: string }>; tags: Record<string, string> }>;
    }
  ).events;
const setRateLimited = (rateLimited: boolean) =>
  fetch(`${preview.server.url}/sandbox/sentry/mode`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rateLimited }),
  });

describe("the funnel's Sentry options", () => {
  it('trace a configurable share of page loads (default 1.0, every page load), name the environment, and leave global handlers to the engine capture', () => {
    const options = sentryOptions({ dsn: 'https://key@o1.ingest.sentry.io/42', release: 'r1' }, { protocol: 'https:', host: 'x' });
    expect(options.tracesSampleRate).toBe(1);
    expect(TRACES_SAMPLE_RATE).toBe(1);
    expect(options.environment).toBe('production');
    const preview = sentryOptions({ dsn: '/s/1', release: 'r', environment: 'preview', tracesSampleRate: 0.2 }, { protocol: 'http:', host: 'x' });
    expect([preview.environment, preview.tracesSampleRate]).toEqual(['preview', 0.2]);
    expect(options.dsn).toBe('https://key@o1.ingest.sentry.io/42');
    const names = (options.integrations as (d: Array<{ name: string }>) => Array<{ name: string }>)([
      { name: 'GlobalHandlers' },
      { name: 'BrowserApiErrors' },
      { name: 'Breadcrumbs' },
    ]).map((i) => i.name);
    expect(names).toEqual(['Breadcrumbs', 'BrowserTracing']);
  });

  it('scrub e-mails, tokens and click ids from messages, exceptions, breadcrumbs, addresses and spans', () => {
    const options = sentryOptions({ dsn: 'https://key@o1.ingest.sentry.io/42', release: 'r1' }, { protocol: 'https:', host: 'x' });
    const email = 'ada.lovelace+test@example.com';
    const event = options.beforeSend!(
      {
        message: `Signup failed for ${email}`,
        exception: { values: [{ type: 'Error', value: `E-mail ${email} is taken; Bearer abc.def-123` }] },
        request: { url: `https://f.example/checkout?utm_source=g&gclid=Cj0KQ&fbclid=IwAR1&email=${encodeURIComponent(email)}` },
        breadcrumbs: [{ category: 'console', message: `typed ${email}` }],
        tags: { step: 'signup' },
        type: undefined,
      },
      {},
    ) as unknown as Record<string, unknown>;
    const text = JSON.stringify(event);
    for (const secret of [email, encodeURIComponent(email), 'Cj0KQ', 'IwAR1', 'abc.def-123']) expect(text).not.toContain(secret);
    expect(event).toMatchObject({
      message: 'Signup failed for [redacted]',
      request: { url: 'https://f.example/checkout?utm_source=g&gclid=[redacted]&fbclid=[redacted]&email=[redacted]' },
      tags: { step: 'signup' },
    });
    const crumb = options.beforeBreadcrumb!({ category: 'console', message: `log ${email}`, data: { arguments: [email], url: '/?wbraid=W1' } });
    expect(JSON.stringify(crumb)).not.toMatch(/example\.com|W1/);
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sig';
    const span = options.beforeSendSpan!({ description: `GET /?gbraid=G1&token=${jwt}`, data: { 'url.full': `https://x/?gclid=G2` } } as never) as unknown;
    expect(JSON.stringify(span)).not.toMatch(/G1|G2|eyJ/);
  });

  it('resolve a preview DSN against the page origin', () => {
    expect(resolveDsn('/sandbox/sentry/1', { protocol: 'http:', host: '127.0.0.1:8080' })).toBe('http://preview@127.0.0.1:8080/sandbox/sentry/1');
  });
});

describe('the collector with the SDK transport', () => {
  it('stores a reported error with its tags and release', async () => {
    await client().send('collector stores this');
    const found = (await reports()).find((r) => r.exception[0]?.value === 'collector stores this');
    expect(found).toMatchObject({ project: '7', release: 'funnel-engine@test', tags: { step: 'landing', variant: 'promo', release: 'funnel-engine@test' } });
  });

  it('stops sending for 60 seconds after a 429, then sends again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const sdk = client();
    await setRateLimited(true);
    const before = await stats();
    await sdk.send('refused with 429');
    expect((await stats()).refused).toBe(before.refused + 1);

    await setRateLimited(false);
    await sdk.send('dropped at once');
    vi.setSystemTime(start + 59_000);
    await sdk.send('dropped after 59 s');
    const during = await stats();
    expect(during.accepted).toBe(before.accepted);
    expect(during.refused).toBe(before.refused + 1);

    vi.setSystemTime(start + 61_000);
    await sdk.send('sent after 61 s');
    expect((await stats()).accepted).toBe(before.accepted + 1);
    const values = (await reports()).map((r) => r.exception[0]?.value);
    expect(values).toContain('sent after 61 s');
    expect(values).not.toContain('dropped at once');
    expect(values).not.toContain('dropped after 59 s');
  });

  it('refuses a malformed or oversized envelope with a 4xx', async () => {
    const post = (body: string) => fetch(`${preview.server.url}/sandbox/sentry/api/7/envelope/`, { method: 'POST', body });
    expect((await post('not json\n{}')).status).toBe(400);
    expect((await post(`{}\n{"type":"event","length":99}\n{}`)).status).toBe(400);
    expect((await post(`{}\n{"type":"event"}\n${JSON.stringify({ message: 'x'.repeat(300 * 1024) })}`)).status).toBe(413);
  });
});
