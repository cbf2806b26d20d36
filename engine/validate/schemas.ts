/**
 * The JSON Schemas of schemas/, compiled once by ajv in strict mode (draft-07, discriminator on
 * `screen`), with the project's keywords declared: `x-i18n-key` reports every i18n key a validated
 * document uses, `x-store-field` every store field a `bind` prop names, `x-attribution` every third party
 * (a publication) words are attributed to; `x-outcomes` and `x-outcomes-from` are annotations read by the semantic checks.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { buildStepsSchema } from './stepsSchema.ts';
import { isObj, type Obj } from './types.ts';

/** The keywords that report the values under them: i18n keys, store fields named by a `bind`, and the third parties words are attributed to. */
export type ReportingKeyword = 'x-i18n-key' | 'x-store-field' | 'x-attribution';

/**
 * Called for every string under a schema marked `"x-i18n-key": true`, `"x-store-field": true` or `"x-attribution": true`
 * (with its instance path and the keyword).
 */
export type KeySink = (instancePath: string, key: string, keyword: ReportingKeyword) => void;

/** The compiled schemas and the screen props schemas by screen type. */
export interface SchemaSet {
  /** Props schema of each screen type (the files of schemas/screens/). */
  screens: Record<string, Obj>;
  /** Validates `data` against a schema by `$id`; returns ajv's errors (verbose), [] when valid. */
  validate(id: string, data: unknown, onKey?: KeySink): ErrorObject[];
}

function parseSchema(path: string, text: string): Obj {
  const schema: unknown = JSON.parse(text);
  if (!isObj(schema)) throw new Error(`${path} is not a JSON Schema object`);
  return schema;
}

/** An outcome name, as a flow's next map writes it. */
const OUTCOME = '^[a-z][a-zA-Z0-9]*$';

// compiling takes a few hundred milliseconds: reuse the last set while the schema files are unchanged
let cached: { key: string; set: SchemaSet } | undefined;

/** Loads schemas/*.schema.json and schemas/screens/*.schema.json and compiles them (cached by content). */
export async function loadSchemas(schemasDir: string): Promise<SchemaSet> {
  const names = ['common', 'flow', 'landings', 'plans', 'experiments'].map((f) => `${f}.schema.json`);
  const screenNames = (await readdir(join(schemasDir, 'screens'))).filter((n) => n.endsWith('.schema.json')).sort();
  const paths = [...names.map((n) => join(schemasDir, n)), ...screenNames.map((n) => join(schemasDir, 'screens', n))];
  const texts = await Promise.all(paths.map((p) => readFile(p, 'utf8')));
  const key = paths.map((p, k) => `${p}\n${texts[k]}`).join('\n');
  if (cached?.key === key) return cached.set;
  const set = compileSchemas(
    paths.map((p, k) => parseSchema(p, texts[k]!)),
    screenNames,
  );
  cached = { key, set };
  return set;
}

function compileSchemas(all: Obj[], screenNames: string[]): SchemaSet {
  const screens: Record<string, Obj> = {};
  screenNames.forEach((n, k) => (screens[n.slice(0, -'.schema.json'.length)] = all[5 + k]!));
  let sink: KeySink | undefined;
  const ajv = new Ajv({ allErrors: true, discriminator: true, strict: true, verbose: true });
  addFormats(ajv);
  for (const keyword of ['x-i18n-key', 'x-store-field', 'x-attribution'] as const) {
    ajv.addKeyword({
      keyword,
      schemaType: 'boolean',
      errors: false,
      validate(enabled: boolean, data: unknown, parentSchema?: { pattern?: string }, cxt?: { instancePath: string }): boolean {
        const fits = typeof data === 'string' && (!parentSchema?.pattern || new RegExp(parentSchema.pattern, 'u').test(data));
        if (enabled && fits && sink && cxt) sink(cxt.instancePath, data, keyword);
        return true;
      },
    });
  }
  // annotations read by the semantic checks (project.ts outcomesOf); declared so strict mode accepts
  // them, and with a meta-schema so a malformed value is a schema error, not a silent no-op
  ajv.addKeyword({
    keyword: 'x-outcomes',
    schemaType: 'array',
    metaSchema: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: OUTCOME } },
  });
  ajv.addKeyword({ keyword: 'x-outcomes-from', schemaType: 'string', metaSchema: { type: 'string', pattern: '^[a-z][a-zA-Z0-9]*$' } });
  for (const schema of all) ajv.addSchema(schema);
  // built from the screen schemas just read, exactly as `npm run gen` writes steps.gen.schema.json
  ajv.addSchema(buildStepsSchema(screens));
  const compiled = new Map<string, ValidateFunction>();
  // compiled now, so that a schema that breaks strict mode fails here, not at the first file validated
  for (const id of ['flow.schema.json', 'landings.schema.json', 'plans.schema.json', 'experiments.schema.json', ...screenNames.map((n) => `screens/${n}`)]) {
    const fn = ajv.getSchema(id);
    if (!fn) throw new Error(`no schema with $id "${id}"`);
    compiled.set(id, fn);
  }
  return {
    screens,
    validate(id, data, onKey) {
      let fn = compiled.get(id);
      if (!fn) {
        fn = ajv.getSchema(id);
        if (!fn) throw new Error(`no schema with $id "${id}"`);
        compiled.set(id, fn);
      }
      sink = onKey;
      try {
        return fn(data) ? [] : [...(fn.errors ?? [])];
      } finally {
        sink = undefined;
      }
    },
  };
}
