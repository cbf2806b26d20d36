/**
 * Turns ajv's errors into readable ones: the discriminator names the unknown screen type, an extra
 * property names the closest allowed one, `required` names the missing field, enum and const list
 * the allowed values, and a failed `oneOf` reports only the branch that matches the value's type.
 */
import type { ErrorObject } from 'ajv';
import { didYouMean, quoteList } from './suggest.ts';
import type { IssueCode } from './codes.ts';
import { isObj, ptr, type Anchor, type Obj } from './types.ts';

/** A schema error in words, at a pointer relative to the validated value. */
export interface Described {
  pointer: string;
  anchor: Anchor;
  code: IssueCode;
  message: string;
  hint: string;
}

/** A short JSON rendering of a value for messages. */
export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const EXAMPLES: Record<string, string> = { string: '"text"', number: '9.99', integer: '3', boolean: 'true', object: '{ … }', array: '[ … ]', null: 'null' };

/** A concrete fix for a value of the wrong type. */
function typeHint(expected: string, data: unknown, p: Obj): string {
  if (p['x-i18n-key'] === true) return 'write the text in locales/*.json and put its key here as a string, e.g. "section.name"';
  const wanted = expected.split(',');
  if (typeof data === 'string' && (wanted.includes('number') || wanted.includes('integer')) && data.trim() !== '' && Number.isFinite(Number(data))) {
    return `write the number without quotes: ${Number(data)}`;
  }
  if ((typeof data === 'number' || typeof data === 'boolean') && wanted.includes('string')) return `put the value in double quotes: "${String(data)}"`;
  if (typeof data === 'string' && wanted.includes('boolean') && (data === 'true' || data === 'false')) return `write ${data} without quotes`;
  return `write ${wanted.map((t) => `${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t} (e.g. ${EXAMPLES[t] ?? t})`).join(' or ')}`;
}

const typeName = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'number' && Number.isInteger(v) ? 'integer' : typeof v;
const parent = (e: ErrorObject): Obj => (isObj(e.parentSchema) ? e.parentSchema : {});
/** A schema description as a clause: "The terms of use." -> "the terms of use". */
const clause = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1).replace(/\.$/, '');
const within = (path: string, base: string): boolean => path === base || path.startsWith(base + '/');

