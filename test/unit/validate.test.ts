/**
 * The flow validator against the fixtures of test/fixtures/flows: every valid case passes, every
 * invalid case reports exactly the issues of its expected.json, and the CLI prints and exits 1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatGithubAnnotation, formatIssue, validateProject, type ValidationIssue } from '../../engine/validate/index.ts';
import { parseJson } from '../../engine/validate/jsonParse.ts';
import { closest, levenshtein } from '../../engine/validate/suggest.ts';
import { parseRegistry } from '../../engine/validate/registryCheck.ts';
import { hasKey } from '../../engine/validate/i18nCheck.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(root, 'test/fixtures/flows');
const caseNames = (kind: 'valid' | 'invalid'): string[] => readdirSync(join(fixtures, kind)).sort();

interface Expected {
  mistake: string;
  issues: Array<{ file: string; line: number; col: number; pointer: string; code: string; message: string }>;
}

/** A case uses its own locales/ and registry.ts.txt when it has them, else the shared ones. */
function optionsFor(dir: string): { root: string; flowsDir: string; localesDir: string; registryFile: string } {
  const own = (name: string): string | undefined => (existsSync(join(dir, name)) ? join(dir, name) : undefined);
  return {
    root,
    flowsDir: dir,
    localesDir: own('locales') ?? join(fixtures, 'locales'),
    registryFile: own('registry.ts.txt') ?? join(fixtures, 'registry.ts.txt'),
  };
}

/** Issue files inside the case directory are compared relative to it ("landings.json"). */
function shortFile(issue: ValidationIssue, dir: string): string {
  const inCase = relative(dir, join(root, issue.file));
  return inCase.startsWith('..') ? issue.file : inCase.split('\\').join('/');
}

/** Runs the validator over one fixture case. */
async function run(kind: 'valid' | 'invalid', name: string): Promise<ValidationIssue[]> {
  return (await validateProject(optionsFor(join(fixtures, kind, name)))).issues;
}

const ALL_CODES = [
  'json-syntax', 'unknown-screen', 'unknown-property', 'missing-property', 'invalid-value', 'invalid-type', 'invalid-format',
  'unknown-next', 'unmapped-outcome', 'unknown-outcome', 'unreachable-step', 'duplicate-path', 'unknown-plan',
  'default-plan-not-offered', 'unknown-flow', 'unknown-override-step', 'invalid-override-props', 'missing-translation',
  'missing-locale', 'unregistered-screen', 'entry-has-path', 'next-to-entry', 'missing-path', 'unknown-image',
];

describe('valid fixtures', () => {
  it.each(caseNames('valid'))('%s has no issues', async (name) => {
    expect((await run('valid', name)).map(formatIssue)).toEqual([]);
  });
});

describe('invalid fixtures', () => {
  const names = caseNames('invalid');

  it('has at least 25 cases that together cover every issue code', () => {
    expect(names.length).toBeGreaterThanOrEqual(25);
    const codes = new Set(names.flatMap((n) => (JSON.parse(readFileSync(join(fixtures, 'invalid', n, 'expected.json'), 'utf8')) as Expected).issues.map((i) => i.code)));
    expect(ALL_CODES.filter((c) => !codes.has(c))).toEqual([]);
  });

  it.each(names)('%s reports exactly its expected issues', async (name) => {
    const dir = join(fixtures, 'invalid', name);
    const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Expected;
    const issues = await run('invalid', name);
    const located = issues.map((i) => ({ file: shortFile(i, dir), line: i.line, col: i.col, pointer: i.pointer, code: i.code }));
    expect(located, issues.map(formatIssue).join('\n')).toEqual(expected.issues.map(({ message: _, ...where }) => where));
    issues.forEach((issue, k) => expect(issue.message).toContain(expected.issues[k]!.message));
  });
});

describe('the real flows', () => {
  // fails while other screens are still being written: a registry line or component may be missing then
  it('pass validation (flows/, locales/, screens/registry.ts)', async () => {
    const { issues, files } = await validateProject({ root });
    expect(issues.map(formatIssue)).toEqual([]);
    expect(files).toContain('flows/landings.json');
  });
});

describe('formatting', () => {
  const dir = 'test/fixtures/flows/invalid/unknown-plan';

  it('formatIssue prints file:line:col, pointer, code, message and hint on one line', async () => {
    const [issue] = await run('invalid', 'unknown-plan');
    expect(formatIssue(issue!)).toBe(
      `${dir}/landings.json:13:39 /optionsy/plans/1 [unknown-plan] "gz-1-month-tigr" is not in ${dir}/plans.json; did you mean "gz-1-month-tiger"?`,
    );
  });

  it('formatGithubAnnotation prints an ::error workflow command with escaped properties', async () => {
    const [issue] = await run('invalid', 'unknown-plan');
    expect(formatGithubAnnotation(issue!)).toBe(
      `::error file=${dir}/landings.json,line=13,col=39,title=[unknown-plan]::/optionsy/plans/1 "gz-1-month-tigr" is not in ${dir}/plans.json; did you mean "gz-1-month-tiger"?`,
    );
    const odd = { file: 'a,b:c.json', line: 1, col: 2, pointer: '', code: 'x', message: '50% done\nnext line' };
    expect(formatGithubAnnotation(odd)).toBe('::error file=a%2Cb%3Ac.json,line=1,col=2,title=[x]::(root) 50%25 done%0Anext line');
  });
});

