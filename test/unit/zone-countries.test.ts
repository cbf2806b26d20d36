import { describe, it, expect } from 'vitest';
import ct from 'countries-and-timezones';
import { visitorCountries } from '../../engine/analytics/index.ts';

describe('the time zone table the browser loads (generated from countries-and-timezones)', () => {
  it('gives every zone the countries the package gives it', async () => {
    const zones = Object.keys(ct.getAllTimezones({ deprecated: true }));
    expect(zones.length).toBeGreaterThan(400);
    for (const zone of zones) expect(await visitorCountries({ cookie: '' }, zone), zone).toEqual(ct.getTimezone(zone)?.countries ?? []);
  });

  it('an unknown zone or a prototype key is no country (the consent rules then ask)', async () => {
    expect(await visitorCountries({ cookie: '' }, 'Mars/Olympus')).toEqual([]);
    expect(await visitorCountries({ cookie: '' }, 'constructor')).toEqual([]);
  });
});
