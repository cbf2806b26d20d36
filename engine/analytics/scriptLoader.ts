/**
 * Adds a third-party script (async) once per URL. Resolves when it has run, rejects when it fails
 * (blocked by an ad blocker, no network) or has not loaded within the time limit; nothing waits on
 * it but the destination that asked.
 */
const loading = new Map<string, Promise<void>>();

export const SCRIPT_TIMEOUT_MS = 15_000;

export function loadScript(doc: Document, src: string, timeoutMs = SCRIPT_TIMEOUT_MS): Promise<void> {
  const known = loading.get(src);
  if (known) return known;
  const promise = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.async = true;
    script.src = src;
    const timer = setTimeout(() => reject(new Error(`${src} did not load in time`)), timeoutMs);
    script.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error(`${src} could not load`));
    };
    doc.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}
