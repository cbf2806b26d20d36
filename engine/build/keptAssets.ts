/**
 * A deploy must not break the pages already open: a page of the previous build asks for its lazy
 * chunks (the next step's screen, the texts, the payment code) by their hashed names after the new
 * build is live. So a production build keeps the previous build's hashed assets (`static/`) that are
 * at most `days` old beside its own; each keeps its first build's time, so it goes after `days`.
 */
import { copyFile, mkdir, readdir, stat, utimes } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

/** The folder of the hashed assets, relative to the site root. */
export const HASHED_DIR = 'static';

/** How long a previous build's hashed assets are kept, unless KEEP_ASSETS_DAYS says otherwise (0: none). */
export const KEEP_ASSETS_DAYS = 7;

/** A previous build's asset, saved outside the output folder while the new build is written. */
export interface KeptAsset {
  /** Path under the site root, e.g. static/js/PaywallScreen-AB12CD34.js. */
  path: string;
  /** Where it waits while the output folder is rebuilt. */
  saved: string;
  mtime: Date;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Copies the hashed assets of the build in `outdir` that are at most `days` old into `saveDir`. */
export async function saveRecentAssets(outdir: string, saveDir: string, days: number, now = Date.now()): Promise<KeptAsset[]> {
  if (days <= 0) return [];
  const kept: KeptAsset[] = [];
  for (const file of await filesUnder(join(outdir, HASHED_DIR))) {
    const { mtime } = await stat(file);
    if (now - mtime.getTime() > days * 86_400_000) continue;
    const path = relative(outdir, file);
    const saved = join(saveDir, path);
    await mkdir(dirname(saved), { recursive: true });
    await copyFile(file, saved);
    kept.push({ path, saved, mtime });
  }
  return kept;
}

/** Puts the saved assets the new build did not write itself back into `outdir`, with their first build's time. */
export async function restoreAssets(outdir: string, kept: KeptAsset[]): Promise<number> {
  let restored = 0;
  for (const asset of kept) {
    const target = join(outdir, asset.path);
    if (
      await stat(target).then(
        () => true,
        () => false,
      )
    )
      continue;
    await mkdir(dirname(target), { recursive: true });
    await copyFile(asset.saved, target);
    await utimes(target, asset.mtime, asset.mtime);
    restored += 1;
  }
  return restored;
}

/** The number of days from the environment (KEEP_ASSETS_DAYS), else the default. */
export function keepAssetsDays(env: Record<string, string | undefined>): number {
  const days = Number(env.KEEP_ASSETS_DAYS);
  return env.KEEP_ASSETS_DAYS !== undefined && env.KEEP_ASSETS_DAYS !== '' && Number.isFinite(days) && days >= 0 ? days : KEEP_ASSETS_DAYS;
}

/** The hashed assets of the site in `siteDir` that are at most `days` old, as they are (for another site to take). */
export async function recentAssets(siteDir: string, days: number, now = Date.now()): Promise<KeptAsset[]> {
  if (days <= 0) return [];
  const recent: KeptAsset[] = [];
  for (const file of await filesUnder(join(siteDir, HASHED_DIR))) {
    const { mtime } = await stat(file);
    if (now - mtime.getTime() <= days * 86_400_000) recent.push({ path: relative(siteDir, file), saved: file, mtime });
  }
  return recent;
}
