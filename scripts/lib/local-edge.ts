/**
 * The local stand-in for the CDN edge in front of the worker: a plain HTTP server that hands each
 * request to workerd's direct socket and the answer back byte for byte. It does the one thing the
 * edge does for the worker that matters here, naming the client's address (`cf-connecting-ip`),
 * and nothing else: no coding is added, removed or rewritten on either way, so what a client
 * receives is exactly what the worker sent (miniflare's own entry rewrites Accept-Encoding and
 * stamps `content-encoding` on bodiless 304 and 204 answers).
 */
import { Agent, createServer, request as forward, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type LocalEdge = { url: URL; close(): Promise<void> };

/** Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection, never the message. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/** Requests without a body, which may be sent again when the first socket fails. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `::ffff:127.0.0.1` → `127.0.0.1`, as Cloudflare writes an IPv4 client. */
const clientAddress = (address: string | undefined) => (address ?? '127.0.0.1').replace(/^::ffff:/, '');

export function startLocalEdge(worker: URL, listen: { port: number; host: string }): Promise<LocalEdge> {
  const agent = new Agent({ keepAlive: true });
  const server = createServer((req, res) => {
    const headers = endToEnd(req.headers);
    // A local client may name its own address (tests speak from many); otherwise the peer's, as the edge does.
    headers['cf-connecting-ip'] ??= clientAddress(req.socket.remoteAddress);
    const send = (again: boolean) => {
      const upstream = forward(
        { agent, host: worker.hostname, port: worker.port, method: req.method, path: req.url, headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
          answer.pipe(res);
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the worker closed while it lay idle: a request without a body is sent again
        // on a new one, as Node's documentation advises (http: `request.reusedSocket`).
        if (!again && IDEMPOTENT.has(req.method ?? '') && upstream.reusedSocket && error.code === 'ECONNRESET')
          return send(true);
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`local edge: the worker did not answer (${error.message})`);
      });
      if (again) upstream.end();
      else req.pipe(upstream);
    };
    send(false);
  });
  // Idle client connections stay open longer than a client keeps them (undici: 4 s), as a CDN's do:
  // Node's 5 s default closes a socket a busy client is about to reuse ("other side closed").
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: new URL(`http://${listen.host}:${port}/`),
        close: () =>
          new Promise<void>((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
