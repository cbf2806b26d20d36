/** Validates whole flow, landings and plans files against their schemas and collects the i18n keys they use. */
import { describeErrors } from './ajvMessages.ts';
import { issueAt } from './load.ts';
import type { SchemaSet } from './schemas.ts';
import type { JsonDoc, ValidationIssue } from './types.ts';

/** One use of an i18n key (or of a store field, for binds; of a quoted third party, for attributions): where it is written. */
export interface KeyUse {
  doc: JsonDoc;
  pointer: string;
  key: string;
}

/** Schema `$id` per kind of flow file. */
export const SCHEMA_IDS = {
  flow: 'flow.schema.json',
  landings: 'landings.schema.json',
  plans: 'plans.schema.json',
  experiments: 'experiments.schema.json',
} as const;

/**
 * Validates a document against a schema; every problem becomes an issue located in the file, every
 * i18n key the document uses is appended to `keys`, every store field a bind names to `binds` and
 * every third party words are attributed to (`x-attribution`) to `attributions`.
 */
export function checkSchema(
  doc: JsonDoc,
  schemas: SchemaSet,
  schemaId: string,
  keys: KeyUse[],
  binds: KeyUse[] = [],
  attributions: KeyUse[] = [],
): ValidationIssue[] {
  const lists = { 'x-i18n-key': keys, 'x-store-field': binds, 'x-attribution': attributions };
  const errors = schemas.validate(schemaId, doc.data, (pointer, key, keyword) => lists[keyword].push({ doc, pointer, key }));
  return describeErrors(errors).map((d) => issueAt(doc, d.pointer, d.code, d.message, d.hint, d.anchor));
}
