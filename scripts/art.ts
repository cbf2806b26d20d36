/**
 * `node --import tsx scripts/art.ts`: writes the screens' SVG illustrations (drawn in
 * scripts/art/scenes.ts) to screens/ui/art. The output is committed; run this after changing a drawing.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkLocation, circleScene, crashDetection, fallDetection, familyScene, placeAlerts } from './art/scenes.ts';

const out = new URL('../screens/ui/art/', import.meta.url).pathname;
const scenes: Record<string, () => string> = {
  'check-location': checkLocation,
  'place-alerts': placeAlerts,
  'crash-detection': crashDetection,
  'fall-detection': fallDetection,
  family: familyScene,
  circle: circleScene,
};
for (const [name, draw] of Object.entries(scenes)) {
  const text = draw();
  await writeFile(join(out, `${name}.svg`), text);
  console.log(`${name}.svg ${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`);
}
