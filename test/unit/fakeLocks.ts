/** navigator.locks for unit tests that run in Node. */
import type { LockRequester } from '../../engine/payments/index.ts';

/** navigator.locks as the browser has it: one holder per name, `ifAvailable`, a queue, `signal`. */
export class FakeLocks implements LockRequester {
  private held = new Set<string>();
  private queues = new Map<string, Array<() => void>>();
  async request(name: string, options: { ifAvailable?: boolean; signal?: AbortSignal }, callback: (lock: unknown) => unknown): Promise<unknown> {
    if (this.held.has(name)) {
      if (options.ifAvailable) return callback(null);
      await new Promise<void>((resolve, reject) => {
        const queue = this.queues.get(name) ?? [];
        queue.push(resolve);
        this.queues.set(name, queue);
        options.signal?.addEventListener('abort', () => reject(new DOMException('The request was aborted.', 'AbortError')));
      });
    }
    this.held.add(name);
    try {
      return await callback({ name });
    } finally {
      this.held.delete(name);
      this.queues.get(name)?.shift()?.();
    }
  }
}
