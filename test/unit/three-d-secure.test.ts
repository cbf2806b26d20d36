import { describe, expect, it } from 'vitest';
import { browserHints, EU_COUNTRIES, isEuCustomer, threeDSecurePolicy } from '../../engine/payments/index.ts';

describe('who is an EU customer', () => {
  it('goes by the card country when the payment method has one, whatever the browser says', () => {
    expect(isEuCustomer({ cardCountry: 'DE', locales: ['en-US'], timeZone: 'America/New_York' })).toBe(true);
    expect(isEuCustomer({ cardCountry: 'fr' })).toBe(true);
    expect(isEuCustomer({ cardCountry: 'US', locales: ['de-DE'], timeZone: 'Europe/Berlin' })).toBe(false);
    expect(isEuCustomer({ cardCountry: 'GB' })).toBe(false);
    expect(isEuCustomer({ cardCountry: 'CH' })).toBe(false);
  });

  it('without a card country, an EU time zone or an EU locale region is enough', () => {
    expect(isEuCustomer({ locales: ['en-US'], timeZone: 'Europe/Madrid' })).toBe(true);
    expect(isEuCustomer({ locales: ['pt-PT'], timeZone: 'UTC' })).toBe(true);
    expect(isEuCustomer({ locales: ['de', 'nl-NL'], timeZone: 'UTC' })).toBe(true);
  });

  it('is not fooled by European time zones outside the EU, nor by a locale without a region', () => {
    for (const timeZone of ['Europe/London', 'Europe/Kyiv', 'Europe/Moscow', 'Europe/Zurich', 'Europe/Oslo', 'Europe/Istanbul']) {
      expect(isEuCustomer({ locales: ['en'], timeZone }), timeZone).toBe(false);
    }
    expect(isEuCustomer({ locales: ['de'] })).toBe(false);
    expect(isEuCustomer({ locales: ['not a locale'] })).toBe(false);
    expect(isEuCustomer({})).toBe(false);
  });

  it('knows the 27 member states', () => {
    expect(EU_COUNTRIES.size).toBe(27);
  });
});

describe('the 3-D Secure policy', () => {
  it('asks only when the settings force it and the visitor is in the EU', () => {
    const us = { locales: ['en-US'], timeZone: 'America/Chicago' };
    expect(threeDSecurePolicy(true, us)({ country: 'IT' })).toBe(true);
    expect(threeDSecurePolicy(true, us)({ country: 'US' })).toBe(false);
    expect(threeDSecurePolicy(true, us)({})).toBe(false);
    expect(threeDSecurePolicy(true, { locales: [], timeZone: 'Europe/Vienna' })({})).toBe(true);
    expect(threeDSecurePolicy(false, { locales: [], timeZone: 'Europe/Vienna' })({ country: 'AT' })).toBe(false);
  });

  it('reads the browser hints', () => {
    const hints = browserHints();
    expect(Array.isArray(hints.locales)).toBe(true);
    expect(hints.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
