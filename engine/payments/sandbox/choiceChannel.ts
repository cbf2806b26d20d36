/**
 * A question the sandbox puts to the visitor (the 3-D Secure challenge, the PayPal approval): the
 * gateway awaits `ask()`, the dialog renders the pending question and calls `answer()`.
 */

export interface ChoiceChannel<C extends string> {
  /** Shows the question; resolves with the visitor's choice. A new question replaces an open one. */
  ask(values?: Record<string, string>): Promise<C>;
  answer(choice: C): void;
  subscribe(listener: () => void): () => void;
  /** The open question's text values, or null when none is open. */
  pending(): Record<string, string> | null;
}

/** @example const channel = createChoiceChannel<'complete' | 'fail'>('fail'); const choice = await channel.ask(); */
export function createChoiceChannel<C extends string>(onReplace: C): ChoiceChannel<C> {
  let open: Record<string, string> | null = null;
  let resolve: ((choice: C) => void) | undefined;
  const listeners = new Set<() => void>();
  const emit = (): void => listeners.forEach((l) => l());
  const channel: ChoiceChannel<C> = {
    ask(values = {}) {
      resolve?.(onReplace);
      return new Promise<C>((r) => {
        open = { ...values };
        resolve = r;
        emit();
      });
    },
    answer(choice) {
      const r = resolve;
      open = null;
      resolve = undefined;
      emit();
      r?.(choice);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    pending: () => open,
  };
  return channel;
}
