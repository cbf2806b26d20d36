/**
 * The flow validator: schema checks (ajv) and semantic checks of flows/*.json, landings.json and
 * plans.json, experiments.json, the locale files, the screen registry and the store fields that binds name. Runs in Node only (CLI, build, tests).
 * Every problem is collected; none stops the others.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBinds, loadStateShape } from './bindCheck.ts';
import { discoverFlowFiles } from './discover.ts';
import { checkI18n } from './i18nCheck.ts';
import { checkUndeclaredLocales, loadLanguages } from './languagesCheck.ts';
import { loadJson, relPath } from './load.ts';
import { buildProject } from './project.ts';
import { checkLoops } from './loopCheck.ts';
import { checkMeasurement } from './measurementCheck.ts';
import { checkPriceLadder } from './priceLadder.ts';
import { checkAnswerChoices } from './answerChoiceCheck.ts';
import { checkCommerce } from './commerceCheck.ts';
import { NO_COMMERCE_RULES, type CommerceRules } from './commerceRules.ts';
import { checkFalseDiscounts } from './discountCheck.ts';
import { checkAttributions, checkSampleContent } from './proofCheck.ts';
import { checkReservedPaths } from './reservedPaths.ts';
import { languageCodes } from '../core/languages.ts';
import { checkRegistry } from './registryCheck.ts';
import { checkSchema, SCHEMA_IDS, type KeyUse } from './schemaCheck.ts';
import { loadSchemas } from './schemas.ts';
import { checkPaths, checkReachable, checkStepImages, checkSteps } from './semantic.ts';
import type { JsonDoc, ValidationIssue, ValidationResult } from './types.ts';
import { checkVariants } from './variantCheck.ts';
import { checkExperiments } from './experimentCheck.ts';
import { checkExperimentRuns } from './experimentRunCheck.ts';

/** What the validator reports: located issues, the files read and their parsed values. */
export type { FunnelDocuments, ValidationIssue, ValidationResult } from './types.ts';
/** True when an issue fails validation (every issue that is not a warning). */
export { isError } from './types.ts';
/** An issue as one line (`file:line:col pointer [code] message; hint`) or as a GitHub annotation. */
export { formatIssue, formatGithubAnnotation } from './format.ts';

// the validator's building blocks, public for tests and tools
/** Every code the validator can report, with what it means. */
export { ISSUE_CODES } from './codes.ts';
/** Every i18n key the flow files use must exist in every locale file; all 13 locale files must exist; the texts keep the English placeholders and have their language's plural forms (localeTexts.ts). */
export { hasKey } from './i18nCheck.ts';
/** The product's language list as the validator reads it (the module's `languages` export). */
export { languageListProblems, loadLanguages } from './languagesCheck.ts';
/** One strict JSON parse (RFC 8259, by @humanwhocodes/momoa) that yields the value, the line and column of every key and value by JSON pointer, the duplicate keys JSON.parse would silently drop, and a located, readable message for a syntax error. */
export { parseJson, positions } from './jsonParse.ts';
/** Checks of the texts themselves, each located at the key in its locale file: - a translation keeps the `{{placeholders}}` of the English text: none dropped, none added; - a plural key (i18next suffixes _zero _one _two _few _many _other) has every form its language needs by Intl.PluralRules, and always `_other`. */
export { placeholders } from './localeTexts.ts';
/** A number of days, weeks, months or years typed into a text. */
export { typedPeriod } from './typedPeriod.ts';
/** A period or an amount written out in words ("thirty-day", "ninety-nine cents"). */
export { spelledNumber } from './spelledNumber.ts';
/** What the product says of its commerce wording: its commerce texts, discount flags and saving tags. */
export { isCommerceKey, NO_COMMERCE_RULES, type CommerceRules } from './commerceRules.ts';
/** Loops with no way out: a strongly connected set of steps from which no terminal step (one without next) can be reached traps the visitor. */
export { stronglyConnected, trappedLoops } from './loopCheck.ts';
/** Every screen type a flow uses needs a line in screens/registry.ts whose component file exists. */
export { parseRegistry } from './registryCheck.ts';
/** The JSON Schemas of schemas/, compiled once by ajv in strict mode (draft-07, discriminator on `screen`), with the project's keywords declared: `x-i18n-key` reports every i18n key a validated document uses, `x-store-field` every store field a `bind` prop names; `x-outcomes` and `x-outcomes-from` are annotations read by the semantic checks. */
export { loadSchemas } from './schemas.ts';
/** "Did you mean" suggestions: the closest candidate by Levenshtein distance. */
export { closest, levenshtein } from './suggest.ts';

