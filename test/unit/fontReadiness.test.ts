import { charactersOf, FONT_WAIT_CAP_MS, loadFonts, type FontLoader } from '../../engine/react/index.ts';

const REQUEST = { family: 'Open Sans Variable', weights: [400, 800] };

/** A document.fonts whose loads settle when the test says so. */
function fakeFonts() {
  const calls: Array<[string, string | undefined]> = [];
  let settle: (ok: boolean) => void = () => {};
  const settled = new Promise<boolean>((resolve) => (settle = resolve));
  const fonts: FontLoader = {
    load: (font: string, text?: string) => {
      calls.push([font, text]);
      return settled.then((ok) => (ok ? [] : Promise.reject(new Error('network'))));
    },
  };
  return { fonts, calls, settle: (ok: boolean) => settle(ok) };
}

describe('font readiness', () => {
  it('collects each character of the texts once, for the unicode ranges the language needs', () => {
    expect(charactersOf({ a: 'Hallo', b: { c: 'Grüße', d: 'Hallo' } })).toBe('HaloGrüße');
    expect([...charactersOf({ a: 'Привет', b: 'Hi' })].sort().join('')).toBe([...'ПриветHi'].sort().join(''));
  });

  it('loads every weight for the texts and resolves true once the faces are in', async () => {
    const { fonts, calls, settle } = fakeFonts();
    const ready = loadFonts(fonts, REQUEST, 'Grüße', 1000, () => undefined);
    expect(calls).toEqual([
      ['400 16px "Open Sans Variable"', 'Grüße'],
      ['800 16px "Open Sans Variable"', 'Grüße'],
    ]);
    settle(true);
    await expect(ready).resolves.toBe(true);
  });

  it('gives up after the cap, so a slow font never holds the funnel for long', async () => {
    vi.useFakeTimers();
    try {
      const { fonts } = fakeFonts(); // never settles
      const ready = loadFonts(fonts, REQUEST, 'Hi');
      await vi.advanceTimersByTimeAsync(FONT_WAIT_CAP_MS - 1);
      let done = false;
      void ready.then(() => (done = true));
      await Promise.resolve();
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(ready).resolves.toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('resolves false, never rejects, when a face fails or there is no font loading API', async () => {
    const { fonts, settle } = fakeFonts();
    const ready = loadFonts(fonts, REQUEST, 'Hi', 1000, () => undefined);
    settle(false);
    await expect(ready).resolves.toBe(false);
    await expect(loadFonts(undefined, REQUEST, 'Hi')).resolves.toBe(false);
  });
});
