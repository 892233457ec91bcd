/**
 * The real client (undici) against a real local server serving faults: what is retried, what
 * is an answer, what a stalled or cut body is, the size limit, the run's deadline. The retry
 * count is the default one (the night's), timeouts and pauses are short.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { startFaultServer, type Answer, type FaultServer, type SiteRequest } from '../../tests/support/fault-server.ts';
import {
  BodyTooLargeError,
  createHttpClient,
  HTTP_DEFAULTS,
  HttpStatusError,
  NetworkError,
  type HttpOptions,
} from './http.ts';

const FIXTURE = new Uint8Array(
  readFileSync(new URL('../../tests/fixtures/izmir/sebzemeyve-2026-07-23.json', import.meta.url)),
);
const FAST: HttpOptions = { timeoutMs: 150, backoffMs: 5 };
const ATTEMPTS = HTTP_DEFAULTS.retries + 1;

let server: FaultServer | undefined;
afterEach(async () => server?.close());

async function serve(answer: (req: SiteRequest, n: number) => Answer): Promise<(path?: string) => string> {
  server = await startFaultServer((req) => answer(req, server!.requests.length));
  return (path = 'site.example/list') => `${server!.origin}/${path}`;
}

const failure = (run: Promise<unknown>) =>
  run.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );

describe('the night has four attempts: one and three retries', () => {
  it('retries are 3 by default, each attempt 30 s, pauses from 1 s doubling; bodies up to 20 MB', () => {
    expect(HTTP_DEFAULTS).toEqual({ timeoutMs: 30_000, retries: 3, backoffMs: 1_000, maxBodyBytes: 20 * 1024 * 1024 });
  });

  it('a 503 three times, then the list: the fourth attempt brings it', async () => {
    const url = await serve((_, n) => (n <= 3 ? { status: 503 } : { body: FIXTURE }));
    const response = await createHttpClient(FAST).request(url());
    expect(Buffer.from(response.bytes).equals(Buffer.from(FIXTURE))).toBe(true);
    expect(server!.requests).toHaveLength(4);
  });

  it('no answer before the headers: a NetworkError after four attempts', async () => {
    const url = await serve(() => ({ fault: 'hang' }));
    const error = await failure(createHttpClient(FAST).request(url()));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain('no complete answer within 150 ms');
    expect(server!.requests).toHaveLength(ATTEMPTS);
  });
});

describe('a body that stops is a network failure, never a page', () => {
  it('a stall while the body streams: the one timeout covers it, and it is retried', async () => {
    const url = await serve(() => ({ fault: 'stall-body', body: FIXTURE }));
    const error = await failure(createHttpClient(FAST).request(url()));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain('no complete answer within 150 ms');
    expect(server!.requests).toHaveLength(ATTEMPTS);
  });

  it('a reset while the body streams: retried, then a NetworkError', async () => {
    const url = await serve(() => ({ fault: 'reset-body', body: FIXTURE }));
    const error = await failure(createHttpClient(FAST).request(url()));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain('ECONNRESET');
    expect(server!.requests).toHaveLength(ATTEMPTS);
  });

  it('a reset once, then the list: the retry brings it', async () => {
    const url = await serve((_, n) => (n === 1 ? { fault: 'reset-body', body: FIXTURE } : { body: FIXTURE }));
    expect((await createHttpClient(FAST).request(url())).bytes.byteLength).toBe(FIXTURE.byteLength);
  });
});

describe('refusals are answers: never retried', () => {
  it.each([401, 403, 404, 429])('HTTP %i: one request, an HttpStatusError', async (status) => {
    const url = await serve(() => ({ status, body: 'Too Many Requests' }));
    const error = await failure(createHttpClient(FAST).request(url()));
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(status);
    expect(server!.requests).toHaveLength(1);
  });
});

describe('the maximum body size', () => {
  it('50 MB streamed without a length: reading stops past 20 MB, and it is not retried', async () => {
    const url = await serve(() => ({ fault: 'oversized', bytes: 50 * 1024 * 1024 }));
    const error = await failure(createHttpClient({ ...FAST, timeoutMs: 10_000 }).request(url()));
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect((error as Error).message).toMatch(
      /larger than the maximum of 20 MB \(more than 20971520 bytes streamed, reading stopped\)$/,
    );
    expect(server!.requests).toHaveLength(1);
    await expect.poll(() => server!.oversizedSent.length).toBe(1);
    expect(server!.oversizedSent[0]).toBeLessThan(30 * 1024 * 1024);
  });

  it('an announced Content-Length over the maximum is refused before the body is read', async () => {
    const url = await serve(() => ({ body: FIXTURE }));
    const error = await failure(createHttpClient({ ...FAST, maxBodyBytes: 1000 }).request(url()));
    expect(error).toBeInstanceOf(BodyTooLargeError);
    expect((error as BodyTooLargeError).declared).toBe(FIXTURE.byteLength);
    expect((error as Error).message).toContain(
      `larger than the maximum of 1000 bytes (Content-Length ${FIXTURE.byteLength}, not read)`,
    );
  });

  it('a body of exactly the maximum is read whole', async () => {
    const url = await serve(() => ({ body: FIXTURE }));
    expect(
      (await createHttpClient({ ...FAST, maxBodyBytes: FIXTURE.byteLength }).request(url())).bytes.byteLength,
    ).toBe(FIXTURE.byteLength);
  });
});

describe('the run deadline', () => {
  it('aborts the attempt under way and starts no retry', async () => {
    const url = await serve(() => ({ fault: 'hang' }));
    const deadline = new AbortController();
    setTimeout(() => deadline.abort(new Error('the deadline passed')), 100);
    const started = Date.now();
    const error = await failure(
      createHttpClient({ timeoutMs: 10_000, backoffMs: 10_000 }).request(url(), { signal: deadline.signal }),
    );
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain('aborted: the deadline passed');
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server!.requests).toHaveLength(1);
  });
});

describe('session cookies', () => {
  it('a Set-Cookie goes back to the same host on the next request', async () => {
    const url = await serve((req) =>
      req.headers.cookie
        ? { body: `cookie ${req.headers.cookie}` }
        : { headers: { 'set-cookie': 'session=abc; path=/; HttpOnly' }, body: 'page' },
    );
    const http = createHttpClient(FAST);
    await http.request(url());
    expect(new TextDecoder().decode((await http.request(url('site.example/other'))).bytes)).toBe('cookie session=abc');
  });
});

describe('a local origin in place of the official hosts', () => {
  it('sends https://host/path?query to <origin>/host/path?query; the answer, the errors and the cookies keep the host asked for', async () => {
    await serve((req) =>
      req.url.endsWith('/missing')
        ? { status: 404 }
        : req.headers.cookie
          ? { body: `cookie ${req.headers.cookie}` }
          : { headers: { 'set-cookie': 'session=abc; path=/' }, body: 'page' },
    );
    const http = createHttpClient({ ...FAST, origin: `${server!.origin}/` });
    const asked = 'https://www.site.example/tr/list?date=2026-06-01';
    const first = await http.request(asked);
    expect(first.url).toBe(asked);
    expect(server!.requests.map((r) => r.url)).toEqual(['https://www.site.example/tr/list?date=2026-06-01']);
    expect(new TextDecoder().decode((await http.request('https://www.site.example/other')).bytes)).toBe(
      'cookie session=abc',
    );
    // Another host has its own cookies, as it would on the real sites.
    expect(new TextDecoder().decode((await http.request('https://other.example/x')).bytes)).toBe('page');
    const error = await failure(http.request('https://www.site.example/missing'));
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).url).toBe('https://www.site.example/missing');
  });

  it('HAL_SOURCE_ORIGIN is the default origin; without it the request goes to the URL itself', async () => {
    const url = await serve(() => ({ body: 'page' }));
    const before = process.env.HAL_SOURCE_ORIGIN;
    try {
      process.env.HAL_SOURCE_ORIGIN = server!.origin;
      expect((await createHttpClient(FAST).request('https://routed.example/a')).url).toBe('https://routed.example/a');
      delete process.env.HAL_SOURCE_ORIGIN;
      await createHttpClient(FAST).request(url('direct.example/b'));
    } finally {
      if (before === undefined) delete process.env.HAL_SOURCE_ORIGIN;
      else process.env.HAL_SOURCE_ORIGIN = before;
    }
    expect(server!.requests.map((r) => r.url)).toEqual(['https://routed.example/a', 'https://direct.example/b']);
  });
});
