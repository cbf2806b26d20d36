/** The sandbox API's in-memory store: accounts, tokens, subscriptions, polls and the analytics log. */

export interface Account {
  userId: string;
  email: string;
  name: string;
  landingType: string;
  token: string;
}

export interface SandboxState {
  accountsByEmail: Map<string, Account>;
  accountsByToken: Map<string, Account>;
  events: unknown[];
  nextUserId: number;
  /** Extended by the payment routes (subscriptions, polls). */
  [key: string]: unknown;
}

export function createSandboxState(): SandboxState {
  return { accountsByEmail: new Map(), accountsByToken: new Map(), events: [], nextUserId: 100_000 };
}
