/**
 * `node --import tsx scripts/images.ts`: renders the funnel's background and illustration images from
 * the SVG designs below into PNG and WebP, desktop and mobile (<= 430 px) sizes, in screens/ui/images.
 * The output is committed; run this only after changing a design.
 */
import sharp from 'sharp';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { family, welcome } from './art/heroes.ts';

const out = new URL('../screens/ui/images/', import.meta.url).pathname;

/**
 * The drawings: the landing heroes from scripts/art/heroes.ts (composed per size, desktop or mobile),
 * the feature illustrations from the SVG files in screens/ui/art (made by scripts/art.ts).
 */
const art = (name: string) => async (w: number, h: number): Promise<string> =>
  (await readFile(new URL(`../screens/ui/art/${name}.svg`, import.meta.url), 'utf8'))
    .replace(/ width="\d+" height="\d+"/, ` width="${w}" height="${h}" preserveAspectRatio="xMidYMid meet"`);
const designs: Record<string, (w: number, h: number) => string | Promise<string>> = {
  welcome,
  family,
  'check-location': art('check-location'),
  'place-alerts': art('place-alerts'),
  'crash-detection': art('crash-detection'),
};

/** Background images: 1600x1000 desktop, 430x900 mobile. Illustrations: 640x480 and 430x322. */
const sizes = (name: string): Array<[string, number, number]> =>
  name === 'welcome' || name === 'family' ? [['', 1600, 1000], ['-mobile', 430, 900]] : [['', 640, 480], ['-mobile', 430, 322]];

for (const [name, draw] of Object.entries(designs)) {
  for (const [suffix, w, h] of sizes(name)) {
    const svg = Buffer.from(await draw(w, h));
    await sharp(svg).png({ compressionLevel: 9, palette: true, quality: 80 }).toFile(join(out, `${name}${suffix}.png`));
    await sharp(svg).webp({ quality: 70 }).toFile(join(out, `${name}${suffix}.webp`));
  }
}
console.log('images written to screens/ui/images');
