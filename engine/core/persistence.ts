/**
 * Persistence in local storage under one root key, version 0 (spec section 3), of every slice
 * declared with `persist: true` (the kernel's plans, ui, signup and events, and the product's own),
 * without the fields a declaration marks transient. Restoring validates every field against the
 * slice's defaults, so a corrupt or foreign value falls back to its default instead of breaking the
 * funnel; a slice missing from the saved data (one the product declared later) keeps its defaults.
 */
import { subscribe } from 'valtio/vanilla';
import { declarationsOf, type FunnelState } from './store.ts';
import type { AnySliceDeclaration } from './slices.ts';
import { readItem, writeItem } from './safeStorage.ts';

export const PERSIST_KEY = 'persist:root';
export const PERSIST_VERSION = 0;
export const REHYDRATE_TIMEOUT_MS = 5000;

/** The persisted slices of a store, by name, in declaration order. */
function persistedSlices(store: FunnelState): [string, AnySliceDeclaration][] {
  return Object.entries(declarationsOf(store)).filter(([, declaration]) => declaration.persist);
}

/** A slice of the store by name (the names come from the store's own declarations). */
function sliceOf(store: FunnelState, name: string): Record<string, unknown> {
  return (store as unknown as Record<string, Record<string, unknown>>)[name]!;
}

export type RestoreResult = 'restored' | 'empty' | 'corrupt' | 'version-mismatch' | 'timeout';

/** Copies the fields of `saved` whose type matches the default's; nested plain objects recurse. */
function mergeChecked(target: Record<string, unknown>, defaults: Record<string, unknown>, saved: unknown): void {
  if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return;
  for (const [key, def] of Object.entries(defaults)) {
    const value = (saved as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (def !== null && typeof def === 'object' && !Array.isArray(def)) {
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        if (Object.keys(def).length === 0) {
          // an open map (utm, analyticsData): keep string values only
          target[key] = Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string'));
        } else {
          mergeChecked(target[key] as Record<string, unknown>, def as Record<string, unknown>, value);
        }
      }
    } else if (typeof value === typeof def || (def === null && typeof value === 'boolean')) {
      target[key] = value;
    }
  }
}

/** What gets written: the persisted slices without the fields that must stay out. */
export function serialize(store: FunnelState): string {
  const payload: Record<string, unknown> = { version: PERSIST_VERSION };
  for (const [name, declaration] of persistedSlices(store)) {
    const copy: Record<string, unknown> = { ...sliceOf(store, name) };
    for (const field of declaration.transient ?? []) delete copy[field];
    payload[name] = copy;
  }
  return JSON.stringify(payload);
}

/** A saved slice with its fields' earlier names replaced by the current ones (a value saved under the current name wins). */
function withCurrentNames(saved: Record<string, unknown>, renamed: Readonly<Record<string, string>> | undefined): Record<string, unknown> {
  if (!renamed) return saved;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(saved)) {
    const name = Object.hasOwn(renamed, key) ? renamed[key]! : key;
    if (name === key || !Object.hasOwn(saved, name)) out[name] = value;
  }
  return out;
}

/** Applies saved data to the store; corrupt or foreign data leaves the defaults. */
export function applySaved(store: FunnelState, raw: string | undefined): RestoreResult {
  if (raw === undefined) return 'empty';
  let saved: unknown;
  try {
    saved = JSON.parse(raw);
  } catch {
    return 'corrupt';
  }
  if (!saved || typeof saved !== 'object') return 'corrupt';
  if ((saved as { version?: unknown }).version !== PERSIST_VERSION) return 'version-mismatch';
  for (const [name, declaration] of persistedSlices(store)) {
    const value = (saved as Record<string, unknown>)[name];
    const skip: readonly string[] = declaration.transient ?? [];
    const current = value && typeof value === 'object' ? withCurrentNames(value as Record<string, unknown>, declaration.renamed) : value;
    const clean = current && typeof current === 'object' ? Object.fromEntries(Object.entries(current).filter(([k]) => !skip.includes(k))) : current;
    mergeChecked(sliceOf(store, name), declaration.defaults() as Record<string, unknown>, clean);
  }
  return 'restored';
}

/**
 * Restores the persisted slices before the first render. Gives up after `timeoutMs` (5 s) so a
 * storage that hangs never keeps the funnel from showing.
 */
export async function restore(
  store: FunnelState,
  read: () => Promise<string | undefined> | string | undefined = () => readItem('local', PERSIST_KEY),
  timeoutMs = REHYDRATE_TIMEOUT_MS,
): Promise<RestoreResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const raw = await Promise.race([Promise.resolve().then(read), timeout]);
    if (raw === 'timeout') return 'timeout';
    return applySaved(store, raw);
  } catch {
    return 'corrupt';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Writes the persisted slices on every change (batched by valtio). `onWriteFailed` is called once
 * when storage is full or unavailable; the funnel carries on with its state in memory.
 * @returns a function that stops persisting
 */
export function startPersisting(
  store: FunnelState,
  onWriteFailed: () => void = () => {},
  write: (value: string) => boolean = (value) => writeItem('local', PERSIST_KEY, value),
): () => void {
  let warned = false;
  let queued = false;
  let stopped = false;
  const save = (): void => {
    queued = false;
    if (stopped) return;
    if (!write(serialize(store)) && !warned) {
      warned = true;
      onWriteFailed();
    }
  };
  // one write for the changes of one task: valtio tells each slice apart, and a step's move or a
  // call's answer often changes several (each write serialises the whole store into localStorage)
  const saveOnce = (): void => {
    if (queued) return;
    queued = true;
    queueMicrotask(save);
  };
  const stops = persistedSlices(store).map(([name]) => subscribe(sliceOf(store, name), saveOnce));
  save();
  return () => {
    stopped = true;
    stops.forEach((stop) => stop());
  };
}
