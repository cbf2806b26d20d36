/**
 * Lighthouse's mobile preset (its default configuration: simulated slow 4G and 4x CPU, a phone
 * screen) on Debian's Chromium, started with chrome-launcher. Works offline: the pages are local.
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

export interface LighthouseSample {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

export interface LighthouseBrowser {
  run: (url: string) => Promise<LighthouseSample>;
  close: () => Promise<void>;
}

export async function startLighthouse(chromePath: string): Promise<LighthouseBrowser> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
    logLevel: 'silent',
  });
  return {
    async run(url) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      const lhr = result!.lhr;
      const value = (id: string): number => lhr.audits[id]?.numericValue ?? NaN;
      return {
        score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        cls: value('cumulative-layout-shift'),
      };
    },
    close: async () => {
      chrome.kill();
    },
  };
}
