/**
 * Releases side by side (scripts/host/releases.ts): publishing copies a build in and makes it current,
 * the hashed assets of recent releases are unioned both ways (old ones stay out), `previous` is the
 * release published before the current one, and a wrong target or folder gets a located message.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HASHED_DIR, KEEP_ASSETS_DAYS } from '../../engine/build/index.ts';
import { CURRENT_LINK, listReleases, publishRelease, releaseDir, RELEASES_DIR, switchRelease } from '../../scripts/host/releases.ts';

const temp = mkdtempSync(join(tmpdir(), 'funnel-releases-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
const DAY = 86_400_000;

function fakeBuild(name: string, version: string, assets: Record<string, number>): string {
  const dir = join(temp, name);
  mkdirSync(join(dir, HASHED_DIR, 'js'), { recursive: true });
  writeFileSync(join(dir, 'app.html'), `<html><head><meta name="flow-version" content="${version}"></head></html>`);
  for (const [file, ageDays] of Object.entries(assets)) {
    writeFileSync(join(dir, HASHED_DIR, 'js', file), file);
    const time = new Date(Date.now() - ageDays * DAY);
    utimesSync(join(dir, HASHED_DIR, 'js', file), time, time);
  }
  return dir;
}

describe('releases behind a current link', () => {
  const root = join(temp, 'srv');
  const asset = (version: string, file: string): boolean => existsSync(join(root, RELEASES_DIR, version, HASHED_DIR, 'js', file));

  it('publishes each build as the current release and unions the recent hashed assets both ways', async () => {
    await publishRelease(fakeBuild('one', 'aaa+1', { 'a-OLD.js': KEEP_ASSETS_DAYS + 1, 'a-1.js': 0 }), root, KEEP_ASSETS_DAYS);
    expect(await publishRelease(fakeBuild('two', 'bbb+2', { 'b-2.js': 0 }), root, KEEP_ASSETS_DAYS)).toBe('bbb+2');
    expect(readlinkSync(join(root, CURRENT_LINK))).toBe(join(RELEASES_DIR, 'bbb+2'));
    expect((await listReleases(root)).map((r) => r.version)).toEqual(['aaa+1', 'bbb+2']);
    expect(asset('bbb+2', 'a-1.js')).toBe(true);
    expect(asset('aaa+1', 'b-2.js')).toBe(true);
    expect(asset('bbb+2', 'a-OLD.js')).toBe(false);
    expect(readFileSync(join(root, RELEASES_DIR, 'bbb+2', 'app.html'), 'utf8')).toContain('bbb+2');
  });

  it('switches to the previous release and back, by name', async () => {
    expect(await switchRelease(root, 'previous')).toBe('aaa+1');
    expect(readlinkSync(join(root, CURRENT_LINK))).toBe(join(RELEASES_DIR, 'aaa+1'));
    await expect(switchRelease(root, 'previous')).rejects.toThrow(/no release before the current one \(aaa\+1\)/);
    expect(await switchRelease(root, 'bbb+2')).toBe('bbb+2');
    expect((await releaseDir(root, 'previous')).dir).toBe(join(root, RELEASES_DIR, 'aaa+1'));
    expect((await releaseDir(root, 'current')).dir).toBe(join(root, RELEASES_DIR, 'bbb+2'));
  });

  it('names what is wrong: an unknown release, a folder that is not a production build', async () => {
    await expect(switchRelease(root, 'zzz')).rejects.toThrow(/no release "zzz" in .*releases\.json; published: aaa\+1, bbb\+2/);
    await expect(publishRelease(join(temp, 'nothing'), root, KEEP_ASSETS_DAYS)).rejects.toThrow(/nothing\/app\.html: no such file/);
  });
});
