/**
 * `node --import tsx scripts/images.ts`: renders the funnel's background and illustration images from
 * the SVG designs below into PNG and WebP, desktop and mobile (<= 430 px) sizes, in screens/ui/images.
 * The output is committed; run this only after changing a design.
 */
import sharp from 'sharp';
import { join } from 'node:path';

const out = new URL('../screens/ui/images/', import.meta.url).pathname;

function map(w: number, h: number, seed: number, pins: Array<[number, number, string]>): string {
  let roads = '';
  let s = seed;
  const rnd = (): number => ((s = (s * 9301 + 49297) % 233280) / 233280);
  for (let i = 0; i < 14; i++) {
    const x1 = rnd() * w, y1 = rnd() * h, x2 = rnd() * w, y2 = rnd() * h;
    roads += `<path d="M${x1.toFixed(0)} ${y1.toFixed(0)} Q ${(rnd() * w).toFixed(0)} ${(rnd() * h).toFixed(0)} ${x2.toFixed(0)} ${y2.toFixed(0)}" stroke="#ffffff" stroke-opacity="0.16" stroke-width="${(6 + rnd() * 18).toFixed(0)}" fill="none" stroke-linecap="round"/>`;
  }
  let blocks = '';
  for (let i = 0; i < 30; i++) {
    blocks += `<rect x="${(rnd() * w).toFixed(0)}" y="${(rnd() * h).toFixed(0)}" width="${(30 + rnd() * 90).toFixed(0)}" height="${(30 + rnd() * 70).toFixed(0)}" rx="10" fill="#ffffff" fill-opacity="0.05"/>`;
  }
  const marks = pins.map(([px, py, c]) => {
    const x = px * w, y = py * h, r = Math.min(w, h) * 0.05;
    return `<circle cx="${x}" cy="${y}" r="${r * 2.6}" fill="${c}" fill-opacity="0.18"/><circle cx="${x}" cy="${y}" r="${r * 1.5}" fill="${c}" fill-opacity="0.3"/>` +
      `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff"/><circle cx="${x}" cy="${y}" r="${r * 0.72}" fill="${c}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="#00B9A0"/><stop offset="1" stop-color="#00564A"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>${blocks}${roads}${marks}</svg>`;
}

const designs: Record<string, { pins: Array<[number, number, string]>; seed: number }> = {
  welcome: { seed: 7, pins: [[0.22, 0.3, '#FBA253'], [0.7, 0.22, '#02E5B7'], [0.8, 0.7, '#FBA253'], [0.35, 0.78, '#02E5B7']] },
  family: { seed: 21, pins: [[0.3, 0.25, '#FBA253'], [0.62, 0.4, '#FBA253'], [0.45, 0.72, '#02E5B7']] },
  'check-location': { seed: 3, pins: [[0.5, 0.45, '#FBA253']] },
  'place-alerts': { seed: 11, pins: [[0.35, 0.4, '#02E5B7'], [0.68, 0.6, '#FBA253']] },
  'crash-detection': { seed: 17, pins: [[0.55, 0.5, '#FF5A5F']] },
};

/** Background images: 1600x1000 desktop, 430x900 mobile. Illustrations: 640x480 and 430x322. */
const sizes = (name: string): Array<[string, number, number]> =>
  name === 'welcome' || name === 'family' ? [['', 1600, 1000], ['-mobile', 430, 900]] : [['', 640, 480], ['-mobile', 430, 322]];

for (const [name, d] of Object.entries(designs)) {
  for (const [suffix, w, h] of sizes(name)) {
    const svg = Buffer.from(map(w, h, d.seed, d.pins));
    await sharp(svg).png({ compressionLevel: 9, palette: true, quality: 80 }).toFile(join(out, `${name}${suffix}.png`));
    await sharp(svg).webp({ quality: 70 }).toFile(join(out, `${name}${suffix}.webp`));
  }
}
console.log('images written to screens/ui/images');
