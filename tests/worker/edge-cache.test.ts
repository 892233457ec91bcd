/**
 * The edge cache under workerd: below the publication pointer every key is immutable, so a repeated
 * request, or another page of a collection already read, costs no bucket read; what is per request
 * (request id, rate-limit headers, 304) is still per request; a build folder served without a
 * pointer is never kept, because the next build rewrites its keys.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { POINTER_KEY, type Pointer } from '../../core/publication.ts';
import { distOrigin } from '../../scripts/lib/dist-origin.ts';
import type { LocalWorker } from '../../scripts/lib/local-worker.ts';
import { rawGet } from '../support/raw-http.ts';
import { startOwnWorker } from '../support/worker.ts';

/** The build folder as a published bucket holding that one build under `build/`. */
function publishedOrigin(distDir: string, reads: string[]) {
  const dist = distOrigin(distDir);
  const manifest = JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8'));
  const pointer: Pointer = {
    format: 1,
    buildId: manifest.buildId,
    releaseId: 'edge-cache-test',
    day: manifest.today,
    prefix: 'build/',
    shared: { prefix: 'build/', paths: [] },
    builtAt: manifest.builtAt,
    newestDataDay: manifest.newestDataDay,
    publishedAt: manifest.builtAt,
  };
  return async (request: Request) => {
    const key = decodeURIComponent(new URL(request.url).pathname.slice(1));
    reads.push(key);
    if (key === POINTER_KEY) return Response.json(pointer);
    if (!key.startsWith(pointer.prefix)) return new Response(null, { status: 404 });
    return dist(new Request(new URL(`/${key.slice(pointer.prefix.length)}`, request.url)));
  };
}

let ip = 0;
const getFrom =
  (worker: LocalWorker) =>
  (path: string, headers: Record<string, string> = {}) =>
    rawGet(new URL(path, worker.url), { 'cf-connecting-ip': `198.18.40.${++ip % 250}`, ...headers });

describe('through the pointer', () => {
  const reads: string[] = [];
  let worker: LocalWorker;
  beforeAll(async () => {
    worker = await startOwnWorker({
      distDir: inject('distDir'),
      origin: publishedOrigin(inject('distDir'), reads),
      bindings: { POINTER_KEY },
    });
  });
  afterAll(async () => worker?.dispose());

  it.each([
    '/api/v1/markets',
    '/api/v1/prices/latest',
    '/api/v1/prices?product=domates-salkim&limit=50',
    '/api/v1/prices/history/domates-salkim?range=365d',
    '/api/v1/products/search?q=domates',
  ])('%s a second time: the same bytes, no bucket read, its own request id and rate headers', async (path) => {
    const get = getFrom(worker);
    const first = await get(path, { 'accept-encoding': 'br, gzip' });
    expect(first.status).toBe(200);
    reads.length = 0;
    const second = await get(path, { 'accept-encoding': 'br, gzip' });
    expect(reads).toEqual([]);
    expect(second.status).toBe(200);
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-encoding']).toBe(first.headers['content-encoding']);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers['x-ratelimit-remaining']).toBe(first.headers['x-ratelimit-remaining']);
    const conditional = await get(path, { 'if-none-match': first.headers.etag! });
    expect(conditional.status).toBe(304);
  });

  it('kept per coding: identity and brotli answers of one URL are two answers', async () => {
    const get = getFrom(worker);
    const br = await get('/api/v1/markets', { 'accept-encoding': 'br' });
    const plain = await get('/api/v1/markets');
    expect(br.headers['content-encoding']).toBe('br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.equals(br.body)).toBe(true);
  });

  it('another page of a collection already read reads nothing from the bucket', async () => {
    const get = getFrom(worker);
    expect((await get('/api/v1/prices?product=domates-salkim&limit=20')).status).toBe(200);
    reads.length = 0;
    const other = await get('/api/v1/prices?product=domates-salkim&limit=20&page=2');
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body.toString()).items.length).toBe(20);
    expect(reads).toEqual([]);
  });
});

describe('a build folder without a pointer', () => {
  const reads: string[] = [];
  let worker: LocalWorker;
  beforeAll(async () => {
    const dist = distOrigin(inject('distDir'));
    worker = await startOwnWorker({
      distDir: inject('distDir'),
      origin: async (request) => (reads.push(new URL(request.url).pathname), dist(request)),
    });
  });
  afterAll(async () => worker?.dispose());

  it('is read again for every request: its keys are rewritten by the next build', async () => {
    const get = getFrom(worker);
    await get('/api/v1/markets');
    reads.length = 0;
    await get('/api/v1/markets');
    expect(reads).toContain('/api/v1/markets.json');
  });
});
