/** What the report reads from user agents: known bots (isbot) and the device type (bowser). */
import { isbot } from 'isbot';
import { deviceOf } from '../../scripts/report/userAgents.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('user agents', () => {
  it('reads the device type of phones, tablets and desktops, and says unknown without an agent', () => {
    expect([IPHONE, ANDROID, IPAD, WINDOWS, ''].map(deviceOf)).toEqual(['mobile', 'mobile', 'tablet', 'desktop', '(unknown)']);
  });

  it('knows a crawler as a bot and a browser as none', () => {
    expect([GOOGLEBOT, IPHONE, WINDOWS].map((a) => isbot(a))).toEqual([true, false, false]);
  });
});
