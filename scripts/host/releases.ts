/**
 * Releases side by side for a rollback in one command: each production build is copied into
 * `<root>/releases/<flow-version>/`, and the host serves `<root>/current`, a symlink switched
 * atomically (a new link renamed over the old one), so a request sees the old release or the new one,
 * never a mix. A page open on one release keeps asking for its hashed assets after a switch either
 * way, so publishing unions `static/` both ways: the new release takes the recent assets of the
 * releases before it, and each of them takes the new one's (the same days as KEEP_ASSETS_DAYS).
 */
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { recentAssets, restoreAssets } from '../../engine/build/index.ts';

export const RELEASES_DIR = 'releases';
export const CURRENT_LINK = 'current';
/** The releases in the order they were published (outside the served folders). */
export const RELEASE_LOG = 'releases.json';

export interface Release {
  version: string;
  publishedAt: string;
}

/** The version a build is stamped with (`<meta name="flow-version">` of its app page). */
export function buildVersion(distDir: string): string {
  const page = join(distDir, 'app.html');
  if (!existsSync(page)) throw new Error(`${page}: no such file; is ${distDir} a production build (npm run build)?`);
  const version = /<meta name="flow-version" content="([^"]+)">/.exec(readFileSync(page, 'utf8'))?.[1];
  if (!version) throw new Error(`${page}: no <meta name="flow-version">; build it again with npm run build`);
  // a version is hex digits, `+` and a commit (engine/build/flowVersion.ts): a safe folder name
  if (!/^[0-9a-zA-Z+._-]+$/.test(version)) throw new Error(`${page}: the version "${version}" is not a folder name`);
  return version;
}

/** The published releases, oldest first. */
export async function listReleases(root: string): Promise<Release[]> {
  const file = join(root, RELEASE_LOG);
  const text = await readFile(file, 'utf8').catch(() => '[]');
  try {
    return JSON.parse(text) as Release[];
  } catch (error) {
    throw new Error(`${file}: not valid JSON (${(error as Error).message})`, { cause: error });
  }
}

/** The version `current` points at, if any. */
export function currentVersion(root: string): string | undefined {
  try {
    return basename(readlinkSync(join(root, CURRENT_LINK)));
  } catch {
    return undefined;
  }
}

/** The folder of a release: `current`, `previous` (published just before the current one) or a version. */
export async function releaseDir(root: string, target: string): Promise<{ version: string; dir: string }> {
  const releases = await listReleases(root);
  const versions = releases.map((r) => r.version);
  let version = target;
  if (target === 'current') {
    version = currentVersion(root) ?? '';
    if (!version) throw new Error(`${join(root, CURRENT_LINK)}: no current release; publish one first`);
  } else if (target === 'previous') {
    const at = versions.lastIndexOf(currentVersion(root) ?? '');
    if (at < 1) throw new Error(`no release before the current one (${currentVersion(root) ?? 'none'}) in ${join(root, RELEASE_LOG)}`);
    version = versions[at - 1]!;
  } else if (!versions.includes(target)) {
    throw new Error(`no release "${target}" in ${join(root, RELEASE_LOG)}; published: ${versions.join(', ') || 'none'}`);
  }
  return { version, dir: join(root, RELEASES_DIR, version) };
}

/** Points `current` at a release in one step: a new link renamed over the old one (rename(2) is atomic). */
export async function switchRelease(root: string, target: string): Promise<string> {
  const { version, dir } = await releaseDir(root, target);
  if (!existsSync(dir)) throw new Error(`${dir}: the release's folder is missing`);
  const temp = join(root, `${CURRENT_LINK}.${process.pid}.tmp`);
  await rm(temp, { force: true });
  await symlink(join(RELEASES_DIR, version), temp);
  await rename(temp, join(root, CURRENT_LINK));
  return version;
}

/** Copies a production build into its release folder, unions the hashed assets with the recent releases, and makes it current. */
export async function publishRelease(distDir: string, root: string, days: number, now = Date.now()): Promise<string> {
  const version = buildVersion(distDir);
  const dir = join(root, RELEASES_DIR, version);
  await mkdir(join(root, RELEASES_DIR), { recursive: true });
  // written beside, then renamed into place: a half-copied folder is never a release
  const staging = `${dir}.${process.pid}.tmp`;
  await rm(staging, { recursive: true, force: true });
  await cp(distDir, staging, { recursive: true, preserveTimestamps: true });
  if (existsSync(dir) && currentVersion(root) !== version) await rm(dir, { recursive: true });
  if (!existsSync(dir)) await rename(staging, dir);
  else await rm(staging, { recursive: true }); // the live release republished: same version, same content
  const releases = (await listReleases(root)).filter((r) => r.version !== version);
  const own = await recentAssets(dir, days, now);
  for (const other of releases) {
    const otherDir = join(root, RELEASES_DIR, other.version);
    if (!existsSync(otherDir)) continue;
    await restoreAssets(dir, await recentAssets(otherDir, days, now));
    await restoreAssets(otherDir, own);
  }
  await writeFile(join(root, RELEASE_LOG), `${JSON.stringify([...releases, { version, publishedAt: new Date(now).toISOString() }], null, 2)}\n`);
  await switchRelease(root, version);
  return version;
}
