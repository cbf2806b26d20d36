/**
 * The README and the guides in docs/ name only what exists: every `npm run` script, every file or
 * folder of the project written as code, and every link to another guide and its section.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const text = (file: string): string => readFileSync(join(root, file), 'utf8');
const scripts = Object.keys((JSON.parse(text('package.json')) as { scripts: Record<string, string> }).scripts);

/** The folders whose files the docs name; a code span starting with one of them is a path. */
const PATH_ROOTS = ['engine/', 'flows/', 'screens/', 'schemas/', 'locales/', 'scripts/', 'test/', 'docs/', '.ci/'];
/** A path with a placeholder or a pattern in it names a kind of file, not one file. */
const PATTERN = /[<>*{}…|]|\.\.\.|\[/;

/** GitHub's anchor of a heading. */
const anchor = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .replace(/ /g, '-');

function codeSpans(markdown: string): string[] {
  const withoutBlocks = markdown.replace(/```[\s\S]*?```/g, '');
  return [...withoutBlocks.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
}

function pathsIn(span: string): string[] {
  return span
    .split(/\s+/)
    .map((word) => word.replace(/[),.;:]+$/, '').replace(/:\d+(:\d+)?$/, ''))
    .filter((word) => PATH_ROOTS.some((r) => word.startsWith(r)) || (/^[\w.-]+\.(mjs|json|ts)$/.test(word) && existsSync(join(root, word))));
}

it("the docs name the project's files (the checks below have something to check)", () => {
  expect(docs.length).toBeGreaterThanOrEqual(5);
  expect(docs.flatMap((file) => codeSpans(text(file)).flatMap(pathsIn)).length).toBeGreaterThan(100);
});

describe.each(docs)('%s', (file) => {
  const markdown = text(file);

  it('names only npm scripts that package.json has', () => {
    const used = [...markdown.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(used.filter((name) => !scripts.includes(name))).toEqual([]);
  });

  it('names only files and folders that exist', () => {
    const named = codeSpans(markdown)
      .flatMap(pathsIn)
      .filter((p) => !PATTERN.test(p));
    expect(named.filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });

  it('links only to guides and sections that exist', () => {
    const links = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((href) => !/^[a-z]+:/.test(href));
    const broken = links.filter((href) => {
      const [path, hash] = href.split('#') as [string, string | undefined];
      const target = path ? resolve(dirname(join(root, file)), path) : join(root, file);
      if (!existsSync(target)) return true;
      if (!hash) return false;
      const headings = [...readFileSync(target, 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1]!));
      return !headings.includes(hash);
    });
    expect(broken).toEqual([]);
  });
});
