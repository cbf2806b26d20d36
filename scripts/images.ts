/**
 * `node --import tsx scripts/images.ts`: renders the funnel's background and illustration images into
 * responsive rasters in screens/ui/images: for each art direction (desktop, and mobile art for
 * screens up to 430 px) widths at 1x-3x in AVIF and WebP, plus a PNG fallback, and writes the
 * manifest screens/ui/images/manifest.gen.ts. The output is committed; run this after changing a source.
 *
 * A source is either a file sharp reads (SVG or PNG, cropped to each size) or a function drawing the
 * SVG at a size: swapping a design is one line in SOURCES.
 */
import sharp, { type Sharp } from 'sharp';
import { readdir, rm, writeFile } from 'node:fs/promises';
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


/** A file path (SVG or PNG) or a drawing made at the requested size. */
type Source = string | ((width: number, height: number) => string);

const drawn = (name: keyof typeof designs): Source => (w, h) => map(w, h, designs[name]!.seed, designs[name]!.pins);

const SOURCES: Record<string, Source> = {
  welcome: drawn('welcome'),
  family: drawn('family'),
  'check-location': drawn('check-location'),
  'place-alerts': drawn('place-alerts'),
  'crash-detection': drawn('crash-detection'),
};

/** The art directions: CSS size at 1x, the densities rendered, and the `sizes` the page declares. */
interface Direction { suffix: string; width: number; height: number; densities: number[]; media?: string }
const BACKGROUND: Direction[] = [
  { suffix: '-mobile', width: 430, height: 900, densities: [1, 2, 3], media: '(max-width: 430px)' },
  { suffix: '', width: 1600, height: 1000, densities: [0.5, 1, 1.5] },
];
const ILLUSTRATION: Direction[] = [
  { suffix: '-mobile', width: 430, height: 322, densities: [1, 2, 3], media: '(max-width: 430px)' },
  { suffix: '', width: 640, height: 480, densities: [1, 2, 3] },
];
const directions = (name: string): Direction[] => (name === 'welcome' || name === 'family' ? BACKGROUND : ILLUSTRATION);
const sizesOf = (name: string): string => (name === 'welcome' || name === 'family' ? '100vw' : '(max-width: 430px) 100vw, 640px');

async function render(source: Source, width: number, height: number): Promise<Sharp> {
  const input = typeof source === 'string' ? source : Buffer.from(source(width, height));
  // an SVG file is rasterised at a density high enough for the largest size, then cropped to fit
  return sharp(input, { density: typeof source === 'string' && source.endsWith('.svg') ? 288 : 72 }).resize(width, height, { fit: 'cover' });
}

const ident = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '_');

for (const file of await readdir(out)) if (/\.(png|webp|avif)$/.test(file)) await rm(join(out, file));
const imports: string[] = [];
const entries: string[] = [];
for (const [name, source] of Object.entries(SOURCES)) {
  const sources: string[] = [];
  let fallback = '';
  let size = { width: 0, height: 0 };
  for (const d of directions(name)) {
    const sets: Record<'avif' | 'webp', string[]> = { avif: [], webp: [] };
    for (const density of d.densities) {
      const w = Math.round(d.width * density), h = Math.round(d.height * density);
      const base = `${name}${d.suffix}-${w}w`;
      const image = await render(source, w, h);
      await image.clone().avif({ quality: 50, effort: 4 }).toFile(join(out, `${base}.avif`));
      await image.clone().webp({ quality: 70 }).toFile(join(out, `${base}.webp`));
      for (const ext of ['avif', 'webp'] as const) {
        imports.push(`import ${ident(base)}_${ext} from './${base}.${ext}';`);
        sets[ext].push(`\${${ident(base)}_${ext}} ${w}w`);
      }
    }
    for (const ext of ['avif', 'webp'] as const) {
      sources.push(`{ ${d.media ? `media: '${d.media}', ` : ''}type: 'image/${ext}', srcSet: \`${sets[ext].join(', ')}\` }`);
    }
    if (!d.media) {
      // the PNG fallback (browsers without WebP) at the desktop art's 1x size; its name is the one
      // the flow validator checks (screens/ui/images/<name>.png)
      const base = name;
      await (await render(source, d.width, d.height)).png({ compressionLevel: 9, palette: true, quality: 80 }).toFile(join(out, `${base}.png`));
      imports.push(`import ${ident(base)}_png from './${base}.png';`);
      fallback = `${ident(base)}_png`;
      size = { width: d.width, height: d.height };
    }
  }
  entries.push(`  '${name}': { src: ${fallback}, width: ${size.width}, height: ${size.height}, sizes: '${sizesOf(name)}', preloadType: 'image/avif', sources: [\n    ${sources.join(',\n    ')},\n  ] },`);
}
await writeFile(join(out, 'manifest.gen.ts'), `/** Generated by scripts/images.ts: do not edit. */
import type { ImageSet } from '../images.ts';
${imports.join('\n')}

export const manifest: Record<string, ImageSet> = {
${entries.join('\n')}
};
`);
console.log('images and manifest written to screens/ui/images');
