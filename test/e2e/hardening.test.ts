/**
 * What a visitor meets when things are off: a browser whose document.cookie throws still gets the
 * funnel (the visitor id lives in storage), and malformed or over-long addresses get a real page.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, closeBrowser, newVisitor, sandboxEvents } from './browser.ts';
import { afterStep, text, titleKeyOf } from './visitor.ts';
import en from '../../locales/en.json';

afterAll(closeBrowser);

const url = (path: string): string => `${baseUrl()}${path}`;

describe('a hostile browser and bad addresses', () => {
  it('walks on when document.cookie throws, keeping the visitor id in local storage', async () => {
    const { context, page } = await newVisitor();
    await context.addInitScript(() => {
      const refuse = () => {
        throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
      };
      Object.defineProperty(Document.prototype, 'cookie', { get: refuse, set: refuse, configurable: true });
    });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(url('/'));
    await page.getByRole('heading', { name: en.landing.title }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('userUuid'))).toMatch(/^[0-9a-f-]{36}$/);
    const id = (await page.evaluate(() => localStorage.getItem('userUuid')))!;
    await page.getByRole('button', { name: en.common.continue }).click();
    await page.waitForURL(url(afterStep('/')));
    await page.getByRole('heading', { name: text(en, titleKeyOf(afterStep('/'))!) }).waitFor();
    await expect.poll(async () => (await sandboxEvents(id)).some((e) => e.kind === 'page')).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows a 400 page for a malformed address', async () => {
    const { context, page } = await newVisitor();
    const response = await page.goto(url('/%'));
    expect(response?.status()).toBe(400);
    await page.getByRole('heading', { name: 'Bad address' }).waitFor();
    await context.close();
  });

  it('opens the landing when its address carries a 20 KB query', async () => {
    const { context, page } = await newVisitor();
    await page.goto(url(`/discount?utm_source=${'x'.repeat(20_000)}`));
    await page.waitForURL(url('/discount'));
    await page.getByRole('heading', { name: en.landing.title }).waitFor();
    await context.close();
  });
});
