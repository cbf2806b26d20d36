/**
 * The product's HTTP clients (screens/backend/http.ts) send a call within the tap that makes it: no
 * XSRF cookie is read first. Reading one goes through the Cookie Store in Chromium, which is
 * asynchronous, and held a same-origin call (the preview's sandbox) back past the tap's frame.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClients } from '../../screens/backend/http.ts';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';

/** An XMLHttpRequest that records what is sent and never answers. */
class RecordingXhr {
  static sent: Array<{ url: string; headers: Record<string, string> }> = [];
  url = '';
  headers: Record<string, string> = {};
  readyState = 0;
  open(_method: string, url: string): void {
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }
  send(): void {
    RecordingXhr.sent.push({ url: this.url, headers: this.headers });
  }
  abort(): void {}
  addEventListener(): void {}
  getAllResponseHeaders(): string {
    return '';
  }
  upload = { addEventListener(): void {} };
}

afterEach(() => {
  vi.unstubAllGlobals();
  RecordingXhr.sent = [];
  document.cookie = 'XSRF-TOKEN=; max-age=0';
});

describe('a call of the HTTP clients', () => {
  it('leaves at once, same-origin, with an XSRF cookie and a Cookie Store that takes its time', () => {
    vi.stubGlobal('XMLHttpRequest', RecordingXhr);
    // a Cookie Store that never answers: a client that waited for it would never send
    vi.stubGlobal('cookieStore', { get: () => new Promise(() => {}) });
    document.cookie = 'XSRF-TOKEN=secret';
    const http = createHttpClients(PREVIEW_CONFIG, () => 'tok-1');
    void http.webapi.post('/signup', { email: 'anna@example.com' }).catch(() => {});
    void http.portal.get('/users/me/payments-settings').catch(() => {});
    // sent in the same task, before any await
    expect(RecordingXhr.sent.map((r) => r.url)).toEqual(['/sandbox/webapi/api/v1/signup', '/sandbox/portal/api/v1/users/me/payments-settings']);
    expect(RecordingXhr.sent[1]!.headers.authorization).toBe('Bearer tok-1');
    expect(RecordingXhr.sent.some((r) => 'x-xsrf-token' in r.headers)).toBe(false);
  });

  it('has the Cookie Store created as the clients are set up, not by the first call (a tap)', () => {
    vi.stubGlobal('XMLHttpRequest', RecordingXhr);
    const reads: string[] = [];
    const store = { get: () => new Promise(() => {}) };
    Object.defineProperty(window, 'cookieStore', { configurable: true, get: () => (reads.push('read'), store) });
    try {
      const http = createHttpClients(PREVIEW_CONFIG, () => '');
      expect(reads.length).toBe(1);
      void http.webapi.post('/signup', { email: 'anna@example.com' }).catch(() => {});
      expect(RecordingXhr.sent).toHaveLength(1);
    } finally {
      Reflect.deleteProperty(window, 'cookieStore');
    }
  });
});
