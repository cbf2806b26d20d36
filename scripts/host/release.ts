/**
 * `npm run release -- <command> --root <folder>`: the releases a host serves through `<root>/current`
 * (scripts/host/releases.ts; docs/operations.md "Rollback").
 *   publish [--dist dist]          copy a production build in as a release and make it current
 *   list                           the releases, oldest first, the current one marked
 *   switch <version|previous>      point `current` at another release (the rollback, and back)
 *   path <version|previous|current> print a release's folder (for a static host's deploy command)
 * `--reload <command>` runs after publish or switch, e.g. `nginx -s reload`, so nginx reads the
 * release's own host files (its CSP hashes and routes); the pages themselves need no reload.
 * The root comes from --root, else RELEASES_ROOT.
 */
import { execSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { keepAssetsDays } from '../../engine/build/index.ts';
import { currentVersion, listReleases, publishRelease, releaseDir, switchRelease } from './releases.ts';

const USAGE =
  'usage: npm run release -- publish|list|switch <version|previous>|path <version|previous|current> --root <folder> [--dist dist] [--reload <command>]';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { root: { type: 'string' }, dist: { type: 'string', default: 'dist' }, reload: { type: 'string' } },
    allowPositionals: true,
  });
  const [command, target] = positionals;
  const root = values.root ?? process.env.RELEASES_ROOT;
  if (!root) throw new Error(`no releases folder: give --root <folder> or set RELEASES_ROOT\n${USAGE}`);
  const reload = (): void => {
    if (values.reload) execSync(values.reload, { stdio: 'inherit' });
  };
  if (command === 'publish') {
    console.log(`published and current: ${await publishRelease(values.dist, root, keepAssetsDays(process.env))}`);
    reload();
  } else if (command === 'list') {
    const current = currentVersion(root);
    for (const r of await listReleases(root)) console.log(`${r.version === current ? '*' : ' '} ${r.version}  ${r.publishedAt}`);
  } else if (command === 'switch' && target) {
    const from = currentVersion(root) ?? 'none';
    console.log(`current: ${from} -> ${await switchRelease(root, target)}`);
    reload();
  } else if (command === 'path' && target) {
    console.log((await releaseDir(root, target)).dir);
  } else {
    throw new Error(USAGE);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
