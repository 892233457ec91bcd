/**
 * A stand-in for the bucket over real HTTP: a Node server answering each request with what a
 * Fetch-style handler returns, bytes and headers as they are (stored gzip or brotli bytes keep
 * their `content-encoding`). The worker reads it as an S3-compatible origin (ORIGIN_URL), so the
 * tests that make the bucket fail or count its reads speak to a real server.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Origin = (request: Request) => Promise<Response>;
export type OriginServer = { url: URL; close(): Promise<void> };

export function startOriginServer(origin: Origin): Promise<OriginServer> {
  const server = createServer(async (req, res) => {
    try {
      const answer = await origin(new Request(new URL(req.url ?? '/', 'http://origin'), { method: req.method }));
      const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : null;
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(body);
    } catch (error) {
      // A handler that throws is a test's broken origin: the connection drops, as a dead origin's does.
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: new URL(`http://127.0.0.1:${port}`),
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
