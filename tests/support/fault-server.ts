/**
 * A real HTTP server on 127.0.0.1 that serves faults to the real client (sources/lib/http.ts,
 * undici): every request is answered by `answer(request)`, a plain answer or one of the faults
 * a source's host can show (never answering, a body that stalls or is cut by a reset, a body
 * without end).
 *
 * The adapters hard-code their hosts (`https://openapi.izmir.bel.tr/…`). `routedTo` is the one
 * injection point: a client wrapper that sends `https://host/path` to `<server>/host/path` by the
 * client's own rule (`routedUrl`, which HAL_SOURCE_ORIGIN uses too) and hands the answer back under
 * the URL the adapter asked for, so the adapters run unchanged.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { routedUrl, type HttpClient } from '../../sources/lib/http.ts';

/** A request as the site sees it: the URL the adapter asked for, its headers and form. */
export type SiteRequest = { method: string; url: string; headers: IncomingHttpHeaders; form: Record<string, string> };

export type Answer =
  | { status?: number; headers?: Record<string, string>; body?: Uint8Array | string }
  /** the connection is accepted and never answered */
  | { fault: 'hang' }
  /** headers and the first half of `body`, then nothing more */
  | { fault: 'stall-body'; body: Uint8Array }
  /** headers and the first half of `body`, then the connection is reset (TCP RST) */
  | { fault: 'reset-body'; body: Uint8Array }
  /** 200 without Content-Length, then `bytes` bytes, written as fast as the client reads them */
  | { fault: 'oversized'; bytes: number };

export type FaultServer = {
  origin: string;
  requests: SiteRequest[];
  /** bytes of oversized bodies written before the client stopped reading */
  oversizedSent: number[];
  close(): Promise<void>;
};

const encode = (body: Uint8Array | string) =>
  typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);

/** Writes `total` bytes in 64 KiB chunks, waiting for the socket to drain; resolves with what was written. */
function writeMuch(res: ServerResponse, total: number): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  return new Promise((resolve) => {
    let sent = 0;
    const done = () => resolve(sent);
    res.on('close', done);
    const pump = () => {
      while (sent < total && !res.destroyed) {
        sent += chunk.byteLength;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
}

export async function startFaultServer(answer: (req: SiteRequest) => Answer): Promise<FaultServer> {
  const requests: SiteRequest[] = [];
  const oversizedSent: number[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      // The client gave up (its timeout) before this busy process read the request: it still counts.
    }
    const [, host, ...path] = (req.url ?? '/').split('/');
    const text = Buffer.concat(chunks).toString('utf8');
    const form = String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
      ? Object.fromEntries(new URLSearchParams(text))
      : {};
    const request: SiteRequest = {
      method: req.method ?? 'GET',
      url: `https://${host}/${path.join('/')}`,
      headers: req.headers,
      form,
    };
    requests.push(request);
    const a = answer(request);
    if ('fault' in a) {
      if (a.fault === 'hang') return;
      if (a.fault === 'oversized') {
        res.writeHead(200, { 'content-type': 'application/json' });
        oversizedSent.push(await writeMuch(res, a.bytes));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(a.body.byteLength) });
      res.write(a.body.subarray(0, a.body.byteLength >> 1));
      if (a.fault === 'reset-body') setTimeout(() => res.socket?.resetAndDestroy(), 20);
      return;
    }
    const body = a.body === undefined ? Buffer.alloc(0) : encode(a.body);
    res.writeHead(a.status ?? 200, { 'content-length': String(body.byteLength), ...a.headers });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    oversizedSent,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An origin where nothing listens: a port just released. */
export async function refusingOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** The real client `http`, every request sent to `origin` (see the head of this file). */
export function routedTo(http: HttpClient, origin: string): HttpClient {
  return {
    async request(url, req) {
      const response = await http.request(routedUrl(url, origin), req);
      return { ...response, url };
    },
  };
}
