/**
 * The line between a publisher and its bucket, as a proxy in front of s3rver that fails the way a
 * network and a machine do: from a chosen request on, nothing reaches the bucket any more and
 * every connection is dropped unanswered (the publisher's machine died at that request), or one
 * write is acknowledged as stored and never stored (a bucket that lost it). It records the
 * requests that reached the bucket, in the order they did.
 */
import { createHash } from 'node:crypto';
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request, as the bucket sees it: `write` is a PUT (an upload or a copy), `delete` a batch delete. */
export type S3Call = { method: string; key: string; write: boolean; copy: boolean; delete: boolean };
type Fault = { at: (call: S3Call) => boolean; nth: number; seen: number; then: 'cut' | 'lose' };

export class S3Line {
  /** every request that reached the bucket, in arrival order */
  readonly calls: S3Call[] = [];
  private fault: Fault | null = null;
  private down = false;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });

  private constructor(
    private readonly server: ReturnType<typeof createServer>,
    private readonly target: URL,
  ) {}

  static async open(target: string): Promise<S3Line> {
    const server = createServer();
    const line = new S3Line(server, new URL(target));
    server.on('request', (req, res) => line.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return line;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** From the `nth` request `at` matches on (it included), the line is down until mended. */
  cutAt(at: (call: S3Call) => boolean, nth = 1): void {
    this.fault = { at, nth, seen: 0, then: 'cut' };
  }

  /** The `nth` write `at` matches is answered as stored, and not stored. */
  loseAt(at: (call: S3Call) => boolean, nth = 1): void {
    this.fault = { at, nth, seen: 0, then: 'lose' };
  }

  /** Whether the fault set last has struck. */
  get struck(): boolean {
    return this.fault !== null && this.fault.seen >= this.fault.nth;
  }

  mend(): void {
    this.fault = null;
    this.down = false;
  }

  async close(): Promise<void> {
    this.agent.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const call = classify(req);
    const fault = this.fault;
    if (!this.down && fault && fault.seen < fault.nth && fault.at(call) && ++fault.seen === fault.nth) {
      if (fault.then === 'cut') this.down = true;
      else return void acknowledge(req, res, call);
    }
    if (this.down) return void req.socket.destroy();
    this.calls.push(call);
    const upstream = request(
      {
        host: this.target.hostname,
        port: this.target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent: this.agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  }
}

/** Path-style requests: `/<bucket>/<key>`. */
function classify(req: IncomingMessage): S3Call {
  const url = new URL(req.url!, 'http://line');
  const key = decodeURIComponent(url.pathname.split('/').slice(2).join('/'));
  const copy = req.headers['x-amz-copy-source'] !== undefined;
  return {
    method: req.method!,
    key,
    write: req.method === 'PUT',
    copy,
    delete: req.method === 'POST' && url.searchParams.has('delete'),
  };
}

/** The answer S3 gives a stored PUT (its ETag, the MD5 of the bytes) or copy, for bytes that went nowhere. */
function acknowledge(req: IncomingMessage, res: ServerResponse, call: S3Call): void {
  const md5 = createHash('md5');
  req.on('data', (chunk: Buffer) => md5.update(chunk));
  req.on('end', () => {
    const etag = `"${md5.digest('hex')}"`;
    if (!call.copy) return void res.writeHead(200, { etag, 'content-length': '0' }).end();
    const body = `<?xml version="1.0" encoding="UTF-8"?><CopyObjectResult><LastModified>${new Date().toISOString()}</LastModified><ETag>${etag}</ETag></CopyObjectResult>`;
    res
      .writeHead(200, { 'content-type': 'application/xml', 'content-length': String(Buffer.byteLength(body)) })
      .end(body);
  });
}
