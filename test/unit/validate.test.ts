/**
 * The flow validator against the fixtures of test/fixtures/flows: every valid case passes, every patch
 * case (one change of the minimal fixture, test/fixtures/flows/patchCases.ts) reports exactly its
 * findings, each with a hint and at its place, the patch cases cover every code the validator can
 * report, and the CLI prints and exits 1 on an error (not on a warning).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGithubAnnotation, formatIssue, isError, validateProject, type ValidationIssue } from '../../engine/validate/index.ts';
import { ISSUE_CODES } from '../../engine/validate/index.ts';
import { loadSchemas } from '../../engine/validate/index.ts';
import { parseJson, positions } from '../../engine/validate/index.ts';
import { closest, levenshtein } from '../../engine/validate/index.ts';
import { parseRegistry } from '../../engine/validate/index.ts';
import { hasKey } from '../../engine/validate/index.ts';
import type { CommerceRules } from '../../engine/validate/index.ts';
import { commerceRules } from '../../screens/product/commerceRules.ts';
import { PATCH_CASES, type PatchCase } from '../fixtures/flows/patchCases.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = join(root, 'test/fixtures/flows');
const validCases = readdirSync(join(fixtures, 'valid')).sort();

/** A case uses its own locales/ and registry.ts when it has them, else the shared ones. */
function optionsFor(dir: string): { root: string; flowsDir: string; localesDir: string; registryFile: string; languagesFile: string; commerce: CommerceRules } {
  const own = (name: string): string | undefined => (existsSync(join(dir, name)) ? join(dir, name) : undefined);
  return {
    root,
    flowsDir: dir,
    localesDir: own('locales') ?? join(fixtures, 'locales'),
    registryFile: own('registry.ts') ?? join(fixtures, 'registry.ts'),
    languagesFile: join(fixtures, 'languages.ts'),
    // the fixture speaks of the product's plans with the product's text namespaces and tags
    commerce: commerceRules,
  };
}

/** Issue files inside the case directory are compared relative to it ("landings.json"). */
function shortFile(issue: ValidationIssue, dir: string): string {
  const inCase = relative(dir, join(root, issue.file));
  return inCase.startsWith('..') ? issue.file : inCase.split('\\').join('/');
}

/** Runs the validator over a case directory. */
async function validate(dir: string): Promise<ValidationIssue[]> {
  return (await validateProject(optionsFor(dir))).issues;
}

