/**
 * Binds: a generic screen that writes the store names the field in its props (`"bind": "profile.name"`,
 * marked `"x-store-field": true` in its props schema). Each bind must name a declared slice (the
 * engine's kernel slices or the product's, from its slices module) and a text field of it.
 */
import { pathToFileURL } from 'node:url';
import { ENGINE_SLICES } from '../core/store.ts';
import type { AnySliceDeclaration } from '../core/slices.ts';
import { fileIssue, issueAt, relPath } from './load.ts';
import type { KeyUse } from './schemaCheck.ts';
import { didYouMean, quoteList } from './suggest.ts';
import type { ValidationIssue } from './types.ts';

/** The export of the slices module that holds the product's slice declarations. */
export const SLICES_EXPORT = 'productSlices';

/** Every slice and the JSON type of each of its fields' defaults: slice -> field -> typeof. */
export type StateShape = Map<string, Map<string, string>>;

function shapeOf(declarations: Record<string, AnySliceDeclaration>): StateShape {
  return new Map(Object.entries(declarations).map(([slice, d]) => [slice, new Map(Object.entries(d.defaults()).map(([field, v]) => [field, typeof v]))]));
}

const isDeclarations = (value: unknown): value is Record<string, AnySliceDeclaration> =>
  typeof value === 'object' && value !== null && Object.values(value).every((d) => typeof (d as AnySliceDeclaration | undefined)?.defaults === 'function');

/**
 * The state shape: the engine's slices plus the product's, read from `slicesFile`'s `productSlices`
 * export. A module that cannot be loaded is an issue; the engine's slices are still checked.
 */
export async function loadStateShape(root: string, slicesFile: string): Promise<{ shape: StateShape; issues: ValidationIssue[] }> {
  const kernel = ENGINE_SLICES as unknown as Record<string, AnySliceDeclaration>;
  const file = relPath(root, slicesFile);
  try {
    const module = (await import(pathToFileURL(slicesFile).href)) as Record<string, unknown>;
    const product = module[SLICES_EXPORT];
    if (!isDeclarations(product)) {
      return {
        shape: shapeOf(kernel),
        issues: [
          fileIssue(
            file,
            'missing-file',
            `${file} has no slice declarations in its export "${SLICES_EXPORT}"`,
            `export const ${SLICES_EXPORT}: SliceDeclarations<ProductSlices> = { <slice>: { defaults: () => ({ ... }), persist: true } }`,
          ),
        ],
      };
    }
    return { shape: shapeOf({ ...kernel, ...product }), issues: [] };
  } catch (error) {
    return {
      shape: shapeOf(kernel),
      issues: [
        fileIssue(
          file,
          'missing-file',
          `the slices module ${file} cannot be loaded (${error instanceof Error ? error.message : String(error)})`,
          'check the path given with --slices (default screens/product/slices.ts)',
        ),
      ],
    };
  }
}

/** Checks every bind against the state shape: the slice exists, and the field exists and holds text. */
export function checkBinds(binds: readonly KeyUse[], shape: StateShape): ValidationIssue[] {
  return binds.flatMap(({ doc, pointer, key: bind }): ValidationIssue[] => {
    const [slice = '', field = ''] = bind.split('.');
    const fields = shape.get(slice);
    if (!fields) {
      return [
        issueAt(
          doc,
          pointer,
          'unknown-bind',
          `bind "${bind}" names slice "${slice}", which is not declared`,
          didYouMean(slice, shape.keys()) ?? `use one of the slices ${quoteList([...shape.keys()])}, or declare "${slice}" in the product's slices`,
        ),
      ];
    }
    const type = fields.get(field);
    const textFields = [...fields].filter(([, t]) => t === 'string').map(([name]) => name);
    if (type === undefined) {
      return [
        issueAt(
          doc,
          pointer,
          'unknown-bind',
          `bind "${bind}": slice "${slice}" has no field "${field}"`,
          didYouMean(field, textFields) ?? `use one of its text fields ${quoteList(textFields)}, or add "${field}" to the slice's defaults`,
        ),
      ];
    }
    if (type !== 'string') {
      return [
        issueAt(
          doc,
          pointer,
          'unknown-bind',
          `bind "${bind}": field "${field}" of slice "${slice}" holds a ${type}, not text`,
          `bind a text field of "${slice}": ${quoteList(textFields)}`,
        ),
      ];
    }
    return [];
  });
}
