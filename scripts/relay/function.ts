/**
 * The relay as a serverless function: `fetchHandler` is Web-standard (`(Request, env?) => Response`,
 * Vercel's and Netlify's functions), the default export `{ fetch }` is a Cloudflare module worker, and
 * `nodeHandler` is the `(req, res)` form for Node function hosts. Configuration is read from the environment on first use:
 * the `env` argument where the host passes one (Workers), else `process.env`.
 * Deploying: docs/operations.md "Server-side conversions".
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { relayConfigFromEnv, type RelayEnv } from './config.ts';
import { deadLetterFile } from './deadLetterFile.ts';
import { createFetchHandler, createNodeHandler } from './handler.ts';
import { createRelay } from './relay.ts';

let made: { env: RelayEnv; fetch: (r: Request) => Promise<Response>; node: ReturnType<typeof createNodeHandler> } | undefined;

function handlersFor(env: RelayEnv): NonNullable<typeof made> {
  if (made && made.env === env) return made;
  const { config, token, deadLetterFile: file, problems } = relayConfigFromEnv(env);
  if (problems.length) throw new Error(`The relay's configuration is wrong:\n- ${problems.join('\n- ')}`);
  const relay = createRelay({ ...config, deadLetter: deadLetterFile(file) });
  made = { env, fetch: createFetchHandler(relay, token), node: createNodeHandler(relay, token) };
  return made;
}

const processEnv = (): RelayEnv => (globalThis as { process?: { env: RelayEnv } }).process?.env ?? {};

/**
 * The Web-standard form: `export { fetchHandler as default }` (Netlify Functions), `export { fetchHandler as POST }` (Vercel).
 * @example const response = await fetchHandler(new Request(url, { method: 'POST', headers, body }));
 */
export function fetchHandler(request: Request, env?: RelayEnv): Promise<Response> {
  return handlersFor(env && typeof env === 'object' ? env : processEnv()).fetch(request);
}

/** The module-worker form (Cloudflare Workers: `export { default } from …`), which passes the variables as `env`. */
export default { fetch: fetchHandler };

/** The Node form: `export { nodeHandler as default }` in a Node function host's file. */
export function nodeHandler(req: IncomingMessage, res: ServerResponse): Promise<void> {
  return handlersFor(processEnv()).node(req, res);
}
