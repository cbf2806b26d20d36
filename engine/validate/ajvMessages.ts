/**
 * Turns ajv's errors into readable ones: the discriminator names the unknown screen type, an extra
 * property names the closest allowed one, `required` names the missing field, enum and const list
 * the allowed values, and a failed `oneOf` reports only the branch that matches the value's type.
 */
import type { ErrorObject } from 'ajv';
import { didYouMean, quoteList } from './suggest.ts';
import { isObj, ptr, type Anchor, type Obj } from './types.ts';

/** A schema error in words, at a pointer relative to the validated value. */
export interface Described {
  pointer: string;
  anchor: Anchor;
  code: string;
  message: string;
  hint?: string;
}

/** A short JSON rendering of a value for messages. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const typeName = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' && Number.isInteger(v) ? 'integer' : typeof v);
const parent = (e: ErrorObject): Obj => (isObj(e.parentSchema) ? e.parentSchema : {});
/** A schema description as a clause: "The terms of use." -> "the terms of use". */
const clause = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1).replace(/\.$/, '');
const within = (path: string, base: string): boolean => path === base || path.startsWith(base + '/');

/** Drops ajv's echo errors so each mistake is reported once. */
function prune(errors: ErrorObject[]): ErrorObject[] {
  const dropped = new Set<ErrorObject>();
  errors.forEach((e, k) => {
    if (e.keyword === 'propertyNames') dropped.add(e);
    if (e.keyword === 'discriminator' && e.params.error === 'tag' &&
      errors.some((r) => r.keyword === 'required' && r.instancePath === e.instancePath && r.params.missingProperty === e.params.tag)) dropped.add(e);
    if (e.keyword !== 'oneOf' && e.keyword !== 'anyOf') return;
    const branch = errors.slice(0, k).filter((b) => within(b.instancePath, e.instancePath) && !dropped.has(b));
    const typeMismatch = branch.filter((b) => b.keyword === 'type' && b.instancePath === e.instancePath);
    typeMismatch.forEach((b) => dropped.add(b));
    if (branch.length > typeMismatch.length) dropped.add(e);
  });
  return errors.filter((e) => !dropped.has(e));
}

function screenTypesOf(schema: Obj, tag: string): string[] {
  const branches = Array.isArray(schema.oneOf) ? schema.oneOf : [];
  return branches.flatMap((b: unknown) => {
    const value = isObj(b) && isObj(b.properties) && isObj(b.properties[tag]) ? b.properties[tag].const : undefined;
    return typeof value === 'string' ? [value] : [];
  });
}

function describeOne(e: ErrorObject): Described {
  const at = e.instancePath;
  const p = parent(e);
  const description = typeof p.description === 'string' ? p.description : undefined;
  switch (e.keyword) {
    case 'discriminator': {
      const tag = String(e.params.tag);
      if (e.params.error === 'mapping') {
        const types = screenTypesOf(p, tag);
        const value = String(e.params.tagValue);
        return { pointer: ptr(at, tag), anchor: 'value', code: 'unknown-screen', message: `${tag} "${value}" is not a registered screen type`,
          hint: didYouMean(value, types) ?? `use one of ${quoteList(types, 20)}` };
      }
      return { pointer: ptr(at, tag), anchor: 'value', code: 'invalid-type', message: `"${tag}" must be a string naming a screen type` };
    }
    case 'required': {
      const name = String(e.params.missingProperty);
      const prop = isObj(p.properties) ? p.properties[name] : undefined;
      const what = isObj(prop) && typeof prop.description === 'string' ? ` (${clause(prop.description)})` : '';
      return { pointer: at, anchor: 'key', code: 'missing-property', message: `missing required property "${name}"`, hint: `add "${name}"${what}` };
    }
    case 'additionalProperties': {
      const name = String(e.params.additionalProperty);
      const allowed = isObj(p.properties) ? Object.keys(p.properties).filter((k) => k !== '$schema') : [];
      return { pointer: ptr(at, name), anchor: 'key', code: 'unknown-property', message: `property "${name}" is not allowed here`,
        hint: didYouMean(name, allowed) ?? (allowed.length ? `allowed properties: ${quoteList(allowed)}` : 'remove it') };
    }
    case 'enum': {
      const values = (Array.isArray(e.schema) ? e.schema : []).map(String);
      return { pointer: at, anchor: 'value', code: 'invalid-value', message: `${show(e.data)} is not allowed; must be one of ${quoteList(values)}`,
        hint: typeof e.data === 'string' ? didYouMean(e.data, values) : undefined };
    }
    case 'const':
      return { pointer: at, anchor: 'value', code: 'invalid-value', message: `${show(e.data)} is not allowed; must be ${show(e.schema)}` };
    case 'type':
      return { pointer: at, anchor: 'value', code: 'invalid-type', message: `must be ${String(e.params.type).replace(',', ' or ')}, found ${typeName(e.data)}${e.data === null ? '' : ` ${show(e.data)}`}` };
    case 'oneOf':
    case 'anyOf':
      return { pointer: at, anchor: 'value', code: 'invalid-type', message: `${show(e.data)} fits none of the allowed forms`, hint: description && `expected ${clause(description)}` };
    case 'pattern':
      if (e.propertyName !== undefined) {
        return { pointer: ptr(at, e.propertyName), anchor: 'key', code: 'invalid-format', message: `property name "${e.propertyName}" does not match ${String(e.params.pattern)}`, hint: description && `expected ${clause(description)}` };
      }
      if (p['x-i18n-key'] === true) {
        return { pointer: at, anchor: 'value', code: 'invalid-format', message: `${show(e.data)} is not an i18n key`, hint: 'write the text in locales/*.json and put its key here, e.g. "section.name"' };
      }
      return { pointer: at, anchor: 'value', code: 'invalid-format', message: `${show(e.data)} does not match ${String(e.params.pattern)}`, hint: description && `expected ${clause(description)}` };
    case 'format':
      return { pointer: at, anchor: 'value', code: 'invalid-format', message: `${show(e.data)} is not a valid ${String(e.params.format)}` };
    case 'uniqueItems':
      // ajv's j is the first occurrence, i the repeat
      return { pointer: ptr(at, Number(e.params.i)), anchor: 'value', code: 'invalid-value', message: `item ${String(e.params.i)} repeats item ${String(e.params.j)} (${show(Array.isArray(e.data) ? e.data[Number(e.params.j)] : undefined)}); items must be unique` };
    default:
      return { pointer: at, anchor: 'value', code: 'invalid-value', message: `${e.message ?? `fails "${e.keyword}"`} (found ${show(e.data)})`, hint: description };
  }
}

/** Readable errors, one per mistake, in ajv's order. */
export function describeErrors(errors: ErrorObject[]): Described[] {
  return prune(errors).map(describeOne).map((d) => (d.hint === undefined ? (({ hint: _, ...rest }) => rest)(d) : d));
}