/** Where the flow files are: one discovery for the validator, the build, the dev server and Node code. */
export { discoverFlowFiles, type FlowFiles } from './discover.ts';
/** The flow files as the runtime sees them (FunnelData), from the validator's discovery and parser. */
export { loadFunnelData, toFunnelData } from './funnelData.ts';

/** Where the validator looks; relative paths are taken from the root. */
interface ValidateOptions {
  /** The project root (default: this repository). Issue files are relative to it. */
  root?: string;
  /** Default <root>/flows: every *.json except landings.json, plans.json and experiments.json is a flow. */
  flowsDir?: string;
  /** Default <root>/locales. */
  localesDir?: string;
  /** Default <root>/screens/registry.ts. */
  registryFile?: string;
  /** The product's slice declarations (its `productSlices` export), default <root>/screens/product/slices.ts. */
  slicesFile?: string;
  /** The product's language list (its `languages` export), default <root>/screens/product/languages.ts. */
  languagesFile?: string;
  /** The JSON Schemas, default <root>/schemas. */
  schemasDir?: string;
  /** The images a step may name (`<name>.png`), default <root>/screens/ui/images. */
  imagesDir?: string;
  /** The module exporting the registered destination types (`destinationTypes`), default <root>/screens/analytics/destinations.ts. */
  destinationsModule?: string;
  /** The product's commerce wording (its configuration's `commerce`); without it no text, variant or tag is read as commerce. */
  commerce?: CommerceRules;
}

async function imageNames(dir: string): Promise<Set<string>> {
  const names = existsSync(dir) ? await readdir(dir) : [];
  return new Set(names.filter((n) => n.endsWith('.png')).map((n) => n.slice(0, -4)));
}

