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
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { family, welcome } from './art/heroes.ts';

const out = new URL('../screens/ui/images/', import.meta.url).pathname;

/**
 * The drawings: the landing heroes from scripts/art/heroes.ts (composed per size, desktop or mobile),
 * the feature illustrations from the SVG files in screens/ui/art (made by scripts/art.ts).
 */
const art =
  (name: string) =>
  async (w: number, h: number): Promise<string> =>
    (await readFile(new URL(`../screens/ui/art/${name}.svg`, import.meta.url), 'utf8')).replace(
      / width="\d+" height="\d+"/,
      ` width="${w}" height="${h}" preserveAspectRatio="xMidYMid meet"`,
    );
const designs: Record<string, (w: number, h: number) => string | Promise<string>> = {
  welcome,
  family,
  'check-location': art('check-location'),
  'place-alerts': art('place-alerts'),
  'crash-detection': art('crash-detection'),
};

/** A file path (SVG or PNG) or a drawing made at the requested size. */
type Source = string | ((width: number, height: number) => string | Promise<string>);

const SOURCES: Record<string, Source> = designs;

/** The art directions: CSS size at 1x, the densities rendered, and the `sizes` the page declares. */
interface Direction {
  suffix: string;
  width: number;
  height: number;
  densities: number[];
  media?: string;
}
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
  const input = typeof source === 'string' ? source : Buffer.from(await source(width, height));
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
      const w = Math.round(d.width * density),
        h = Math.round(d.height * density);
      const base = `${name}${d.suffix}-${w}w`;
      const image = await render(source, w, h);
      await image
        .clone()
        .avif({ quality: 50, effort: 4 })
        .toFile(join(out, `${base}.avif`));
      await image
        .clone()
        .webp({ quality: 70 })
        .toFile(join(out, `${base}.webp`));
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
  entries.push(
    `  '${name}': { src: ${fallback}, width: ${size.width}, height: ${size.height}, sizes: '${sizesOf(name)}', preloadType: 'image/avif', sources: [\n    ${sources.join(',\n    ')},\n  ] },`,
  );
}
await writeFile(
  join(out, 'manifest.gen.ts'),
  `/** Generated by scripts/images.ts: do not edit. */
import type { ImageSet } from '../images.ts';
${imports.join('\n')}

export const manifest: Record<string, ImageSet> = {
${entries.join('\n')}
};
`,
);
console.log('images and manifest written to screens/ui/images');
