/**
 * Declared state slices (no React). The engine keeps a few kernel slices of its own (store.ts); the
 * product declares the rest, each with its defaults and whether it persists, and the store and
 * persistence follow those declarations instead of a hard-coded list.
 */

/**
 * How a slice is made and kept.
 * @example const options: SliceDeclaration<OptionsState> = { defaults: () => ({ done: false }), persist: false };
 */
export interface SliceDeclaration<T extends object> {
  /** A fresh copy of the slice's default value (called once per store and when restoring). */
  defaults: () => T;
  /** True when the slice is written to local storage and restored on the next visit. */
  persist: boolean;
  /** Fields of a persisted slice that never reach local storage (e.g. an access token). */
  transient?: readonly (keyof T & string)[];
  /** Fields stored under an earlier name: a saved value is restored into its current field (when that one is not saved). */
  renamed?: Readonly<Record<string, keyof T & string>>;
}

/** A declaration of any slice, as the store and persistence walk them. */
export type AnySliceDeclaration = SliceDeclaration<object>;

/** The declarations of a state shape: one per slice, each typed by the slice's value. */
export type SliceDeclarationsOf<S> = { [K in keyof S]: S[K] extends object ? SliceDeclaration<S[K]> : never };

/** The defaults of every declared slice, as one fresh object. */
export function sliceDefaults<S>(declarations: SliceDeclarationsOf<S>): S {
  const entries = Object.entries(declarations as unknown as Record<string, AnySliceDeclaration>).map(([name, d]) => [name, d.defaults()]);
  return Object.fromEntries(entries) as S;
}
