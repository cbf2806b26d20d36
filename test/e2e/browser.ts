/**
 * Debian's Chromium driven by playwright-core (DESIGN.md section 9). Each test gets a fresh browser
 * context: its own cookies, storage and language.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../../scripts/chromium.ts';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../../scripts/chromium.ts';

export const hasChromium = (): boolean => existsSync(TEST_CHROMIUM_PATH);

let shared: Browser | undefined;

/** One browser per test file (started on first use). */
export async function browser(): Promise<Browser> {
  shared ??= await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  return shared;
}

export async function closeBrowser(): Promise<void> {
  await shared?.close();
  shared = undefined;
}

/** The preview server's address. */
export const baseUrl = (): string => inject('baseUrl');

export interface VisitorOptions {
  /** The browser language, e.g. 'de-DE' (default en-US). */
  locale?: string;
  width?: number;
  height?: number;
  userAgent?: string;
  /**
   * The browser's IANA time zone, e.g. 'Europe/Berlin' (default America/New_York: a region without a
   * consent banner; a UTC clock, as on most test machines, is treated as needing consent).
   */
  timezoneId?: string;
}

/** A new visitor: fresh context (cookies, storage) and page. */
export async function newVisitor(options: VisitorOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await (
    await browser()
  ).newContext({
    locale: options.locale ?? 'en-US',
    viewport: { width: options.width ?? 390, height: options.height ?? 844 },
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    timezoneId: options.timezoneId ?? 'America/New_York',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export interface SandboxEvent {
  kind: string;
  name: string;
  props: Record<string, unknown>;
  userUuid: string;
  /** The account id, on every message after the visitor signed up. */
  userId?: string;
  /** Segment's context of the message (page, userAgent, locale, timezone, campaign). */
  context?: Record<string, unknown>;
}

/**
 * The analytics events the preview build posted, for one visitor (by userUuid cookie) or all, read page
 * by page; `base`: another preview server than the shared one (a test's own build).
 */
export async function sandboxEvents(userUuid?: string, base: string = baseUrl()): Promise<SandboxEvent[]> {
  // an empty id would read every visitor's events: a test asking too early must fail, not pass on others'
  if (userUuid === '') throw new Error('sandboxEvents: the visitor has no id yet (use writtenVisitorId)');
  const events: SandboxEvent[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const query = new URLSearchParams({ limit: '500', cursor });
    if (userUuid) query.set('userUuid', userUuid);
    const body = (await (await fetch(`${base}/sandbox/events?${query}`)).json()) as { events: SandboxEvent[]; next_cursor: string | null };
    events.push(...body.events);
    cursor = body.next_cursor;
  }
  return events;
}

/** The visitor id cookie of a context ('' while there is none). */
export async function visitorId(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'userUuid');
  return cookie?.value ?? '';
}

/** The visitor id cookie, once the page has written it (it is written after start-up, behind consent). */
export async function writtenVisitorId(context: BrowserContext, timeoutMs = 10_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const id = await visitorId(context);
    if (id) return id;
    if (Date.now() > until) throw new Error(`no userUuid cookie after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A unique e-mail address for a test signup. */
export const uniqueEmail = (tag: string): string => `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
