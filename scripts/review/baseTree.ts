/**
 * The version a review compares against, laid out as a tree of its own: the commit's files
 * (`git archive`, so the repository gains no worktree entry) with the current node_modules linked in
 * package by package, except the workspace packages (the engine), which point into the base's own
 * tree: the base is built with its own engine, never the current one.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { lstat, mkdir, readdir, readlink, rm, symlink } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';

const git = (root: string, args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

const tryGit = (root: string, args: string[]): string | undefined => {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
};

/** Why no base could be found (a first or shallow commit): the caller says so and stops without failing. */
export class NoBaseError extends Error {}

/**
 * The commit to compare with: `ref` when given; else the merge base with main when the current
 * tree differs from it; else the parent of HEAD.
 */
export function resolveBase(root: string, ref: string | undefined): { ref: string; commit: string } {
  if (ref) {
    const commit = tryGit(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    if (!commit) throw new NoBaseError(`--base ${ref}: no such commit in this repository (a shallow clone may lack it: git fetch --deepen=1)`);
    return { ref, commit };
  }
  const head = tryGit(root, ['rev-parse', '--verify', '--quiet', 'HEAD']);
  if (!head) throw new NoBaseError('this repository has no commit yet: nothing to compare with');
  const mainBase = tryGit(root, ['merge-base', 'HEAD', 'main']);
  const dirty = (tryGit(root, ['status', '--porcelain']) ?? '') !== '';
  if (mainBase && (mainBase !== head || dirty)) return { ref: 'the merge base with main', commit: mainBase };
  const parent = tryGit(root, ['rev-parse', '--verify', '--quiet', 'HEAD~1^{commit}']);
  if (!parent) throw new NoBaseError('HEAD has no parent here (a first commit, or a shallow clone): nothing to compare with');
  return { ref: 'the parent commit', commit: parent };
}

/** The files that differ between the commit and the current tree (tracked changes and new files). */
export function changedFiles(root: string, commit: string): string[] {
  const tracked = git(root, ['diff', '--name-only', '--no-renames', commit, '--']).split('\n');
  const untracked = git(root, ['ls-files', '--others', '--exclude-standard']).split('\n');
  return [...new Set([...tracked, ...untracked].filter(Boolean))].sort();
}

/** Links every package of `from` into `to`; a link into the current tree (a workspace) is remade inside `baseRoot`. */
async function linkModules(from: string, to: string, root: string, baseRoot: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from)) {
    const source = join(from, entry);
    const info = await lstat(source);
    if (entry.startsWith('@') && info.isDirectory()) {
      await linkModules(source, join(to, entry), root, baseRoot);
    } else if (info.isSymbolicLink()) {
      const target = resolve(from, await readlink(source));
      const inTree = !relative(root, target).startsWith('..');
      // the engine workspace: the base's own folder of the same name
      await symlink(inTree ? join(baseRoot, relative(root, target)) : target, join(to, entry));
    } else {
      await symlink(source, join(to, entry));
    }
  }
}

/** Extracts `commit` into `dir` and links the current node_modules into it. */
export async function layOutBase(root: string, commit: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const archive = spawnSync('sh', ['-c', `git archive --format=tar "$1" | tar -x -C "$2"`, 'sh', commit, dir], { cwd: root, encoding: 'utf8' });
  if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr}`);
  // a node_modules the commit itself holds (a committed link) is never written through
  await rm(join(dir, 'node_modules'), { recursive: true, force: true });
  await linkModules(join(root, 'node_modules'), join(dir, 'node_modules'), root, dir);
}
