/**
 * The preview server for unit tests: one per test file on a free port, serving a throwaway bundle
 * folder with one page, started before the file's tests and closed after them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPreviewServer, type PreviewServer } from '../../scripts/server/previewServer.ts';

/** Registers the file's server; read `.server` inside tests (it exists once beforeAll has run). */
export function previewServerPerFile(): { readonly server: PreviewServer } {
  let server: PreviewServer | undefined;
  let distDir = '';
  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'preview-dist-'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>app</title>');
    // the exact routes a build lists (engine/build/hostRoutes.ts)
    writeFileSync(join(distDir, 'routes.json'), JSON.stringify(['/', '/discount', '/signup/plans']));
    server = await startPreviewServer({ distDir, port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(distDir, { recursive: true, force: true });
  });
  return {
    get server(): PreviewServer {
      if (!server) throw new Error('the preview server starts in beforeAll: read it inside a test');
      return server;
    },
  };
}

/** A raw request (node:http keeps the target exactly as given, unlike fetch). */
export function send(
  base: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { method, path, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}
