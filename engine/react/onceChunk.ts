/** A chunk loaded once, on demand: every caller shares the same load, and a failed load may be tried again. */
export function onceChunk<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}
