/**
 * The version a build is stamped with: a content hash of what decides what visitors see and what is
 * measured (the flow files, the locale files and the engine's source), plus the commit when it is
 * known (`GIT_COMMIT` of the build's environment, else `git rev-parse` in the project). It goes into
 * every page (`<meta name="flow-version">`), every event's context and every error report, so an
 * analysis can tell the versions apart.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The engine's own folder. */
const ENGINE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every file under a folder, sorted (a missing folder has none). */
function files(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    if (name === 'node_modules') return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** The commit the project is at, shortened; undefined outside a git checkout. */
function commitOf(root: string, env: Record<string, string | undefined>): string | undefined {
  if (env.GIT_COMMIT) return env.GIT_COMMIT.slice(0, 12);
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The build's version: 12 hex digits of the content hash, then `+` and the commit when known.
 * @example flowVersion('/app', ['/app/flows', '/app/locales']) // 'f3a9c2e1b4d0+1a2b3c4d5e6f'
 */
export function flowVersion(root: string, dataDirs: string[], env: Record<string, string | undefined> = process.env): string {
  const hash = createHash('sha256');
  for (const dir of [...dataDirs, ENGINE_DIR]) {
    for (const file of files(dir)) {
      // the path as seen from its folder: the same content hashes the same wherever the project lies
      hash.update(`${relative(dir, file)}\0`);
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  const commit = commitOf(root, env);
  return `${hash.digest('hex').slice(0, 12)}${commit ? `+${commit}` : ''}`;
}
