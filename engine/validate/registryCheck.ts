/**
 * Every screen type a flow uses needs an entry in the screen registry (screens/registry.ts) whose
 * component file exists. Which types are registered comes from the module itself (its `screens`
 * export, imported); where each entry is written and the component it loads come from its source,
 * an entry such as `landing: lazyScreen(() => import('./landing/LandingScreen.tsx'))` however it is
 * laid out over lines.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fileIssue, issueAt, relPath } from './load.ts';
import type { Project } from './project.ts';
import { screenTypeName } from './stepsSchema.ts';
import { ptr, type ValidationIssue } from './types.ts';

/** One registered screen type: its component's import path and where the line is. */
export interface RegistryEntry {
  type: string;
  importPath: string;
  line: number;
  col: number;
}

/** `key: anyLoader(() => import('path'`, with any whitespace and line breaks between the parts. */
const ENTRY = /(?:'([^'\n]+)'|"([^"\n]+)"|([A-Za-z_$][\w$]*))\s*:\s*[\w$]+\(\s*(?:async\s*)?\(\)\s*=>\s*import\(\s*(['"])([^'"\n]+)\4/g;

/** Comments become spaces of the same length, so positions in the text stay where they were. */
const blankComments = (text: string): string => text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (c) => c.replace(/[^\n]/g, ' '));

/** The registry entries of a registry module's source, with the line and column of each import path. */
export function parseRegistry(text: string): RegistryEntry[] {
  return [...blankComments(text).matchAll(ENTRY)].map((m) => {
    const importPath = m[5]!;
    const at = m.index + m[0].lastIndexOf(importPath);
    const before = text.slice(0, at);
    const line = before.split('\n').length;
    return { type: m[1] ?? m[2] ?? m[3]!, importPath, line, col: at - before.lastIndexOf('\n') };
  });
}

/**
 * The screen types the registry module exports as `screens`. The file's modification time is part of
 * the address, so a long-running process (`npm run dev`) sees a registry saved since the last check.
 */
async function registeredTypes(registryFile: string): Promise<string[]> {
  const url = `${pathToFileURL(registryFile).href}?mtime=${Math.trunc(statSync(registryFile).mtimeMs)}`;
  const module = (await import(url)) as { screens?: unknown };
  if (typeof module.screens !== 'object' || module.screens === null) throw new Error('it has no `screens` export (an object of screen type -> component)');
  return Object.keys(module.screens);
}

const componentExists = (path: string): boolean => ['', '.tsx', '.ts', '/index.tsx', '/index.ts'].some((ext) => existsSync(path + ext));

/** Checks the screen types used by the flows against the registry file. */
export async function checkRegistry(project: Project, registryFile: string): Promise<{ issues: ValidationIssue[]; files: string[] }> {
  const file = relPath(project.root, registryFile);
  let text: string;
  try {
    text = await readFile(registryFile, 'utf8');
  } catch {
    return {
      issues: [
        fileIssue(file, 'missing-file', `the screen registry ${file} cannot be read`, 'check the path given with --registry (default screens/registry.ts)'),
      ],
      files: [],
    };
  }
  let registered: Set<string>;
  try {
    registered = new Set(await registeredTypes(registryFile));
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      issues: [
        fileIssue(file, 'missing-file', `the screen registry ${file} cannot be loaded: ${reason}`, 'fix the module so that it imports and exports `screens`'),
      ],
      files: [file],
    };
  }
  const located = new Map(parseRegistry(text).map((e) => [e.type, e]));
  const issues: ValidationIssue[] = [];
  const done = new Set<string>();
  const useCount = new Map<string, number>();
  for (const step of project.steps.values()) if (step.screen !== undefined) useCount.set(step.screen, (useCount.get(step.screen) ?? 0) + 1);
  for (const step of project.steps.values()) {
    const type = step.screen;
    if (type === undefined || done.has(type) || !project.schemas.screens[type]) continue;
    done.add(type);
    const entry = located.get(type);
    const uses = useCount.get(type)!;
    if (!registered.has(type)) {
      const key = /^[a-z]+$/.test(type) ? type : `'${type}'`;
      issues.push(
        issueAt(
          step.doc,
          ptr(step.pointer, 'screen'),
          'unregistered-screen',
          `screen type "${type}" (used by ${uses} step${uses > 1 ? 's' : ''}) has no component in ${file}`,
          `add the line ${key}: lazyScreen(() => import('./${type}/${screenTypeName(type)}Screen.tsx')),`,
        ),
      );
    } else if (entry && !componentExists(resolve(dirname(registryFile), entry.importPath))) {
      const target = relPath(project.root, resolve(dirname(registryFile), entry.importPath));
      issues.push({
        file,
        line: entry.line,
        col: entry.col,
        pointer: '',
        code: 'unregistered-screen',
        message: `the component of screen type "${type}" does not exist: ${target}`,
        hint: 'write the component or fix the import path',
      });
    }
  }
  return { issues, files: [file] };
}