/** Drops ajv's echo errors so each mistake is reported once. */
function prune(errors: ErrorObject[]): ErrorObject[] {
  const dropped = new Set<ErrorObject>();
  errors.forEach((e, k) => {
    if (e.keyword === 'propertyNames') dropped.add(e);
    if (
      e.keyword === 'discriminator' &&
      e.params.error === 'tag' &&
      errors.some((r) => r.keyword === 'required' && r.instancePath === e.instancePath && r.params.missingProperty === e.params.tag)
    )
      dropped.add(e);
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

/** A fix for a string that misses its pattern: the common patterns of schemas/ in words. */
function patternHint(pattern: string): string {
  if (pattern.startsWith('^https://')) return 'write a full https:// address';
  if (pattern === '^[a-z][a-zA-Z0-9]*$') return 'write a camelCase name: a lower-case letter, then letters and digits';
  if (pattern === '^[a-z0-9-]+$') return 'use lower-case letters, digits and dashes only';
  return `write a value that matches ${pattern}`;
}

/** For minimum, maximum, minItems, minLength and the like: the bound to respect. */
function limitHint(e: ErrorObject): string | undefined {
  const limit = e.params.limit;
  if (typeof limit !== 'number') return undefined;
  const what: Record<string, string> = {
    minimum: `use ${limit} or more`,
    exclusiveMinimum: `use more than ${limit}`,
    maximum: `use ${limit} or less`,
    exclusiveMaximum: `use less than ${limit}`,
    minItems: `give it at least ${limit} item${limit === 1 ? '' : 's'}`,
    maxItems: `give it at most ${limit} items`,
    minLength: `write at least ${limit} character${limit === 1 ? '' : 's'}`,
    maxLength: `write at most ${limit} characters`,
    minProperties: `give it at least ${limit} propert${limit === 1 ? 'y' : 'ies'}`,
    maxProperties: `give it at most ${limit} properties`,
  };
  return what[e.keyword];
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
        return {
          pointer: ptr(at, tag),
          anchor: 'value',
          code: 'unknown-screen',
          message: `${tag} "${value}" is not a registered screen type`,
          hint: didYouMean(value, types) ?? `use one of ${quoteList(types, 20)}`,
        };
      }
      if (isObj(e.data) && !Object.hasOwn(e.data, tag)) {
        return {
          pointer: at,
          anchor: 'key',
          code: 'missing-property',
          message: `missing required property "${tag}"`,
          hint: `add "${tag}": one of ${quoteList(screenTypesOf(p, tag), 20)}`,
        };
      }
      return {
        pointer: ptr(at, tag),
        anchor: 'value',
        code: 'invalid-type',
        message: `"${tag}" must be a string naming a screen type`,
        hint: `use one of ${quoteList(screenTypesOf(p, tag), 20)}`,
      };
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
      return {
        pointer: ptr(at, name),
        anchor: 'key',
        code: 'unknown-property',
        message: `property "${name}" is not allowed here`,
        hint: didYouMean(name, allowed) ?? (allowed.length ? `allowed properties: ${quoteList(allowed)}` : 'remove it'),
      };
    }
    case 'enum': {
      const values = (Array.isArray(e.schema) ? e.schema : []).map(String);
      return {
        pointer: at,
        anchor: 'value',
        code: 'invalid-value',
        message: `${show(e.data)} is not allowed; must be one of ${quoteList(values)}`,
        hint: (typeof e.data === 'string' ? didYouMean(e.data, values) : undefined) ?? `use one of ${quoteList(values)}`,
      };
    }
    case 'const':
      return {
        pointer: at,
        anchor: 'value',
        code: 'invalid-value',
        message: `${show(e.data)} is not allowed; must be ${show(e.schema)}`,
        hint: `write ${show(e.schema)}`,
      };
    case 'type':
      return {
        pointer: at,
        anchor: 'value',
        code: 'invalid-type',
        message: `must be ${String(e.params.type).replace(',', ' or ')}, found ${typeName(e.data)}${e.data === null ? '' : ` ${show(e.data)}`}`,
        hint: typeHint(String(e.params.type), e.data, p),
      };
    case 'oneOf':
    case 'anyOf':
      return {
        pointer: at,
        anchor: 'value',
        code: 'invalid-type',
        message: `${show(e.data)} fits none of the allowed forms`,
        hint: description ? `expected ${clause(description)}` : 'compare it with the schema named by "$schema" at the top of the file',
      };
    case 'pattern':
      if (e.propertyName !== undefined) {
        return {
          pointer: ptr(at, e.propertyName),
          anchor: 'key',
          code: 'invalid-format',
          message: `property name "${e.propertyName}" does not match ${String(e.params.pattern)}`,
          hint: description ? `expected ${clause(description)}` : patternHint(String(e.params.pattern)),
        };
      }
      if (p['x-i18n-key'] === true) {
        return {
          pointer: at,
          anchor: 'value',
          code: 'invalid-format',
          message: `${show(e.data)} is not an i18n key`,
          hint: 'write the text in locales/*.json and put its key here, e.g. "section.name"',
        };
      }
      return {
        pointer: at,
        anchor: 'value',
        code: 'invalid-format',
        message: `${show(e.data)} does not match ${String(e.params.pattern)}`,
        hint: description ? `expected ${clause(description)}` : patternHint(String(e.params.pattern)),
      };
    case 'format':
      return {
        pointer: at,
        anchor: 'value',
        code: 'invalid-format',
        message: `${show(e.data)} is not a valid ${String(e.params.format)}`,
        hint: `write a complete ${String(e.params.format)}${e.params.format === 'uri' ? ', e.g. "https://example.com/terms"' : ''}`,
      };
    case 'uniqueItems':
      // ajv's j is the first occurrence, i the repeat
      return {
        pointer: ptr(at, Number(e.params.i)),
        anchor: 'value',
        code: 'invalid-value',
        message: `item ${String(e.params.i)} repeats item ${String(e.params.j)} (${show(Array.isArray(e.data) ? e.data[Number(e.params.j)] : undefined)}); items must be unique`,
        hint: `remove item ${String(e.params.i)}`,
      };
    default:
      return {
        pointer: at,
        anchor: 'value',
        code: 'invalid-value',
        message: `${e.message ?? `fails "${e.keyword}"`} (found ${show(e.data)})`,
        hint: limitHint(e) ?? (description ? `expected ${clause(description)}` : `change it so that it ${e.message ?? `passes "${e.keyword}"`}`),
      };
  }
}

/** Readable errors, one per mistake, in ajv's order. */
export function describeErrors(errors: ErrorObject[]): Described[] {
  return prune(errors).map(describeOne);
}
