/**
 * Lighthouse's mobile preset (its default configuration: simulated slow 4G and 4x CPU, a phone
 * screen) on Debian's Chromium, started with chrome-launcher. Works offline: the pages are local.
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

/** Runs of one page before a Lighthouse error (not the page's) ends the benchmark. */
const ATTEMPTS = 3;

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
      let lhr = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))!.lhr;
      // a run whose trace Lighthouse could not read (NO_NAVSTART, NO_FCP now and then on this machine) measured nothing: run again
      for (let attempt = 1; lhr.runtimeError && attempt < ATTEMPTS; attempt++) {
        lhr = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))!.lhr;
      }
      if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
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
