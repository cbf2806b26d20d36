/**
 * The relay as a serverless function. The default export is Web-standard (`fetch(Request, env?)`,
 * the shape of Cloudflare Workers and of Vercel's and Netlify's functions); `nodeHandler` is the
 * `(req, res)` form for Node function hosts. Configuration is read from the environment on first use:
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

export default {
  fetch: (request: Request, env?: RelayEnv): Promise<Response> => handlersFor(env && typeof env === 'object' ? env : processEnv()).fetch(request),
};

/** The Node form: `export { nodeHandler as default }` in a Node function host's file. */
export function nodeHandler(req: IncomingMessage, res: ServerResponse): Promise<void> {
  return handlersFor(processEnv()).node(req, res);
}
