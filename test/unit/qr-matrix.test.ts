import { qrMatrix } from '../../screens/download/qrMatrix.ts';

/** The dark modules of a matrix path, as "x,y" strings. */
const dark = (path: string): Set<string> => new Set([...path.matchAll(/M(\d+) (\d+)/g)].map((m) => `${m[1]},${m[2]}`));

describe('qrMatrix', () => {
  const url = 'https://apps.apple.com/app/id1116524238';
  const { size, path } = qrMatrix(url);
  const modules = dark(path);

  it('picks a QR version that fits the link: 4 x version + 17 modules a side', () => {
    expect((size - 17) % 4).toBe(0);
    expect(size).toBeGreaterThanOrEqual(29); // 39 bytes at level M need version 3 or more
  });

  it('draws the three finder patterns: a dark 7 x 7 ring, a light ring, a dark 3 x 3 centre', () => {
    for (const [ox, oy] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as Array<[number, number]>) {
      for (let i = 0; i < 7; i++) {
        expect(modules.has(`${ox + i},${oy}`)).toBe(true);
        expect(modules.has(`${ox + i},${oy + 6}`)).toBe(true);
      }
      expect(modules.has(`${ox + 1},${oy + 1}`)).toBe(false);
      expect(modules.has(`${ox + 3},${oy + 3}`)).toBe(true);
    }
  });

  it('draws the timing patterns between the finders: dark on even modules, light on odd ones', () => {
    for (let i = 8; i < size - 8; i++) {
      expect(modules.has(`${i},6`)).toBe(i % 2 === 0);
      expect(modules.has(`6,${i}`)).toBe(i % 2 === 0);
    }
  });

  it('encodes different links differently and the same link the same way', () => {
    expect(qrMatrix(url).path).toBe(path);
    expect(qrMatrix('https://play.google.com/store/apps/details?id=com.geozilla.family').path).not.toBe(path);
  });
});
