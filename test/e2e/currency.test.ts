/**
 * A German visitor in real Chromium: the browser's time zone is Europe/Berlin (the signal the consent
 * rules read, engine/analytics/visitorRegion.ts), so the paywall shows Germany's currency where the
 * catalogue sells it, the pay button says that amount, the subscription call names the currency and the
 * sandbox charges in it. Every expected amount is made from flows/plans.json by the screens' formatter.
 */
import countryToCurrency from 'country-to-currency';
import { afterAll, describe, it } from 'vitest';
import { catalogueIn, chooseCurrency, formattingLocale, getVariant, offeredCurrencies, planPricing } from '../../engine/index.ts';
import { funnelData } from '../../screens/flowData.ts';
import { localeFormat } from '../../screens/ui/priceTexts.ts';
import de from '../../locales/de.json';
import { baseUrl, closeBrowser, newVisitor, uniqueEmail } from './browser.ts';
import { subscriptions, typeCard, url } from './checkoutWalk.ts';
import { entryStep, variantOfPath, walk, type Texts } from './visitor.ts';

afterAll(closeBrowser);

const LANDING = '/';
const LOCALE = 'de-DE';
const variant = getVariant(funnelData.landings, variantOfPath(LANDING))!;
const currency = chooseCurrency({ countries: ['DE'], language: 'de', offered: offeredCurrencies(funnelData.plans), table: countryToCurrency });
const priced = catalogueIn(funnelData.plans, currency);
const money = localeFormat('de', formattingLocale('de', [LOCALE]), false, currency).money;
/** A pattern of an amount in an accessible name (whose no-break spaces read as spaces). */
const amountPattern = (text: string): RegExp => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s'));

describe('a visitor in Germany', () => {
  it('sees the paywall in euros and is charged in euros', async ({ expect }) => {
    const { context, page } = await newVisitor({ locale: LOCALE, timezoneId: 'Europe/Berlin' });
    const email = uniqueEmail('currency');
    const bodies: Array<{ currency?: string }> = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/users/me/subscriptions/polling/'))
        bodies.push(request.postDataJSON() as { currency?: string });
    });
    await page.goto(url(LANDING), { waitUntil: 'load' });
    // Europe asks for consent first: the visitor accepts, as most do
    const banner = page.getByRole('region', { name: de.consent.title });
    await banner.getByRole('button', { name: de.consent.acceptAll }).click();
    await banner.waitFor({ state: 'detached' });
    let paywallText = '';
    await walk(page, {
      baseUrl: baseUrl(),
      landingPath: LANDING,
      start: entryStep(LANDING),
      until: { screen: 'checkout' },
      texts: de as Texts,
      choices: { email },
      timeoutMs: 30_000,
      onStep: async ({ step }) => {
        if (step.screen !== 'paywall') return;
        const plans = page.getByRole('radiogroup');
        await plans.waitFor();
        // the currency is decided once the zone table has loaded: the last plan's price in it shows
        const last = variant.plans.at(-1)!;
        await plans.getByText(money(priced.plans[last]!.price)).first().waitFor();
        paywallText = (await page.locator('main').textContent()) ?? '';
      },
    });
    for (const name of variant.plans) expect(paywallText).toContain(money(priced.plans[name]!.price));
    if (currency !== 'USD') expect(paywallText).not.toContain('$');

    const due = planPricing(priced.plans[variant.defaultPlan]!).dueToday;
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toBe(money(due));
    await typeCard(page, '4242424242424242', de as Texts);
    await page.getByRole('button', { name: amountPattern(money(due)) }).click();
    await page.waitForURL(url('/checkout/success'), { timeout: 30_000 });
    expect(bodies.map((b) => b.currency)).toEqual([currency]);
    expect(await subscriptions(email)).toEqual([expect.objectContaining({ plan: variant.defaultPlan, currency, price_with_discount: due })]);
    await context.close();
  });
});
