import { readFileSync, readdirSync } from 'node:fs';
import { checkLocation, circleScene, crashDetection, fallDetection, familyScene, placeAlerts } from '../../scripts/art/scenes.ts';

const dir = new URL('../../screens/ui/art/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.svg'));
const read = (name: string): string => readFileSync(new URL(name, dir), 'utf8');

describe('illustrations in screens/ui/art', () => {
  it('are the six scenes', () => {
    expect(files.sort()).toEqual(['check-location.svg', 'circle.svg', 'crash-detection.svg', 'fall-detection.svg', 'family.svg', 'place-alerts.svg']);
  });

  it.each(files)('%s is light, 480 x 400, wordless and self-contained', (name) => {
    const svg = read(name);
    expect(Buffer.byteLength(svg)).toBeLessThan(15 * 1024);
    expect(svg).toContain('viewBox="0 0 480 400"');
    expect(svg).not.toMatch(/<text|<image|<script|href="http/);
  });

  it('are up to date with the drawings in scripts/art/scenes.ts', () => {
    const scenes: Record<string, () => string> = {
      'check-location.svg': checkLocation,
      'place-alerts.svg': placeAlerts,
      'crash-detection.svg': crashDetection,
      'fall-detection.svg': fallDetection,
      'family.svg': familyScene,
      'circle.svg': circleScene,
    };
    for (const [name, draw] of Object.entries(scenes)) expect(read(name), `${name}: run node --import tsx scripts/art.ts`).toBe(draw());
  });

  it('each clip path id is unique within its file', () => {
    for (const name of files) {
      const ids = [...read(name).matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(ids).size, name).toBe(ids.length);
    }
  });
});
