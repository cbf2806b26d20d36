/**
 * Runs the checkout component tests against the real sandbox API: a preview server in this process,
 * the store's axios clients pointed at it (fetch adapter: no browser CORS in jsdom), and relative
 * /sandbox/... fetches (the sandbox gateway) rewritten to its address.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { FunnelConfig } from '../../engine/index.ts';
import { PREVIEW_CONFIG } from '../../screens/product/previewConfig.ts';
import { httpClientsFor } from '../../screens/product/signup.ts';
import type { FunnelState } from '../../engine/index.ts';
import { accountKey, clearPurchaseRecord } from '../../engine/payments/index.ts';
import { startPreviewServer, type PreviewServer } from '../../scripts/server/previewServer.ts';
import { SANDBOX_PUBLISHABLE_KEY } from '../../scripts/server/sandbox/account.ts';
import { paymentsOf, type Subscription } from '../../scripts/server/sandbox/paymentsState.ts';

export interface Sandbox {
  server: PreviewServer;
  /** Signs a new account up and prepares a store as the signup screen leaves it. */
  signedIn: (store: FunnelState, plan: string, landingType?: string) => void;
  /** Creates the account (call before rendering), signed up from a variant (default fullPrice), and returns its e-mail. */
  account: (landingType?: string) => Promise<{ email: string; token: string; userId: string; key: string }>;
  subscriptions: (email: string) => Subscription[];
  /** Subscription posts the sandbox received so far (all accounts). */
  subscriptionPosts: () => number;
  /** Braintree subscription posts (call 5) the sandbox received so far from this access token. */
  braintreePosts: (token: string) => number;
  stop: () => Promise<void>;
}

/** Starts the sandbox and reroutes fetch; call in beforeAll. */
export async function startSandbox(): Promise<Sandbox> {
  const dist = mkdtempSync(join(tmpdir(), 'checkout-components-'));
  const server = await startPreviewServer({ distDir: dist, port: 0 });
  paymentsOf(server.state).pendingPolls = 1; // one 202 (with Retry-After: 1) keeps the tests quick
  paymentsOf(server.state).braintreeDelayMs = 300;
  let posts = 0;
  const braintreeTokens: string[] = [];
  server.server.on('request', (req) => {
    if (req.method === 'POST' && req.url?.includes('/subscriptions/polling/')) posts++;
    if (req.method === 'POST' && req.url?.includes('/braintree/subscriptions/')) braintreeTokens.push(req.headers.authorization ?? '');
  });
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    realFetch(typeof input === 'string' && input.startsWith('/sandbox/') ? `${server.url}${input}` : input, init),
  );
  const absolute: FunnelConfig = {
    ...PREVIEW_CONFIG,
    backendSettings: Object.fromEntries(Object.entries(PREVIEW_CONFIG.backendSettings).map(([name, path]) => [name, `${server.url}${path}`])),
  };
  let last: { email: string; token: string; userId: string } | undefined;
  let n = 0;
  return {
    server,
    async account(landingType = 'fullPrice') {
      const email = `checkout${++n}.${Date.now()}@example.com`;
      const res = await realFetch(`${server.url}/sandbox/webapi/api/v1/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ registration_source: 'email', name: 'Ada', email, landing_type: landingType }),
      });
      const answer = (await res.json()) as { access_token: string; entity: { geozilla_user_id: string } };
      last = { email, token: answer.access_token, userId: answer.entity.geozilla_user_id };
      // the key its purchase record is stored under (engine/payments/account.ts)
      return { ...last, key: accountKey(last.userId, email) };
    },
    signedIn(store, plan, landingType = 'fullPrice') {
      if (!last) throw new Error('call account() first');
      Object.assign(store.signup, {
        email: last.email,
        token: last.token,
        userId: last.userId,
        accountId: last.userId,
        accountEmail: last.email,
        isSuccess: true,
        publishableKey: SANDBOX_PUBLISHABLE_KEY,
        // as the sandbox's payment settings hand it out (the vault manager's stand-in reads the account from it)
        clientToken: server.state.accountsByEmail.get(last.email)!.clientToken,
      });
      Object.assign(store.plans, { plan, landingType });
      const clients = httpClientsFor(store, absolute);
      for (const client of Object.values(clients)) client.defaults.adapter = 'fetch';
    },
    subscriptions: (email) => paymentsOf(server.state).subscriptions.filter((s) => s.email === email),
    subscriptionPosts: () => posts,
    braintreePosts: (token) => braintreeTokens.filter((t) => t === `Bearer ${token}`).length,
    async stop() {
      vi.unstubAllGlobals();
      await server.close();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/**
 * One sandbox for the whole test file, and after each test no purchase record and an empty `storage`
 * (the tab's session or the browser's local storage, whichever the file's tests write).
 * @example const sandbox = sandboxPerFile(() => sessionStorage); … await sandbox().account();
 */
export function sandboxPerFile(storage: () => Storage): () => Sandbox {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox?.stop());
  afterEach(() => {
    clearPurchaseRecord();
    storage().clear();
  });
  return () => {
    if (!sandbox) throw new Error('the sandbox starts in beforeAll');
    return sandbox;
  };
}
