/**
 * `node --import tsx scripts/icons.ts`: renders the app icon (screens/ui/icons/icon.svg) into the
 * favicon (ICO with 16, 32 and 48 px PNGs), the apple-touch-icon and the web manifest's icons, in
 * screens/ui/icons. The output is committed; run this only after changing the icon.
 */
import sharp from 'sharp';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const dir = new URL('../screens/ui/icons/', import.meta.url).pathname;
const svg = await readFile(join(dir, 'icon.svg'));

/** The icon at a size; `bleed` fills the square (Apple and maskable icons get their corners cut by the OS). */
async function png(size: number, bleed = false): Promise<Buffer> {
  const source = bleed ? Buffer.from(svg.toString().replace('rx="15"', 'rx="0"')) : svg;
  return sharp(source, { density: Math.max(72, (72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An ICO file holding PNG images (supported by every browser since IE Vista-era). */
function ico(images: Array<{ size: number; data: Buffer }>): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0);
    e.writeUInt8(size >= 256 ? 0 : size, 1);
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

const small = await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(size) })));
await writeFile(join(dir, 'favicon.ico'), ico(small));
await writeFile(join(dir, 'apple-touch-icon.png'), await png(180, true));
await writeFile(join(dir, 'icon-192.png'), await png(192));
await writeFile(join(dir, 'icon-512.png'), await png(512));
await writeFile(join(dir, 'icon-maskable-512.png'), await png(512, true));
console.log('icons written to screens/ui/icons');
