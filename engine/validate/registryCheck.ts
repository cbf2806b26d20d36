/**
 * Every screen type a flow uses needs a line in screens/registry.ts whose component file exists.
 * The registry is read as text: lines like `  landing: lazyScreen(() => import('./landing/LandingScreen.tsx')),`.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
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

const LINE = /^(\s*)(?:'([^']+)'|"([^"]+)"|([A-Za-z_$][\w$]*))\s*:\s*\w+\(\s*\(\)\s*=>\s*import\(\s*(['"])([^'"]+)\5/;

/** The registry entries of a registry.ts text. */
export function parseRegistry(text: string): RegistryEntry[] {
  return text.split('\n').flatMap((source, k): RegistryEntry[] => {
    const m = LINE.exec(source);
    if (!m) return [];
    const importPath = m[6]!;
    return [{ type: m[2] ?? m[3] ?? m[4]!, importPath, line: k + 1, col: source.indexOf(importPath) + 1 }];
  });
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
  const entries = new Map(parseRegistry(text).map((e) => [e.type, e]));
  const issues: ValidationIssue[] = [];
  const done = new Set<string>();
  const useCount = new Map<string, number>();
  for (const step of project.steps.values()) if (step.screen !== undefined) useCount.set(step.screen, (useCount.get(step.screen) ?? 0) + 1);
  for (const step of project.steps.values()) {
    const type = step.screen;
    if (type === undefined || done.has(type) || !project.schemas.screens[type]) continue;
    done.add(type);
    const entry = entries.get(type);
    const uses = useCount.get(type)!;
    if (!entry) {
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
    } else if (!componentExists(resolve(dirname(registryFile), entry.importPath))) {
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
