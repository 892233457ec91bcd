/**
 * Whole responses go as stored (core/encodings.ts): the worker reads the build's brotli twin
 * instead of the object itself and sends it under the same ETag, with `vary: accept-encoding`.
 * Served on a later day than the build, a JSON answer is re-aged, so it is never sent as stored.
 * How the worker chooses among codings: edge/routes/stored.test.ts.
 * A small real store (one live İzmir list), built for today and for a day months ago, served in
 * workerd. The bucket's gzip bytes passed through as they are: tests/system/publish.test.ts (R2).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../build/build.ts';
import { openDb } from '../../store/db.ts';
import { EvidenceFolder } from '../../store/documents.ts';
import { scrapeSource } from '../../store/scrape.ts';
import { seedCatalogue, seedHolidays, seedRegistry } from '../../store/seed.ts';
import { istanbulDay } from '../../core/dates.ts';
import { loadCatalogue } from '../../sources/catalogue.ts';
import { adapter as izmir } from '../../sources/izmir/index.ts';
import type { HttpClient } from '../../sources/lib/http.ts';
import { SOURCES } from '../../sources/registry.ts';
import { distOrigin } from '../../scripts/lib/dist-origin.ts';
import type { LocalWorker } from '../../scripts/lib/local-worker.ts';
import { distBytes } from '../support/dist-file.ts';
import { rawGet } from '../support/raw-http.ts';
import { startOwnWorker } from '../support/worker.ts';

const dir = mkdtempSync(join(tmpdir(), 'hal-precompressed-'));
const fixture = readFileSync('tests/fixtures/izmir/sebzemeyve-2026-07-23.json');
const http: HttpClient = {
  async request(url) {
    const bytes = url.includes('/sebzemeyve/') ? new Uint8Array(fixture) : new Uint8Array();
    return {
      url,
      status: bytes.byteLength ? 200 : 204,
      contentType: 'application/json',
      bytes,
      fetchedAt: '2026-07-24T02:10:00.000Z',
      etag: null,
      lastModified: null,
      notModified: false,
    };
  },
};

/** The worker over a build of `today`, and the keys it asked its origin for. */
type Served = {
  worker: LocalWorker;
  distDir: string;
  asked: string[];
  manifest: { objects: Record<string, { etag: string }> };
};

