import { captureTracking, recordLandingType } from '../../engine/index.ts';
import { createFunnelStore } from '../../engine/index.ts';
import { productSlices } from '../../screens/product/slices.ts';
import { deviceLabel, detectOs, MAX_PARAM_LENGTH, parseQuery, supportsWebp } from '../../engine/index.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const OLD_SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1 Safari/605.1.15';

describe('query capture', () => {
  it('keeps allow-listed utm parameters and drops everything else', () => {
    const q = parseQuery('?utm_source=google&utm_campaign=spring&utm_medium=cpc&token=abc&redirect=https://evil.example');
    expect(q.utm).toEqual({ utm_source: 'google', utm_campaign: 'spring', utm_medium: 'cpc' });
    expect(q.utm_source).toBe('google');
  });

  it('defaults utm_source to organic', () => {
    expect(parseQuery('').utm_source).toBe('organic');
    expect(parseQuery('?utm_campaign=x').utm).toEqual({ utm_campaign: 'x', utm_source: 'organic' });
  });

  it('splits fbclid off the utm values and keeps it only as a click id; a Facebook click marks a Facebook source', () => {
    const q = parseQuery('?fbclid=IwAR123&utm_campaign=summer');
    expect(JSON.stringify(q.utm)).not.toContain('IwAR123');
    expect(q.clickIds).toEqual({ fbclid: 'IwAR123' });
    expect(q.fromFacebook).toBe(true);
    expect(q.utm_source).toBe('facebook');
    const glued = parseQuery('?utm_source=fb&utm_content=ad1?fbclid=IwAR999');
    expect(glued.utm).toEqual({ utm_source: 'fb', utm_content: 'ad1' });
    expect(glued.fromFacebook).toBe(true);
    expect(glued.clickIds).toEqual({ fbclid: 'IwAR999' });
  });

  it("captures Google's and Meta's click ids on arrival within the caps; an over-long or malformed id is dropped, not cut", () => {
    const q = parseQuery('?gclid=Cj0KCQiA_abc-1.2&gbraid=0AAAAA-xyz&wbraid=CjkKCAiA&fbclid=IwAR2&utm_source=google');
    expect(q.clickIds).toEqual({ gclid: 'Cj0KCQiA_abc-1.2', gbraid: '0AAAAA-xyz', wbraid: 'CjkKCAiA', fbclid: 'IwAR2' });
    expect(q.utm).toEqual({ utm_source: 'google' });
    expect(parseQuery(`?gclid=${'a'.repeat(MAX_PARAM_LENGTH + 1)}&wbraid=<script>&gbraid=`).clickIds).toEqual({});
    expect(parseQuery('?utm_source=x').clickIds).toEqual({});
  });

  it("keeps the click ids of the first capture with their time (the creation time of Meta's fbc)", () => {
    const store = createFunnelStore(productSlices);
    const page = { search: '?gclid=G1&fbclid=F1', hostname: 'a', origin: 'https://a', userAgent: ANDROID, appName: 'x', now: 1_700_000_000_000 };
    captureTracking(store, page);
    expect(store.events.clickIds).toEqual({ gclid: 'G1', fbclid: 'F1' });
    expect(store.events.clickAt).toBe(1_700_000_000_000);
  });

  it('caps lengths and strips markup and control characters', () => {
    const q = parseQuery(`?utm_campaign=${'x'.repeat(500)}&utm_term=%3Cscript%3Ealert(1)%3C/script%3E%0A`);
    expect(q.utm.utm_campaign).toHaveLength(MAX_PARAM_LENGTH);
    expect(q.utm.utm_term).toBe('scriptalert(1)/script');
  });

  it('detects the os with version and the device label', () => {
    expect(detectOs(IPHONE)).toBe('iOS 17.4');
    expect(detectOs(ANDROID)).toBe('Android 14');
    expect(detectOs(WINDOWS)).toBe('Windows 10');
    expect(detectOs(OLD_SAFARI)).toBe('macOS 10.15');
    expect(deviceLabel('iOS 17.4')).toBe('iOS');
    expect(deviceLabel('Android 14')).toBe('Android');
    expect(deviceLabel('Windows 10')).toBe('desktop');
  });

  it('turns WebP off only for Safari below 14', () => {
    expect(supportsWebp(OLD_SAFARI)).toBe(false);
    expect(supportsWebp(IPHONE)).toBe(true);
    expect(supportsWebp(ANDROID)).toBe(true);
  });

  it('stores tracking once per visitor; later visits keep the first capture', () => {
    const store = createFunnelStore(productSlices);
    const page = { search: '?utm_source=tiktok', hostname: 'app.example', origin: 'https://app.example', userAgent: ANDROID, appName: 'Family Locator' };
    expect(captureTracking(store, page)).toBe(true);
    expect(store.events).toMatchObject({ utm_source: 'tiktok', app_domain: 'app.example', os: 'Android 14', captured: true });
    expect(store.events.analyticsData).toMatchObject({ app_name: 'Family Locator', AppDomain: 'app.example', OSDevice: 'Android' });
    expect(store.plans.utm).toEqual({ utm_source: 'tiktok' });
    expect(captureTracking(store, { ...page, search: '?utm_source=other' })).toBe(false);
    expect(store.events.utm_source).toBe('tiktok');
  });

  it('records the landing type and the page URL as origin plus variant path', () => {
    const store = createFunnelStore(productSlices);
    recordLandingType(store, 'promo', 'https://app.example', '/promo');
    expect(store.plans.landingType).toBe('promo');
    expect(store.events.analyticsData).toMatchObject({ landing_type: 'promo', page_url: 'https://app.example/promo' });
  });
});
