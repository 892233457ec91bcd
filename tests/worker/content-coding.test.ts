/**
 * Every client gets bytes it can read: the coding of an answer follows what the client itself
 * sent (RFC 9110 §12.5.3), over plain HTTP from outside the worker, as curl or Node's http.get
 * would see it. No Accept-Encoding means identity; a coding is sent only to a client that accepts
 * it; the coding can differ, so every JSON, HTML, CSS or JS answer says `vary: accept-encoding`;
 * bodiless answers (304, 204) name no coding.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { rawGet } from '../support/raw-http.ts';
import { sharedWorker } from '../support/worker.ts';

const worker = sharedWorker();

let ip = 0;
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawGet(new URL(path, worker.url), { 'cf-connecting-ip': `203.0.113.${++ip % 250}`, ...headers }, method);

/** Whole responses (stored, with a brotli twin) and answers the worker assembles. */
const PATHS = [
  '/api/v1/markets',
  '/api/v1/prices/latest',
  '/api/v1/openapi.json',
  '/api/v1/search-index',
  '/api/v1/sources/status',
  '/api/v1/index/latest',
  '/api/v1/index/history',
  '/api/v1/products/domates/aliases',
  '/api/v1/prices?product=domates&limit=5',
  '/api/v1/products?limit=5',
  '/api/v1/products/search?q=domates',
  '/api/v1/search?q=izmir',
  '/api/v1/prices/history/domates?range=30d',
  '/data-health',
  '/widgets',
];

describe('the coding follows the client’s own Accept-Encoding', () => {
  it.each(PATHS)('%s', async (path) => {
    const plain = await get(path);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    if (path.startsWith('/api/')) expect(() => JSON.parse(plain.raw.toString('utf8'))).not.toThrow();
    else expect(plain.raw.toString('utf8')).toMatch(/^<!doctype html>/i);

    for (const [accept, coding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['*', 'br'],
      ['identity;q=0', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
    ] as const) {
      const r = await get(path, { 'accept-encoding': accept });
      expect(r.headers['content-encoding'], `${path} with ${accept}`).toBe(coding);
      expect(r.headers.vary).toBe('accept-encoding');
      expect(r.headers.etag).toBe(plain.headers.etag);
      expect(r.body.equals(plain.raw), `${path} with ${accept}: the same identity`).toBe(true);
    }
  });

  it('a raw TCP request without Accept-Encoding reads JSON on the wire', async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(worker.url.port), worker.url.hostname, () => {
        socket.write(`GET /api/v1/markets HTTP/1.1\r\nHost: ${worker.url.host}\r\nConnection: close\r\n\r\n`);
      });
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
    const [head, ...rest] = reply.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head).not.toMatch(/content-encoding/i);
    // Content-Length framing: the body is the JSON as it is.
    expect(JSON.parse(rest.join('\r\n\r\n')).items.length).toBeGreaterThan(0);
  });
});

describe('bodiless answers name no coding', () => {
  it.each(['/api/v1/markets', '/api/v1/prices?product=domates&limit=5'])('304 of %s', async (path) => {
    const etag = (await get(path)).headers.etag!;
    for (const accept of ['br', 'gzip', 'br, gzip']) {
      const r = await get(path, { 'if-none-match': etag, 'accept-encoding': accept });
      expect(r.status).toBe(304);
      expect(r.raw.byteLength).toBe(0);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.headers.vary).toBe('accept-encoding');
    }
  });

  it('the 204 preflight', async () => {
    const r = await get(
      '/api/v1/markets',
      { 'accept-encoding': 'gzip', origin: 'https://example.org', 'access-control-request-method': 'GET' },
      'OPTIONS',
    );
    expect(r.status).toBe(204);
    expect(r.headers['content-encoding']).toBeUndefined();
  });
});

describe('the CSV export', () => {
  it('is coded only for a client that accepts a coding', async () => {
    const path = '/api/v1/prices/export?product=domates&date=2026-07-23';
    const plain = await get(path);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.raw.toString('utf8')).toMatch(/^\ufeffÜrün,/);
    const br = await get(path, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.body.toString('utf8')).toMatch(/^\ufeffÜrün,/);
  });
});