/** The findings of a file that cannot be read as data: it is skipped by every other check. */
const UNPARSED = new Set<string>(['json-syntax', 'too-deep']);
const unparsed = (issue: ValidationIssue): boolean => UNPARSED.has(issue.code);
/** A file that does not parse comes first: everything else may follow from it. */
const unparsedFirst = (a: ValidationIssue, b: ValidationIssue): number => Number(unparsed(b)) - Number(unparsed(a));
const order = (a: ValidationIssue, b: ValidationIssue): number =>
  unparsedFirst(a, b) || a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.code.localeCompare(b.code) || a.message.localeCompare(b.message);

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
  const slicesFile = resolve(root, options.slicesFile ?? 'screens/product/slices.ts');
  const languagesFile = resolve(root, options.languagesFile ?? 'screens/product/languages.ts');
  const schemasDir = resolve(root, options.schemasDir ?? 'schemas');
  const commerce = options.commerce ?? NO_COMMERCE_RULES;
  const schemas = await loadSchemas(schemasDir);
  const issues: ValidationIssue[] = [];
  const files: string[] = [];
  const keys: KeyUse[] = [];
  const binds: KeyUse[] = [];
  const attributions: KeyUse[] = [];

  const load = async (abs: string, schemaId: string): Promise<JsonDoc | undefined> => {
    const loaded = await loadJson(root, abs);
    issues.push(...loaded.issues);
    if (!loaded.doc) return undefined;
    files.push(loaded.doc.file);
    issues.push(...checkSchema(loaded.doc, schemas, schemaId, keys, binds, attributions));
    return loaded.doc;
  };

  const found = discoverFlowFiles(flowsDir);
  if (!found.flows.length) {
    issues.push({
      file: relPath(root, flowsDir),
      line: 1,
      col: 1,
      pointer: '',
      code: 'missing-file',
      message: `no flow files (*.json) in ${relPath(root, flowsDir)}`,
      hint: 'check the directory, or add a flow file with its id, entry and steps',
    });
  }
  const flowDocs: JsonDoc[] = [];
  for (const abs of found.flows) {
    const doc = await load(abs, SCHEMA_IDS.flow);
    if (doc) flowDocs.push(doc);
  }
  const landings = await load(found.landings, SCHEMA_IDS.landings);
  const plansAbs = found.plans;
  const plans = await load(plansAbs, SCHEMA_IDS.plans);
  // optional: a project without experiments.json splits no traffic
  const experimentsAbs = found.experiments;
  const experiments = existsSync(experimentsAbs) ? await load(experimentsAbs, SCHEMA_IDS.experiments) : undefined;

  const data = (): ValidationResult['data'] => ({
    flows: flowDocs.map((d) => d.data),
    landings: landings?.data,
    plans: plans?.data,
    experiments: experiments?.data,
  });
  // a flow-set file that does not parse is missing from every cross-file check: its steps, flows and
  // plans would be reported as unknown everywhere they are used. Report the syntax error (and each
  // parsed file's own schema findings) alone; the rest runs once it parses.
  if (issues.some(unparsed)) return { issues: dedupe(issues), files, data: data() };

  const images = await imageNames(resolve(root, options.imagesDir ?? 'screens/ui/images'));
  const built = buildProject({ root, schemas, flowDocs, landings, plans, plansFile: relPath(root, plansAbs), images });
  const project = built.project;
  issues.push(
    ...built.issues,
    ...checkSteps(project),
    ...checkReachable(project),
    ...checkLoops(project),
    ...checkPaths(project),
    ...checkStepImages(project),
    ...checkVariants(project, keys, binds),
    ...checkPriceLadder(project),
    ...checkSampleContent(project),
    ...checkAttributions(attributions),
    ...checkAnswerChoices(project),
    ...checkCommerce(project),
    ...checkFalseDiscounts(project, commerce),
    ...checkExperiments(project, experiments),
  );

  const registry = await checkRegistry(project, registryFile);
  const declared = await loadLanguages(root, languagesFile);
  const i18n = declared.languages
    ? await checkI18n(root, localesDir, declared.languages, keys, commerce.texts)
    : { issues: declared.issues, files: [] as string[] };
  if (declared.languages) i18n.issues.push(...checkUndeclaredLocales(root, localesDir, languagesFile, declared.languages));
  if (declared.languages) issues.push(...checkReservedPaths(project, languageCodes(declared.languages)));
  const state = await loadStateShape(root, slicesFile);
  const measurement = await checkMeasurement({
    root,
    flowsDir,
    schemasDir,
    destinationsModule: resolve(root, options.destinationsModule ?? 'screens/analytics/destinations.ts'),
    variants: project.variants.map((v) => v.id),
  });
  issues.push(
    ...registry.issues,
    ...i18n.issues,
    ...state.issues,
    ...checkBinds(binds, state.shape),
    ...measurement.issues,
    ...checkExperimentRuns(experiments, measurement.events),
  );
  files.push(...registry.files, ...i18n.files, ...measurement.files);

  return { issues: dedupe(issues), files: [...new Set(files)], data: data() };
}

/** Each finding once, in the order that helps: unparsable files first, then by file and position. */
function dedupe(issues: ValidationIssue[]): ValidationIssue[] {
  const unique = new Map(issues.map((i) => [`${i.file}:${i.line}:${i.col}:${i.code}:${i.pointer}:${i.message}`, i]));
  return [...unique.values()].sort(order);
}