const patchedCopies: string[] = [];
afterAll(() => patchedCopies.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A temporary copy of the minimal fixture with `patchCase` applied (removed after the tests). */
function patchedCopy(patchCase: PatchCase): string {
  const dir = mkdtempSync(join(tmpdir(), 'funnel-patch-'));
  patchedCopies.push(dir);
  cpSync(join(fixtures, 'valid', 'minimal'), dir, { recursive: true });
  patchCase.patch(dir, join(fixtures, 'locales'));
  return dir;
}

/** The patch case of that name, for the tests that print its findings. */
function patchCaseNamed(name: string): PatchCase {
  const found = PATCH_CASES.find((c) => c.name === name);
  if (!found) throw new Error(`no patch case named ${JSON.stringify(name)} in test/fixtures/flows/patchCases.ts`);
  return found;
}

const ALL_CODES = Object.keys(ISSUE_CODES);

// compiling every schema takes seconds on a loaded machine; done once here, then cached
beforeAll(() => loadSchemas(join(root, 'schemas')), 60_000);

describe('valid fixtures', () => {
  // warnings (today's price ladder of the real flows) do not make a case invalid
  it.each(validCases)('%s has no errors', async (name) => {
    expect((await validate(join(fixtures, 'valid', name))).filter(isError).map(formatIssue)).toEqual([]);
  });
});

describe('one change of the minimal fixture (test/fixtures/flows/patchCases.ts)', () => {
  /** The text from an issue's line and column on: the value (or key) its pointer names. */
  const textAt = (issue: ValidationIssue): string => {
    const lines = readFileSync(join(root, issue.file), 'utf8').split('\n');
    return [lines[issue.line - 1]!.slice(issue.col - 1), ...lines.slice(issue.line)].join('\n');
  };
  /** Without whitespace: a value written over several lines compares with its one-line JSON. */
  const squash = (text: string): string => text.replace(/\s+/g, '');
  const unescape = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

  it('together cover every code the validator can report', () => {
    const codes = new Set(PATCH_CASES.flatMap((c) => c.issues.map((i) => i.code)));
    expect(ALL_CODES.filter((c) => !codes.has(c))).toEqual([]);
  });

  it.each(PATCH_CASES.map((c) => [c.name, c] as const))('%s', async (_, patchCase) => {
    const dir = patchedCopy(patchCase);
    const issues = await validate(dir);
    const found = issues.map((i) => ({ file: shortFile(i, dir), pointer: i.pointer, code: i.code, severity: i.severity }));
    expect(found, issues.map(formatIssue).join('\n')).toEqual(patchCase.issues.map(({ file, pointer, code, severity }) => ({ file, pointer, code, severity })));
    // the copy lives in a temporary directory: its path in a message is written <case>
    const caseDir = relative(root, dir).split('\\').join('/');
    issues.forEach((issue, k) => {
      const want = patchCase.issues[k]!;
      expect(issue.message.split(caseDir).join('<case>')).toContain(want.message);
      expect(issue.hint.length, `${formatIssue(issue)}: every issue needs a hint`).toBeGreaterThan(5);
      if (want.hint !== undefined) expect(issue.hint).toContain(want.hint);
      if (want.line !== undefined) expect(issue.line, formatIssue(issue)).toBe(want.line);
      if (want.col !== undefined) expect(issue.col, formatIssue(issue)).toBe(want.col);
      // a file too deep to be read as data: located at the bracket that goes one level too deep
      if (issue.code === 'too-deep') return expect(textAt(issue).startsWith('['), `${formatIssue(issue)} points at: ${textAt(issue).slice(0, 40)}`).toBe(true);
      // a finding about a whole file (or a file that does not parse) is placed by its line and column alone
      if (issue.pointer === '') return expect(want.line !== undefined && want.col !== undefined, `${formatIssue(issue)}: give its line and col`).toBe(true);
      // located at the value (or key) the pointer names, not at the start of the file
      const last = unescape(issue.pointer.split('/').pop()!);
      let value: unknown = JSON.parse(readFileSync(join(root, issue.file), 'utf8'));
      for (const segment of issue.pointer.slice(1).split('/')) value = (value as Record<string, unknown>)[unescape(segment)];
      const here = squash(textAt(issue));
      expect(
        here.startsWith(squash(JSON.stringify(value))) || here.startsWith(squash(JSON.stringify(last))),
        `${formatIssue(issue)} points at: ${here.slice(0, 80)}`,
      ).toBe(true);
    });
  });
});

describe('a file that does not parse', () => {
  it('is reported first and alone: nothing that only follows from it being skipped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'funnel-syntax-'));
    try {
      cpSync(join(fixtures, 'valid', 'minimal'), dir, { recursive: true });
      // the flow every variant opens, broken by a trailing comma: its steps and flow id would be "unknown" everywhere
      const main = join(dir, 'main.json');
      writeFileSync(main, readFileSync(main, 'utf8').replace('"version": 1,', '"version": 1,,'));
      const issues = (await validateProject(optionsFor(dir))).issues;
      expect(issues.map((i) => `${shortFile(i, dir)} [${i.code}]`)).toEqual(['main.json [json-syntax]']);
      expect(issues[0]!.hint).toContain('once it parses');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the real flows', () => {
  // fails while other screens are still being written: a registry line or component may be missing then
  it('pass validation (flows/, locales/, screens/registry.ts); warnings are allowed', async () => {
    const { issues, files, data } = await validateProject({ root, commerce: commerceRules });
    expect(issues.filter(isError).map(formatIssue)).toEqual([]);
    expect(data.flows.length).toBeGreaterThan(0);
    expect(files).toContain('flows/landings.json');
  });
});

describe('formatting', () => {
  let dir: string;
  beforeAll(() => void (dir = relative(root, patchedCopy(patchCaseNamed('a misspelt plan name')))));

  it('formatIssue prints file:line:col, pointer, code, message and hint on one line', async () => {
    const [issue] = await validate(join(root, dir));
    expect(formatIssue(issue!)).toBe(
      `${dir}/landings.json:26:7 /optionsy/plans/1 [unknown-plan] "gz-1-month-tigr" is not in ${dir}/plans.json; did you mean "gz-1-month-tiger"?`,
    );
  });

  it('formatGithubAnnotation prints an ::error workflow command with escaped properties', async () => {
    const [issue] = await validate(join(root, dir));
    expect(formatGithubAnnotation(issue!)).toBe(
      `::error file=${dir}/landings.json,line=26,col=7,title=[unknown-plan]::/optionsy/plans/1 "gz-1-month-tigr" is not in ${dir}/plans.json; did you mean "gz-1-month-tiger"?`,
    );
    const odd: ValidationIssue = { file: 'a,b:c.json', line: 1, col: 2, pointer: '', code: 'json-syntax', message: '50% done\nnext line', hint: 'fix, it' };
    expect(formatGithubAnnotation(odd)).toBe('::error file=a%2Cb%3Ac.json,line=1,col=2,title=[json-syntax]::(root) 50%25 done%0Anext line; fix, it');
    expect(formatGithubAnnotation({ ...odd, severity: 'warning' })).toMatch(/^::warning file=a%2Cb%3Ac.json,line=1,col=2,title=\[json-syntax\]::/);
    expect(formatIssue({ ...odd, message: 'm', severity: 'warning' })).toBe('a,b:c.json:1:2 (root) [json-syntax] warning: m; fix, it');
  });
});

// each case starts a Node process with tsx: seconds on a loaded machine
describe('npm run validate (scripts/validate.ts)', { timeout: 30_000 }, () => {
  const cli = (dir: string, env: Record<string, string | undefined> = {}) => {
    const o = optionsFor(dir);
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/validate.ts', o.flowsDir, `--locales=${o.localesDir}`, `--registry=${o.registryFile}`, `--languages=${o.languagesFile}`],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, GITHUB_ACTIONS: undefined, ...env },
      },
    );
    return { status: result.status, out: result.stdout + result.stderr, stdout: result.stdout };
  };

  let unknownPlan: string;
  let priceLadder: string;
  beforeAll(() => {
    unknownPlan = patchedCopy(patchCaseNamed('a misspelt plan name'));
    priceLadder = patchedCopy(patchCaseNamed('the 3-month plan of fullPrice costs as much per day as the 1-month plan (a warning)'));
  });
  const shown = (dir: string): string => relative(root, dir).split('\\').join('/');

  it('exits 1 and prints file:line:col for an invalid flow directory', () => {
    const { status, out } = cli(unknownPlan);
    expect(status).toBe(1);
    expect(out).toContain(`${shown(unknownPlan)}/landings.json:26:7 /optionsy/plans/1 [unknown-plan]`);
    expect(out).toMatch(/validate: 1 error in 1 file/);
    expect(out).not.toContain('::error');
  });

  it('adds ::error annotations on GitHub Actions', () => {
    const { status, stdout } = cli(unknownPlan, { GITHUB_ACTIONS: 'true' });
    expect(status).toBe(1);
    expect(stdout).toContain(`::error file=${shown(unknownPlan)}/landings.json,line=26,col=7,title=[unknown-plan]::`);
  });

  it('prints a warning with its place but exits 0 when there is no error', () => {
    const { status, out, stdout } = cli(priceLadder, { GITHUB_ACTIONS: 'true' });
    expect(out).toContain(`${shown(priceLadder)}/landings.json:6:35 /fullPrice/plans/1 [price-ladder] warning: variant "fullPrice"`);
    expect(stdout).toContain(`::warning file=${shown(priceLadder)}/landings.json,line=6,col=35,title=[price-ladder]::`);
    expect(out).toMatch(/^validate: \d+ files OK \(1 warning\)$/m);
    expect(status).toBe(0);
  });

  it('exits 0 with "validate: N files OK" for a valid directory', () => {
    const { status, out } = cli(join(fixtures, 'valid', 'minimal'));
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
    expect(parseJson('{\n  "a": "x\ty"}')).toMatchObject({ ok: false, error: { line: 2, col: 10, message: expect.stringContaining('control character') } });
    expect(parseJson("{'a': 1}")).toMatchObject({ ok: false, error: { message: 'strings must use double quotes' } });
    expect(parseJson('{"a": [')).toMatchObject({ ok: false, error: { message: expect.stringContaining('end of file') } });
    const dup = parseJson('{"a": {"x": 1,\n  "x": 2}}');
    expect(dup.ok && dup.duplicates).toEqual([{ line: 2, col: 3, pointer: '/a/x', key: 'x' }]);
    expect(dup.ok && dup.data).toEqual({ a: { x: 2 } });
    const ok = parseJson('{"s": "\\u00e9\\n", "a/b": [true, null]}');
    expect(ok.ok && ok.data).toEqual({ s: '\u00e9\n', 'a/b': [true, null] });
    expect(ok.ok && positions(ok.tree).get('/a~1b/1')?.value).toMatchObject({ line: 1, column: 33 });
  });

  it('parseRegistry reads quoted and bare screen types with their import paths', () => {
    const text =
      "export const screens = {\n  'add-home': lazyScreen(() => import('./add-home/AddHomeScreen.tsx')),\n  landing: lazyScreen(() => import(\"./landing/LandingScreen.tsx\")),\n};";
    expect(parseRegistry(text)).toEqual([
      { type: 'add-home', importPath: './add-home/AddHomeScreen.tsx', line: 2, col: 40 },
      { type: 'landing', importPath: './landing/LandingScreen.tsx', line: 3, col: 37 },
    ]);
  });

  it('parseRegistry reads an entry split over lines, and skips commented-out ones', () => {
    const text =
      "export const screens = {\n  // quiz: lazyScreen(() => import('./old/Quiz.tsx')),\n  'feature-intro': lazyScreen(\n    () => import('./feature-intro/FeatureIntroScreen.tsx'),\n  ),\n};";
    expect(parseRegistry(text)).toEqual([{ type: 'feature-intro', importPath: './feature-intro/FeatureIntroScreen.tsx', line: 4, col: 19 }]);
  });

  it('takes the registered screen types from the registry module, however an entry is written', async () => {
    // the fixture registry writes "landing" over three lines; every valid case uses a landing step
    expect(readFileSync(join(fixtures, 'registry.ts'), 'utf8')).toMatch(/landing: lazyScreen\(\n/);
    const issues = await validate(join(fixtures, 'valid', 'minimal'));
    expect(issues.filter((i) => i.code === 'unregistered-screen')).toEqual([]);
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
