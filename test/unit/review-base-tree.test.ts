/**
 * The base of a review is laid out as a tree of its own: the commit's files, the current packages
 * linked in, and the engine workspace resolved inside the base (never the current engine). With no
 * parent commit there is no base, said as such.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { layOutBase, NoBaseError, resolveBase } from '../../scripts/review/baseTree.ts';

const root = realpathSync(new URL('../../', import.meta.url).pathname);
const temp = mkdtempSync(join(tmpdir(), 'funnel-review-base-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the base tree of a review', () => {
  it('holds the commit’s files, the current packages and its own engine', async () => {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dir = join(temp, 'base');
    await layOutBase(root, commit, dir);
    const engineLink = realpathSync(join(dir, 'node_modules/@funnel/engine'));
    expect(engineLink).toBe(realpathSync(join(dir, 'engine')));
    expect(realpathSync(join(dir, 'node_modules/react'))).toBe(realpathSync(join(root, 'node_modules/react')));
    const committed = execFileSync('git', ['show', `${commit}:package.json`], { cwd: root, encoding: 'utf8' });
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(committed);
  });

  it('has no base when the only commit has no parent', () => {
    const repo = join(temp, 'first');
    execFileSync('git', ['init', '-q', '-b', 'main', repo]);
    writeFileSync(join(repo, 'a.txt'), 'a');
    execFileSync('git', ['add', '-A'], { cwd: repo });
    execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'first'], { cwd: repo });
    expect(() => resolveBase(repo, undefined)).toThrow(NoBaseError);
    expect(() => resolveBase(repo, 'no-such-ref')).toThrow(NoBaseError);
  });
});
