/**
 * The preview server answers bad requests with a 4xx and a body, never a stack trace: malformed
 * and over-long URLs, oversized bodies, over-long fields; the event log is read in pages.
 */
import { send, previewServerPerFile } from './previewServerHarness.ts';

const signupBody = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({ registration_source: 'email', email: `a${Math.random()}@example.com`, name: 'Ann', landing_type: 'fullPrice', ...overrides });

const preview = previewServerPerFile();

afterEach(() => vi.restoreAllMocks());

describe('malformed URLs', () => {
  it.each(['/%', '/%E0%A4%A', '/landing/%zz', '/static/js/%'])('answers %s with a 400 page and logs nothing', async (path) => {
    const logged = vi.spyOn(console, 'error');
    const res = await send(preview.server.url, 'GET', path);
    expect(res.status).toBe(400);
    expect(res.text).toContain('malformed');
    expect(logged).not.toHaveBeenCalled();
  });

  it('answers a malformed sandbox URL with a 400 in JSON', async () => {
    const res = await send(preview.server.url, 'GET', '/sandbox/events%');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).errors.messages[0]).toContain('malformed');
  });

  it('refuses a target that is not a path', async () => {
    expect((await send(preview.server.url, 'GET', '//example.com/x')).status).toBe(400);
  });
});

describe('exact routes, forgiving links', () => {
  it.each([
    ['/Discount', '/discount'],
    ['/discount/', '/discount'],
    ['/DISCOUNT//?utm_source=x&utm_campaign=spring', '/discount?utm_source=x&utm_campaign=spring'],
    ['/Signup/Plans/', '/signup/plans'],
  ])('redirects %s to %s with a 301, the query kept', async (path, location) => {
    const res = await send(preview.server.url, 'GET', path);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(location);
    expect((await send(preview.server.url, 'HEAD', path)).headers.location).toBe(location);
  });

  it('serves an exact route, and an address that is no route, without a redirect', async () => {
    // the test bundle has no pages: what matters is that the static files are asked, not a redirect
    for (const path of ['/discount?utm_source=x', '/', '/discounts/', '/index.html']) {
      const res = await send(preview.server.url, 'GET', path);
      expect(res.status, path).not.toBe(301);
      expect(res.headers.location, path).toBeUndefined();
    }
  });

  it('never redirects a call to the sandbox API', async () => {
    const res = await send(preview.server.url, 'POST', '/Discount/', '{}');
    expect(res.status).toBe(405);
  });
});

describe('over-long URLs', () => {
  it('redirects a page address with a 20 KB query to the path without the query', async () => {
    const res = await send(preview.server.url, 'GET', `/landing?utm_source=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/landing');
    expect(res.text).toContain('<html');
  });

  it('answers a 20 KB path with a 414 page', async () => {
    const res = await send(preview.server.url, 'GET', `/${'p'.repeat(20_000)}`);
    expect(res.status).toBe(414);
    expect(res.text).toContain('too long');
  });

  it('answers a 20 KB sandbox URL with a 414 in JSON', async () => {
    const res = await send(preview.server.url, 'GET', `/sandbox/events?userUuid=${'u'.repeat(20_000)}`);
    expect(res.status).toBe(414);
    expect(JSON.parse(res.text).errors.messages[0]).toContain('longer');
  });

  it('answers a URL beyond the header limit with a 431 that has a body, never an empty one', async () => {
    const res = await send(preview.server.url, 'GET', `/landing?q=${'x'.repeat(100_000)}`);
    expect(res.status).toBe(431);
    expect(res.text).toContain('too long');
  });
});

describe('bodies and fields', () => {
  it('keeps the 16 KiB body limit', async () => {
    const res = await send(preview.server.url, 'POST', '/sandbox/webapi/api/v1/signup', signupBody({ name: 'n'.repeat(17_000) }));
    expect(res.status).toBe(413);
  });

  it.each([
    ['landing_type', 'l'.repeat(10_000)],
    ['name', 'n'.repeat(101)],
    ['email', `${'e'.repeat(250)}@example.com`],
  ])('refuses a signup whose %s is over its limit, naming the field', async (field, value) => {
    const res = await send(preview.server.url, 'POST', '/sandbox/webapi/api/v1/signup', signupBody({ [field]: value }));
    expect(res.status).toBe(422);
    expect(JSON.parse(res.text).errors.info[field]).toMatch(/longer than \d+ characters/);
  });

  it('still signs up a normal visitor', async () => {
    const res = await send(preview.server.url, 'POST', '/sandbox/webapi/api/v1/signup', signupBody());
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).access_token).toMatch(/^[0-9a-f]{48}$/);
  });

  it.each([
    [{ kind: 'track', name: 'x'.repeat(201) }, 'name'],
    [{ kind: 'k'.repeat(17), name: 'x' }, 'kind'],
    [{ kind: 'track', name: 'x', userUuid: 'u'.repeat(65) }, 'userUuid'],
    [{ kind: 'track', name: 'x', props: { text: 'p'.repeat(9000) } }, 'props'],
    [{ kind: 'track', name: 'x', props: [1] }, 'props'],
  ])('refuses an event with an over-long or wrong field (%#)', async (event, field) => {
    const res = await send(preview.server.url, 'POST', '/sandbox/events', JSON.stringify(event));
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).errors.messages[0]).toContain(field);
  });

  it('stores only the known fields of an event', async () => {
    await send(
      preview.server.url,
      'POST',
      '/sandbox/events',
      JSON.stringify({ kind: 'track', name: 'only-known', userUuid: 'v-known', extra: 'x'.repeat(5000) }),
    );
    const { events } = JSON.parse((await send(preview.server.url, 'GET', '/sandbox/events?userUuid=v-known')).text);
    expect(events).toEqual([{ kind: 'track', name: 'only-known', userUuid: 'v-known', props: {}, at: expect.any(Number) }]);
  });
});

describe('event log paging', () => {
  it('reads 250 events of one visitor in pages of 100', async () => {
    for (let i = 0; i < 250; i++) {
      await send(preview.server.url, 'POST', '/sandbox/events', JSON.stringify({ kind: 'track', name: `e${i}`, userUuid: 'v-paged' }));
      if (i % 10 === 0) await send(preview.server.url, 'POST', '/sandbox/events', JSON.stringify({ kind: 'track', name: 'other', userUuid: 'v-other' }));
    }
    const names: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = JSON.parse((await send(preview.server.url, 'GET', `/sandbox/events?userUuid=v-paged&limit=100&cursor=${cursor}`)).text);
      sizes.push(page.events.length);
      names.push(...page.events.map((e: { name: string }) => e.name));
      cursor = page.next_cursor;
    }
    expect(sizes).toEqual([100, 100, 50]);
    expect(names).toEqual(Array.from({ length: 250 }, (_, i) => `e${i}`));
  });

  it('answers a page of 100 by default and refuses a bad limit or cursor', async () => {
    const page = JSON.parse((await send(preview.server.url, 'GET', '/sandbox/events')).text);
    expect(page.events.length).toBeLessThanOrEqual(100);
    expect((await send(preview.server.url, 'GET', '/sandbox/events?limit=5000')).status).toBe(400);
    expect((await send(preview.server.url, 'GET', '/sandbox/events?limit=0')).status).toBe(400);
    expect((await send(preview.server.url, 'GET', '/sandbox/events?cursor=-1')).status).toBe(400);
  });
});
