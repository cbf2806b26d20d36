/**
 * Before and after screenshots compared pixel by pixel (pixelmatch): the number of changed pixels and
 * an image with them highlighted. Screens of different heights are compared on the taller canvas,
 * the shorter one padded with white, so the added or removed part counts as changed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

function padded(png: PNG, width: number, height: number): Uint8Array {
  if (png.width === width && png.height === height) return png.data;
  const out = new PNG({ width, height, fill: true });
  out.data.fill(255);
  PNG.bitblt(png, out, 0, 0, png.width, png.height, 0, 0);
  return out.data;
}

/** Compares two PNG files; writes the highlighted difference to `diffFile` when there is one. */
export async function comparePngs(beforeFile: string, afterFile: string, diffFile: string): Promise<{ changedPixels: number; width: number; height: number }> {
  const before = PNG.sync.read(await readFile(beforeFile));
  const after = PNG.sync.read(await readFile(afterFile));
  const width = Math.max(before.width, after.width);
  const height = Math.max(before.height, after.height);
  const diff = new PNG({ width, height });
  const changedPixels = pixelmatch(padded(before, width, height), padded(after, width, height), diff.data, width, height, { threshold: 0.1 });
  if (changedPixels > 0) await writeFile(diffFile, PNG.sync.write(diff));
  return { changedPixels, width, height };
}
