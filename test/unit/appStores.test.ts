import { storeOrder } from '../../screens/download/model.ts';

describe('storeOrder', () => {
  it("puts the visitor's platform first", () => {
    expect(storeOrder('Android 14')).toEqual(['googlePlay', 'appStore']);
    expect(storeOrder('iOS 17.4')).toEqual(['appStore', 'googlePlay']);
    expect(storeOrder('Windows 10')).toEqual(['appStore', 'googlePlay']);
  });
  it('reads the user agent when no os was captured', () => {
    const android = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
    expect(storeOrder('', android)).toEqual(['googlePlay', 'appStore']);
    expect(storeOrder('unknown', android)).toEqual(['googlePlay', 'appStore']);
  });
});
