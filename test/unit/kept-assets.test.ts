/**
 * A production build keeps the previous build's hashed assets that are at most KEEP_ASSETS_DAYS old,
 * so a page opened before a deploy still loads its lazy chunks after it; older ones go, the new
 * build's own files win, and a kept file keeps its first build's time (so it goes in its turn).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HASHED_DIR, KEEP_ASSETS_DAYS, keepAssetsDays, restoreAssets, saveRecentAssets } from '../../engine/build/index.ts';

const temp = mkdtempSync(join(tmpdir(), 'funnel-kept-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const DAY = 86_400_000;

function write(dir: string, path: string, text: string, ageDays = 0): void {
  const file = join(dir, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  const time = new Date(Date.now() - ageDays * DAY);
  utimesSync(file, time, time);
}

describe('the previous build’s hashed assets', () => {
  it('stay beside the new build while recent, with their first build’s time; older ones and other files go', async () => {
    const outdir = join(temp, 'dist');
    write(outdir, `${HASHED_DIR}/js/Next-OLD1.js`, 'previous chunk', 1);
    write(outdir, `${HASHED_DIR}/js/Ancient-OLD0.js`, 'too old', KEEP_ASSETS_DAYS + 1);
    write(outdir, `${HASHED_DIR}/js/main-SAME.js`, 'previous main');
    write(outdir, 'index.html', 'previous page');
    const kept = await saveRecentAssets(outdir, join(temp, 'saved'), KEEP_ASSETS_DAYS);
    const before = statSync(join(outdir, `${HASHED_DIR}/js/Next-OLD1.js`)).mtime.getTime();

    rmSync(outdir, { recursive: true });
    write(outdir, `${HASHED_DIR}/js/main-SAME.js`, 'new main');
    write(outdir, 'index.html', 'new page');
    expect(await restoreAssets(outdir, kept)).toBe(1);

    expect(readFileSync(join(outdir, `${HASHED_DIR}/js/Next-OLD1.js`), 'utf8')).toBe('previous chunk');
    expect(statSync(join(outdir, `${HASHED_DIR}/js/Next-OLD1.js`)).mtime.getTime()).toBe(before);
    expect(existsSync(join(outdir, `${HASHED_DIR}/js/Ancient-OLD0.js`))).toBe(false);
    expect(readFileSync(join(outdir, `${HASHED_DIR}/js/main-SAME.js`), 'utf8')).toBe('new main');
    expect(readFileSync(join(outdir, 'index.html'), 'utf8')).toBe('new page');
  });

  it('are not kept with KEEP_ASSETS_DAYS=0, nor without a previous build', async () => {
    expect(keepAssetsDays({ KEEP_ASSETS_DAYS: '0' })).toBe(0);
    expect(keepAssetsDays({})).toBe(KEEP_ASSETS_DAYS);
    expect(keepAssetsDays({ KEEP_ASSETS_DAYS: 'soon' })).toBe(KEEP_ASSETS_DAYS);
    const outdir = join(temp, 'zero');
    write(outdir, `${HASHED_DIR}/js/a.js`, 'a');
    expect(await saveRecentAssets(outdir, join(temp, 'saved0'), 0)).toEqual([]);
    expect(await saveRecentAssets(join(temp, 'none'), join(temp, 'saved1'), 7)).toEqual([]);
  });
});
