/** The shapes every validator module shares: one issue, one loaded JSON file. */
import type { IssueCode } from './codes.ts';
import type { Mapping } from './jsonParse.ts';

/** One problem found in the flow files, located by file, line, column and JSON pointer. */
export interface ValidationIssue {
  /** Path relative to the project root, e.g. 'flows/landings.json'. */
  file: string;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  col: number;
  /** JSON pointer of the offending value; '' for the root. */
  pointer: string;
  /** A stable code such as 'unknown-plan' (see codes.ts). */
  code: IssueCode;
  /** What is wrong. */
  message: string;
  /** How to fix it, e.g. 'did you mean "gz-1-month-tiger"?'. Every issue has one. */
  hint: string;
  /** 'warning' is printed but does not fail validation; absent means an error. */
  severity?: 'warning';
}

/** Everything the validator found, the files it read (relative to the root), and what they hold. */
export interface ValidationResult {
  issues: ValidationIssue[];
  files: string[];
  /** The parsed flow files (those that parsed), so that no caller parses them a second time. */
  data: FunnelDocuments;
}

/** The values of the flow files: every flow, landings.json and plans.json. */
export interface FunnelDocuments {
  flows: unknown[];
  landings?: unknown;
  plans?: unknown;
  experiments?: unknown;
}

/** True when an issue fails validation (every issue that is not a warning). */
export function isError(issue: ValidationIssue): boolean {
  return issue.severity !== 'warning';
}

/** A parsed JSON file with the source positions of every value. */
export interface JsonDoc {
  /** Path relative to the project root. */
  file: string;
  data: unknown;
  /** Positions by JSON pointer (computed on first use). */
  readonly pointers: Map<string, Mapping>;
}

/** Where a pointer's position is taken from: its value, or its key (for a missing or extra property). */
export type Anchor = 'value' | 'key';

/** A JSON object (not null, not an array). */
export type Obj = Record<string, unknown>;

/** True for a plain JSON object. */
export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Escapes one JSON pointer segment (RFC 6901). */
export function escapePointer(segment: string): string {
  if (!segment.includes('~') && !segment.includes('/')) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins JSON pointer segments: ptr('/steps', 'a/b') === '/steps/a~1b'. */
export function ptr(base: string, ...segments: Array<string | number>): string {
  return base + segments.map((s) => '/' + escapePointer(String(s))).join('');
}