async function serve(today: string): Promise<Served> {
  const db = openDb(join(dir, `hal-${today}.sqlite`));
  seedRegistry(db, SOURCES);
  seedCatalogue(db, loadCatalogue());
  seedHolidays(db);
  await scrapeSource(db, izmir, {
    day: '2026-07-23',
    http,
    evidence: new EvidenceFolder(join(dir, 'evidence')),
    catalogue: loadCatalogue(),
    now: () => new Date('2026-07-24T02:10:00Z'),
  });
  const distDir = join(dir, `dist-${today}`);
  buildSite({ db, outDir: distDir, today, builtAt: `${today}T03:00:00Z` });
  db.close();
  const asked: string[] = [];
  const origin = distOrigin(distDir);
  const worker = await startOwnWorker({
    distDir,
    origin: async (request) => (asked.push(new URL(request.url).pathname.slice(1)), origin(request)),
  });
  return { worker, distDir, asked, manifest: JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')) };
}

let ip = 0;
async function get(served: Served, path: string, headers: Record<string, string> = {}, method = 'GET') {
  served.asked.length = 0;
  const reply = await rawGet(
    new URL(path, served.worker.url),
    { 'cf-connecting-ip': `192.0.2.${++ip % 250}`, ...headers },
    method,
  );
  return { ...reply, asked: [...served.asked] };
}

const WHOLE: [string, string][] = [
  ['/api/v1/markets', 'api/v1/markets.json'],
  ['/api/v1/prices/markets', 'api/v1/markets.json'],
  ['/api/v1/openapi.json', 'api/v1/openapi.json'],
  ['/api/v1/search-index', 'api/v1/search-index.json'],
  ['/api/v1/sources/status', 'api/v1/sources/status.json'],
  ['/api/v1/prices/latest', 'api/v1/prices/latest.json'],
  ['/api/v1/prices/latest?category=sebze', 'api/v1/prices/latest/category/sebze.json'],
  ['/api/v1/prices/latest?product=domates-salkim', 'api/v1/prices/latest/product/domates-salkim.json'],
  ['/api/v1/products/domates/aliases', 'api/v1/products/domates/aliases.json'],
  ['/api/v1/index/latest', 'api/v1/index/latest.json'],
  ['/api/v1/index/basket', 'api/v1/index/basket.json'],
  ['/api/v1/index/history', 'api/v1/index/history.json'],
  ['/widgets', 'pages/widgets.html'],
  ['/api-policy', 'pages/api-policy.html'],
  ['/data-health', 'pages/data-health.html'],
];

describe('whole responses built today', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve(istanbulDay(new Date()));
  }, 120_000);
  afterAll(async () => served?.worker.dispose());

  it.each(WHOLE)('%s: the twin read, its brotli sent under the same ETag, vary: accept-encoding', async (path, key) => {
    const identity = distBytes(served.distDir, key);
    const etag = served.manifest.objects[key]!.etag;
    const br = await get(served, path, { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers.etag).toBe(etag);
    expect(br.body.equals(identity)).toBe(true);
    expect(br.asked).toContain(`${key}.br`);
    expect(br.asked).not.toContain(key);

    // A client that takes no coding gets the object itself, read as identity, under the same ETag.
    const plain = await get(served, path, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers.etag).toBe(etag);
    expect(plain.body.equals(identity)).toBe(true);
    expect(plain.asked).toContain(key);
    expect(plain.asked).not.toContain(`${key}.br`);
  });

  it('behind Cloudflare the coding follows the client’s own Accept-Encoding, not the rewritten header', async () => {
    // Cloudflare hands every worker `accept-encoding: br, gzip` and keeps what the client sent in cf.clientAcceptEncoding.
    const asCloudflareHandsIt = async (clientAcceptEncoding: string) => {
      served.asked.length = 0;
      const init = {
        headers: { 'accept-encoding': 'br, gzip', 'cf-connecting-ip': `192.0.2.${++ip % 250}` },
        cf: { clientAcceptEncoding },
      };
      await (await served.worker.mf.dispatchFetch('http://localhost/api/v1/markets', init)).arrayBuffer();
      return [...served.asked];
    };
    expect(await asCloudflareHandsIt('')).toEqual(['api/v1/markets.json']);
    expect(await asCloudflareHandsIt('gzip, deflate, br')).toEqual(['api/v1/markets.json.br']);
  });

  it('304 and HEAD: the headers of the coded answer, no body', async () => {
    const etag = served.manifest.objects['api/v1/markets.json']!.etag;
    const notModified = await get(served, '/api/v1/markets', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.byteLength).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers.vary).toBe('accept-encoding');
    const head = await get(served, '/api/v1/markets', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.byteLength).toBe(0);
  });

  it('the twin is the brotli of the object, smaller than gzip would send', () => {
    const twin = readFileSync(join(served.distDir, 'api/v1/openapi.json.br'));
    const identity = distBytes(served.distDir, 'api/v1/openapi.json');
    expect(brotliDecompressSync(twin).equals(identity)).toBe(true);
    expect(twin.byteLength).toBeLessThan(gzipSync(identity, { level: 6 }).byteLength);
  });

  it('answers the worker assembles are not stored objects: no twin read, encoded by the runtime', async () => {
    const r = await get(served, '/api/v1/prices?limit=2', { 'accept-encoding': 'br' });
    expect(r.status).toBe(200);
    expect(r.asked.some((k) => k.endsWith('.br'))).toBe(false);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(r.body.toString('utf8')).meta.count).toBe(2);
  });
});

describe('whole responses served on a later day than their build', () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve('2026-07-24');
  }, 120_000);
  afterAll(async () => served?.worker.dispose());

  it('a JSON answer is re-aged from the object, never sent as its twin', async () => {
    const r = await get(served, '/api/v1/prices/latest?product=domates-salkim', { 'accept-encoding': 'br' });
    expect(r.asked).toContain('api/v1/prices/latest/product/domates-salkim.json');
    expect(r.asked.some((k) => k.endsWith('.br'))).toBe(false);
    expect(r.headers.vary).toBe('accept-encoding');
    // Fresh on its build day, stale months later: the body is the re-aged one, not the stored bytes.
    const stored = JSON.parse(
      distBytes(served.distDir, 'api/v1/prices/latest/product/domates-salkim.json').toString('utf8'),
    );
    expect(stored.items[0]).toMatchObject({ freshness: 'fresh' });
    expect(JSON.parse(r.body.toString('utf8')).items[0]).toMatchObject({ freshness: 'stale', isStale: true });
  });

  it('a page never ages: it still goes as its twin', async () => {
    const r = await get(served, '/widgets', { 'accept-encoding': 'br' });
    expect(r.asked).toContain('pages/widgets.html.br');
    expect(r.headers['content-encoding']).toBe('br');
  });
});
