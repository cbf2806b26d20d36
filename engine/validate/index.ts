/**
 * The flow validator: schema checks (ajv) and semantic checks of flows/*.json, landings.json and
 * plans.json, the locale files and the screen registry. Runs in Node only (CLI, build, tests).
 * Every problem is collected; none stops the others.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverFlowFiles } from './discover.ts';
import { checkI18n } from './i18nCheck.ts';
import { loadJson, relPath } from './load.ts';
import { buildProject } from './project.ts';
import { checkLoops } from './loopCheck.ts';
import { checkPriceLadder } from './priceLadder.ts';
import { checkRegistry } from './registryCheck.ts';
import { checkSchema, SCHEMA_IDS, type KeyUse } from './schemaCheck.ts';
import { loadSchemas } from './schemas.ts';
import { checkPaths, checkReachable, checkStepImages, checkSteps } from './semantic.ts';
import type { JsonDoc, ValidationIssue, ValidationResult } from './types.ts';
import { checkVariants } from './variantCheck.ts';

export type { FunnelDocuments, ValidationIssue, ValidationResult } from './types.ts';
export { isError } from './types.ts';
export { formatIssue, formatGithubAnnotation } from './format.ts';
export { discoverFlowFiles, type FlowFiles } from './discover.ts';
export { loadFunnelData, toFunnelData } from './funnelData.ts';

/** Where the validator looks; relative paths are taken from the root. */
interface ValidateOptions {
  /** The project root (default: this repository). Issue files are relative to it. */
  root?: string;
  /** Default <root>/flows: every *.json except landings.json and plans.json is a flow. */
  flowsDir?: string;
  /** Default <root>/locales. */
  localesDir?: string;
  /** Default <root>/screens/registry.ts. */
  registryFile?: string;
}

async function imageNames(dir: string): Promise<Set<string>> {
  const names = existsSync(dir) ? await readdir(dir) : [];
  return new Set(names.filter((n) => n.endsWith('.png')).map((n) => n.slice(0, -4)));
}

const order = (a: ValidationIssue, b: ValidationIssue): number =>
  a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.code.localeCompare(b.code) || a.message.localeCompare(b.message);

/**
 * Validates the flow files, locales and screen registry of a project.
 * @returns every issue (sorted by file, line, column), the files read and their parsed values; valid
 *   when no issue is an error (warnings do not count).
 * @example const { issues } = await validateProject({ flowsDir: 'test/fixtures/flows/valid/minimal' });
 */
export async function validateProject(options: ValidateOptions = {}): Promise<ValidationResult> {
  const root = resolve(options.root ?? fileURLToPath(new URL('../..', import.meta.url)));
  const flowsDir = resolve(root, options.flowsDir ?? 'flows');
  const localesDir = resolve(root, options.localesDir ?? 'locales');
  const registryFile = resolve(root, options.registryFile ?? 'screens/registry.ts');
  const schemas = await loadSchemas(join(root, 'schemas'));
  const issues: ValidationIssue[] = [];
  const files: string[] = [];
  const keys: KeyUse[] = [];

  const load = async (abs: string, schemaId: string): Promise<JsonDoc | undefined> => {
    const loaded = await loadJson(root, abs);
    issues.push(...loaded.issues);
    if (!loaded.doc) return undefined;
    files.push(loaded.doc.file);
    issues.push(...checkSchema(loaded.doc, schemas, schemaId, keys));
    return loaded.doc;
  };

  const found = discoverFlowFiles(flowsDir);
  if (!found.flows.length) {
    issues.push({ file: relPath(root, flowsDir), line: 1, col: 1, pointer: '', code: 'missing-file', message: `no flow files (*.json) in ${relPath(root, flowsDir)}`,
      hint: 'check the directory, or add a flow file with its id, entry and steps' });
  }
  const flowDocs: JsonDoc[] = [];
  for (const abs of found.flows) {
    const doc = await load(abs, SCHEMA_IDS.flow);
    if (doc) flowDocs.push(doc);
  }
  const landings = await load(found.landings, SCHEMA_IDS.landings);
  const plansAbs = found.plans;
  const plans = await load(plansAbs, SCHEMA_IDS.plans);

  const images = await imageNames(join(root, 'screens', 'ui', 'images'));
  const built = buildProject({ root, schemas, flowDocs, landings, plans, plansFile: relPath(root, plansAbs), images });
  const project = built.project;
  issues.push(...built.issues, ...checkSteps(project), ...checkReachable(project), ...checkLoops(project), ...checkPaths(project), ...checkStepImages(project), ...checkVariants(project, keys), ...checkPriceLadder(project));

  const registry = await checkRegistry(project, registryFile);
  const i18n = await checkI18n(root, localesDir, keys);
  issues.push(...registry.issues, ...i18n.issues);
  files.push(...registry.files, ...i18n.files);

  const unique = new Map(issues.map((i) => [`${i.file}:${i.line}:${i.col}:${i.code}:${i.pointer}:${i.message}`, i]));
  const data = { flows: flowDocs.map((d) => d.data), landings: landings?.data, plans: plans?.data };
  return { issues: [...unique.values()].sort(order), files: [...new Set(files)], data };
}
