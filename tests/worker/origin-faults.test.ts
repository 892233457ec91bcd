/**
 * A failing origin under workerd, over the suite's real build: the bucket answers an error, 403,
 * an HTML page with 200, truncated gzip, nothing (a hang), or 404 for an index the build
 * published. Each gives the documented answer: 500 ORIGIN_UNAVAILABLE in the error body, never
 * cached, never an empty answer in its place; or, where this location kept a copy of the same
 * answer today, that copy with `x-stale-copy`. A filter set the build never published is still
 * an honest empty answer.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { distOrigin } from '../../scripts/lib/dist-origin.ts';
import type { LocalWorker } from '../../scripts/lib/local-worker.ts';
import { rawGet } from '../support/raw-http.ts';
import { startOwnWorker } from '../support/worker.ts';

type Fault = (key: string, answer: () => Promise<Response>) => Promise<Response> | null;
let fault: Fault = () => null;
let worker: LocalWorker;
const TIMEOUT_MS = 2_000;

beforeAll(async () => {
  const origin = distOrigin(inject('distDir'));
  worker = await startOwnWorker({
    distDir: inject('distDir'),
    origin: async (request) => {
      const key = decodeURIComponent(new URL(request.url).pathname.slice(1));
      return (await fault(key, () => origin(request))) ?? origin(request);
    },
    bindings: { ORIGIN_TIMEOUT_MS: String(TIMEOUT_MS) },
  });
});
afterAll(async () => worker?.dispose());

let ip = 0;
const get = (path: string, headers: Record<string, string> = {}) =>
  rawGet(new URL(path, worker.url), { 'cf-connecting-ip': `198.18.30.${++ip % 250}`, ...headers });
const json = (r: { body: Buffer }) => JSON.parse(r.body.toString('utf8'));

/** A fault for keys matching `pattern`, the rest served as they are. */
const on =
  (pattern: RegExp, respond: (answer: () => Promise<Response>) => Promise<Response> | Response): Fault =>
  (key, answer) =>
    pattern.test(key) ? Promise.resolve(respond(answer)) : null;

function expectOriginUnavailable(r: Awaited<ReturnType<typeof get>>): void {
  expect(r.status).toBe(500);
  expect(r.headers['cache-control']).toBe('no-store');
  expect(r.headers['x-stale-copy']).toBeUndefined();
  const body = json(r);
  expect(body.code).toBe('ORIGIN_UNAVAILABLE');
  expect(body.error.details.reason.length).toBeGreaterThan(5);
}

describe('an origin that fails is never an answer', () => {
  it('404 for an index the build published: an error, not total 0', async () => {
    fault = on(/^api\/v1\/_c\/prices\/product\/domates-salkim\.json$/, () => new Response(null, { status: 404 }));
    const r = await get('/api/v1/prices?product=domates-salkim&limit=3');
    expectOriginUnavailable(r);
    expect(json(r).error.details.reason).toContain('missing from the published build');
    // A filter set the build never published stays an honest empty answer.
    const unknown = await get('/api/v1/prices?product=domates-yok&limit=3');
    expect(unknown.status).toBe(200);
    expect(json(unknown).meta.total).toBe(0);
    fault = on(/^api\/v1\/_c\/history\//, () => new Response(null, { status: 404 }));
    expectOriginUnavailable(await get('/api/v1/prices/history/domates?range=3650d'));
  });

  it.each([503, 403])(
    '%i is not "missing": even where no collection exists, it is an error, never a cached empty answer',
    async (status) => {
      fault = on(/^api\/v1\/_c\//, () => new Response(null, { status }));
      // A path no earlier test asked: this location holds no copy of its answer.
      expectOriginUnavailable(await get('/api/v1/prices?product=domates-yok&limit=6'));
    },
  );

  it.each([
    ['5xx', () => new Response('upstream down', { status: 503 })],
    [
      '403 (the bucket refuses; a missing key is 404)',
      () =>
        new Response('<Error>AccessDenied</Error>', { status: 403, headers: { 'content-type': 'application/xml' } }),
    ],
    [
      'an HTML page with 200',
      () =>
        new Response('<!doctype html><title>Bakım</title>', {
          headers: { 'content-type': 'text/html; charset=utf-8', etag: '"x"' },
        }),
    ],
  ])('%s for a whole response', async (_, respond) => {
    fault = on(/^api\/v1\/search-index\.json/, respond);
    expectOriginUnavailable(await get('/api/v1/search-index'));
  });

  it('truncated gzip in a partition', async () => {
    fault = on(/^api\/v1\/_p\//, async (answer) => {
      const stored = new Uint8Array(await (await answer()).arrayBuffer());
      return new Response(stored.slice(0, Math.floor(stored.length / 2)), {
        headers: { 'content-type': 'application/x-ndjson; charset=utf-8' },
      });
    });
    expectOriginUnavailable(await get('/api/v1/prices?product=biber-sivri&limit=5'));
  });

  it('a hang: answered within the read timeout', async () => {
    fault = on(/^api\/v1\/sources\/status\.json/, () => new Promise<Response>(() => {}));
    const started = Date.now();
    expectOriginUnavailable(await get('/api/v1/sources/status'));
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3_000);
  });
});

describe('stale-if-error: today’s copy of the same answer', () => {
  it('is sent when the origin fails later, marked and not cached', async () => {
    fault = () => null;
    const path = '/api/v1/prices?product=patlican&limit=4';
    const good = await get(path, { 'accept-encoding': 'gzip' });
    expect(good.status).toBe(200);
    await new Promise((done) => setTimeout(done, 300));
    fault = on(/^api\/v1\//, () => new Response(null, { status: 502 }));
    const stale = await get(path, { 'accept-encoding': 'gzip' });
    expect(stale.status).toBe(200);
    expect(Date.parse(stale.headers['x-stale-copy'] as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(stale.headers['cache-control']).toBe('no-store');
    expect(stale.headers.etag).toBe(good.headers.etag);
    expect(stale.body.equals(good.body)).toBe(true);
    // Another request of the same path has no copy: an error.
    expectOriginUnavailable(await get('/api/v1/prices?product=patlican&limit=5'));
    fault = () => null;
  });

  it('a whole response kept in its stored coding goes as it was sent', async () => {
    fault = () => null;
    const good = await get('/api/v1/markets', { 'accept-encoding': 'br' });
    expect(good.headers['content-encoding']).toBe('br');
    await new Promise((done) => setTimeout(done, 300));
    fault = on(/./, () => new Response(null, { status: 500 }));
    const stale = await get('/api/v1/markets', { 'accept-encoding': 'br' });
    expect(stale.status).toBe(200);
    expect(stale.headers['content-encoding']).toBe('br');
    expect(stale.body.equals(good.body)).toBe(true);
    fault = () => null;
  });
});
