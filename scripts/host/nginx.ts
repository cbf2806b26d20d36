/**
 * Runs the production build behind a real nginx (Debian's package), configured only by the include
 * files the build ships in `_host/`, as a host would be: for the e2e test and the bench. nginx runs in
 * the foreground in its own temporary prefix (pid, logs, temp folders) on a free loopback port, plain
 * HTTP, and on a second one over TLS with a self-signed certificate made for the run (as a host
 * terminating HTTPS itself), and is stopped with the returned `close`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { NGINX_HTTP_FILE, NGINX_SERVER_FILE } from '../../engine/build/index.ts';

export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const hasNginx = (): boolean => existsSync(NGINX_PATH);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The whole nginx.conf around the build's two include files: one server, on a plain port and a TLS one. */
function mainConfig(prefix: string, distDir: string, port: number, tlsPort: number): string {
  // as root nginx would drop its workers to `nobody`, who cannot read a build in a private temp folder
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(prefix, kind)};`).join('\n');
  return `${user}daemon off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
${temp}
  include ${join(distDir, NGINX_HTTP_FILE)};
  server {
    listen 127.0.0.1:${port};
    listen 127.0.0.1:${tlsPort} ssl;
    ssl_certificate ${join(prefix, 'cert.pem')};
    ssl_certificate_key ${join(prefix, 'key.pem')};
    root ${distDir};
    include ${join(distDir, NGINX_SERVER_FILE)};
  }
}
`;
}

export interface NginxHost {
  /** The plain-HTTP address. */
  url: string;
  /** The same server over TLS (a self-signed certificate for 127.0.0.1: a client must not verify it). */
  httpsUrl: string;
  /** What nginx wrote to its error log so far. */
  errors: () => string;
  /** The shell command that makes this nginx read its configuration again (`nginx -s reload` of its prefix). */
  reloadCommand: string;
  close: () => Promise<void>;
}

/** Serves a production build folder through nginx; rejects with nginx's own message when the configuration does not load. */
export async function startNginx(distDir: string): Promise<NginxHost> {
  const prefix = mkdtempSync(join(tmpdir(), 'funnel-nginx-'));
  const [port, tlsPort] = [await freePort(), await freePort()];
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keySize: 2048 });
  writeFileSync(join(prefix, 'cert.pem'), pems.cert);
  writeFileSync(join(prefix, 'key.pem'), pems.private);
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, mainConfig(prefix, distDir, port, tlsPort));
  const check = spawnSync(NGINX_PATH, ['-t', '-q', '-p', prefix, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused the build's configuration:\n${check.stderr}`);
  const child = spawn(NGINX_PATH, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}`);
    const up = await fetch(`${url}/favicon.ico`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url} within 10 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const log = join(prefix, 'error.log');
  return {
    url,
    httpsUrl: `https://127.0.0.1:${tlsPort}`,
    reloadCommand: `${NGINX_PATH} -p '${prefix}' -c '${conf}' -s reload`,
    errors: () => (existsSync(log) ? readFileSync(log, 'utf8') : '') + stderr,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
