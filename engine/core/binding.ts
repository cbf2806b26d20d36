/**
 * Store fields named by a flow: a generic screen that writes the store takes the field from its
 * props as `"bind": "<slice>.<field>"` (e.g. "profile.name"), so the screen stays free of any
 * product's slices. The validator checks every bind against the declared slices; these functions
 * still fail with a clear message when code-built data names a field that does not exist.
 */
import type { FunnelState } from './store.ts';

/** The shape of a bind: a slice name and a field name, joined by a dot. */
export const BIND_PATTERN = /^([a-zA-Z][a-zA-Z0-9]*)\.([a-zA-Z][a-zA-Z0-9]*)$/;

/**
 * The slice and field of a bind.
 * @example parseBind('profile.name') // { slice: 'profile', field: 'name' }
 */
export function parseBind(bind: string): { slice: string; field: string } {
  const m = BIND_PATTERN.exec(bind);
  if (!m) throw new Error(`bind "${bind}" is not "<slice>.<field>": run \`npm run validate\`.`);
  return { slice: m[1]!, field: m[2]! };
}

function sliceFor(state: unknown, bind: string): { slice: Record<string, unknown>; field: string } {
  const { slice, field } = parseBind(bind);
  const value = (state as Record<string, unknown>)[slice];
  if (!value || typeof value !== 'object' || typeof (value as Record<string, unknown>)[field] !== 'string') {
    throw new Error(`bind "${bind}" names no text field of the store: run \`npm run validate\`.`);
  }
  return { slice: value as Record<string, unknown>, field };
}

/**
 * The text in the bound field of the store (or of a render snapshot of it).
 * @example readBound(snap, 'profile.role') // 'parent'
 */
export function readBound(state: FunnelState | Readonly<FunnelState>, bind: string): string {
  const { slice, field } = sliceFor(state, bind);
  return slice[field] as string;
}

/**
 * Writes text into the bound field of the store.
 * @example writeBound(store, 'profile.name', 'Anna')
 */
export function writeBound(store: FunnelState, bind: string, value: string): void {
  const { slice, field } = sliceFor(store, bind);
  slice[field] = value;
}
