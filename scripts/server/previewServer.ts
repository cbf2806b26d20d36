/**
 * The preview server: the built bundle plus the sandbox API, on 127.0.0.1. A route written in another
 * case or with a trailing slash is redirected to the route (routeRedirect.ts). Bad requests (malformed
 * or over-long URLs, bodies over 16 KiB, invalid fields) get a 4xx with a body and no log line; a
 * handler that throws answers 500 and the server keeps running.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpError, liftBodyLimit, sendJson } from './http.ts';
import type { ClauseId } from '../contract/clauseIds.ts';
import { answerBadUrl, answerLongUrl, handleClientError, MAX_HEADER_BYTES, parseRequestUrl } from './requestGuards.ts';
import { accountRoutes, type SandboxRoute } from './sandbox/routes.ts';
import { paymentRoutes } from './sandbox/payments.ts';
import { errorCollectorRoutes } from './sandbox/errorCollector.ts';
import { collectorRoutes } from './sandbox/collector.ts';
import { vendorRoutes } from './sandbox/vendorEndpoints.ts';
import { startPurchaseRelay } from './sandbox/purchaseRelay.ts';
import { serveInspector } from './inspector.ts';
import { REPORT_PATH, serveReport } from './reportRoute.ts';
import { setCollectorLogFile } from './sandbox/collectorLog.ts';
import { createSandboxState, type SandboxLimits, type SandboxState } from './sandbox/state.ts';
import { SECURITY_HEADERS } from '../../engine/build/index.ts';
import { createStaticHandler } from './static.ts';
import { createRouteRedirect } from './routeRedirect.ts';

export interface PreviewServer {
  server: Server;
  url: string;
  state: SandboxState;
  close: () => Promise<void>;
}

/** Extra route tables (the payment calls) are added here. */
export const sandboxRoutes: SandboxRoute[] = [...accountRoutes, ...errorCollectorRoutes, ...paymentRoutes, ...collectorRoutes, ...vendorRoutes];

export interface PreviewServerOptions {
  distDir: string;
  port?: number;
  host?: string;
  limits?: SandboxLimits;
  /** `npm run dev`: files are read from disk on every request (they change), uncompressed. */
  live?: boolean;
  /** Answers a request before the sandbox and the files do (the dev server's live reload); true when it did. */
  intercept?: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;
  /** A JSON-lines file the analytics collector appends every accepted message to (for `npm run report`). */
  collectorLog?: string;
  /** The JSON-lines file of the purchase relay's dead letters (default: relay-dead-letter.jsonl in the system's temporary folder). */
  relayDeadLetter?: string;
  /**
   * Test only (test/unit/contract-breaks.test.ts): the sandbox stops keeping this contract clause, so
   * the test can prove `npm run contract` notices. No script passes it.
   */
  contractBreak?: ClauseId;
}

export async function startPreviewServer(options: PreviewServerOptions): Promise<PreviewServer> {
  const state = createSandboxState(options.limits);
  state.contractBreak = options.contractBreak;
  setCollectorLogFile(state, options.collectorLog);
  const serveStatic = createStaticHandler(options.distDir, { live: options.live });
  const redirectToRoute = createRouteRedirect(options.distDir, { live: options.live });
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    const parsed = parseRequestUrl(req.url);
    if (answerLongUrl(req, res, parsed, SECURITY_HEADERS)) return;
    if (!parsed) return answerBadUrl(req, res, SECURITY_HEADERS);
    const url = parsed;
    if (options.intercept?.(req, res, url.pathname)) return;
    const method = req.method ?? 'GET';
    const handle = async (): Promise<void> => {
      if (url.pathname.startsWith('/sandbox/')) {
        if (state.contractBreak === 'body-size') liftBodyLimit(req, 'size');
        if (state.contractBreak === 'body-depth') liftBodyLimit(req, 'depth');
        const candidates = sandboxRoutes.filter((r) => r.pattern.test(url.pathname));
        if (!candidates.length) return sendJson(res, 404, { errors: { messages: [`No sandbox call at ${url.pathname}`] } });
        const route = candidates.find((r) => r.method === method);
        if (!route)
          return sendJson(res, 405, { errors: { messages: [`${method} is not allowed here`] } }, { allow: candidates.map((r) => r.method).join(', ') });
        return route.handle(state, req, res, route.pattern.exec(url.pathname)!, url);
      }
      if ((method === 'GET' || method === 'HEAD') && serveInspector(url.pathname, res, SECURITY_HEADERS)) return;
      if ((method === 'GET' || method === 'HEAD') && url.pathname === REPORT_PATH) return serveReport(state, res, SECURITY_HEADERS);
      if (await redirectToRoute(req, res, url, SECURITY_HEADERS)) return;
      if (method !== 'GET' && method !== 'HEAD')
        return sendJson(res, 405, { errors: { messages: ['Only GET and HEAD are served here'] } }, { allow: 'GET, HEAD' });
      return serveStatic(req, res, url.pathname, SECURITY_HEADERS);
    };
    handle().catch((error: unknown) => {
      if (res.headersSent) return res.end();
      if (error instanceof HttpError) return sendJson(res, error.status, error.body, error.headers);
      console.error('preview server error:', error);
      sendJson(res, 500, { errors: { messages: ['Internal sandbox error'] } });
    });
  });
  server.on('clientError', handleClientError);
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const url = `http://${address.address}:${address.port}`;
  // every confirmed purchase goes to the vendors' server APIs too, here their stand-ins on this server
  startPurchaseRelay(state, url, options.relayDeadLetter ?? join(tmpdir(), 'relay-dead-letter.jsonl'));
  return {
    server,
    url,
    state,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
