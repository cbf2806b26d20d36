/**
 * One HTTP/1.1 request written byte for byte to a server, over plain TCP or TLS (a self-signed
 * certificate accepted), and the status and headers of its answer: for the answers a client library
 * would not send (no Host header, a body announced but too large) and for a test server's own TLS.
 */
import { connect as connectTcp } from 'node:net';
import { connect as connectTls } from 'node:tls';

export interface RawAnswer {
  status: number;
  /** Header names in lower case; a repeated header's values joined with ', '. */
  headers: Map<string, string>;
  /** The body as it came (the request should not ask for compression). */
  body: string;
}

/** Parses the head of an HTTP/1.1 answer. */
function parseAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, end < 0 ? text.length : end).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!status) throw new Error(`not an HTTP answer: ${JSON.stringify(statusLine)}`);
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  return { status, headers, body: end < 0 ? '' : text.slice(end + 4) };
}

/**
 * Sends `head` (request line and headers, each line ended by CRLF, without the blank line) and `body` to the
 * server at `base` (http: or https:), and reads its answer until the server closes the connection
 * (send `Connection: close`).
 * @example await rawAnswer('http://127.0.0.1:8080', 'GET / HTTP/1.1\r\nConnection: close\r\n') // 400: no Host
 */
export function rawAnswer(base: string, head: string, body = ''): Promise<RawAnswer> {
  const { protocol, hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket =
      protocol === 'https:'
        ? connectTls({ host: hostname, port: Number(port), rejectUnauthorized: false })
        : connectTcp({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    const received = (): string => Buffer.concat(chunks).toString('utf8');
    let settled = false;
    const done = (): void => {
      if (settled) return;
      settled = true;
      socket.destroy();
      try {
        resolve(parseAnswer(received()));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    socket.once(protocol === 'https:' ? 'secureConnect' : 'connect', () => socket.write(`${head}\r\n${body}`));
    socket.on('data', (chunk: Buffer) => void chunks.push(chunk));
    socket.once('end', done);
    socket.once('close', done);
    // a server may reset the connection right after answering (a refused body): the answer counts
    socket.once('error', (error) => (received().includes('\r\n\r\n') ? done() : reject(error)));
  });
}