// each case starts a Node process with tsx: seconds on a loaded machine
describe('npm run validate (scripts/validate.ts)', { timeout: 30_000 }, () => {
  const cli = (dir: string, env: Record<string, string | undefined> = {}) => {
    const o = optionsFor(join(fixtures, dir));
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/validate.ts', o.flowsDir, `--locales=${o.localesDir}`, `--registry=${o.registryFile}`], {
      cwd: root, encoding: 'utf8', env: { ...process.env, GITHUB_ACTIONS: undefined, ...env },
    });
    return { status: result.status, out: result.stdout + result.stderr, stdout: result.stdout };
  };

  it('exits 1 and prints file:line:col for an invalid flow directory', () => {
    const { status, out } = cli('invalid/unknown-plan');
    expect(status).toBe(1);
    expect(out).toContain('test/fixtures/flows/invalid/unknown-plan/landings.json:13:39 /optionsy/plans/1 [unknown-plan]');
    expect(out).toMatch(/validate: 1 error in 1 file/);
    expect(out).not.toContain('::error');
  });

  it('adds ::error annotations on GitHub Actions', () => {
    const { status, stdout } = cli('invalid/unknown-plan', { GITHUB_ACTIONS: 'true' });
    expect(status).toBe(1);
    expect(stdout).toContain('::error file=test/fixtures/flows/invalid/unknown-plan/landings.json,line=13,col=39,title=[unknown-plan]::');
  });

  it('exits 0 with "validate: N files OK" for a valid directory', () => {
    const { status, out } = cli('valid/minimal');
    expect(out).toMatch(/^validate: \d+ files OK$/m);
    expect(status).toBe(0);
  });
});

describe('helpers', () => {
  it('levenshtein and closest suggest likely typos only', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(closest('gz-1-month-tigr', ['gz-3-month-fox', 'gz-1-month-tiger'])).toBe('gz-1-month-tiger');
    expect(closest('landng', ['landing', 'quiz'])).toBe('landing');
    expect(closest('checkout', ['landing', 'quiz'])).toBeUndefined();
  });

  it('parseJson locates syntax errors and duplicate keys', () => {
    expect(parseJson('{\n  "a": [1, 2,],\n  "b": 1\n}')).toEqual({ ok: false, error: { line: 2, col: 14, message: "trailing comma before ']'" } });
    expect(parseJson('{"a": 1\n "b": 2}')).toEqual({ ok: false, error: { line: 2, col: 2, message: "missing ',' before '\"'" } });
    expect(parseJson("{'a': 1}")).toMatchObject({ ok: false, error: { message: 'strings must use double quotes' } });
    expect(parseJson('{"a": [')).toMatchObject({ ok: false, error: { message: expect.stringContaining('end of file') } });
    const dup = parseJson('{"a": {"x": 1,\n  "x": 2}}');
    expect(dup.ok && dup.duplicates).toEqual([{ line: 2, col: 3, pointer: '/a/x', key: 'x' }]);
    expect(dup.ok && dup.data).toEqual({ a: { x: 2 } });
    const ok = parseJson('{"s": "\\u00e9\\n", "a/b": [true, null]}');
    expect(ok.ok && ok.data).toEqual({ s: '\u00e9\n', 'a/b': [true, null] });
    expect(ok.ok && ok.pointers.get('/a~1b/1')?.value).toMatchObject({ line: 1, column: 33 });
  });

  it('parseRegistry reads quoted and bare screen types with their import paths', () => {
    const text = "export const screens = {\n  'add-home': lazyScreen(() => import('./add-home/AddHomeScreen.tsx')),\n  landing: lazyScreen(() => import(\"./landing/LandingScreen.tsx\")),\n};";
    expect(parseRegistry(text)).toEqual([
      { type: 'add-home', importPath: './add-home/AddHomeScreen.tsx', line: 2, col: 40 },
      { type: 'landing', importPath: './landing/LandingScreen.tsx', line: 3, col: 37 },
    ]);
  });

  it('hasKey follows nested keys and i18next plural forms, and rejects empty texts', () => {
    const locale = { a: { b: 'x', empty: '', count_one: '1 item', count_other: '{{count}} items' } };
    expect(hasKey(locale, 'a.b')).toBe(true);
    expect(hasKey(locale, 'a.count')).toBe(true);
    expect(hasKey(locale, 'a.empty')).toBe(false);
    expect(hasKey(locale, 'a.c')).toBe(false);
    expect(hasKey(locale, 'a')).toBe(false);
  });
});
