/**
 * Live collection against a fake HTTP client serving documents in the İzmir API's shape (no
 * network here): outcomes per source, evidence kept by sha256, an unchanged re-fetch adds
 * nothing, and a failing source never touches what is already stored.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDb, type Db } from './db.ts';
import { EvidenceFolder } from './documents.ts';
import { sha256HexSync } from '../core/digest-sync.ts';
import { scrapeSource } from './scrape.ts';
import { seedCatalogue, seedRegistry } from './seed.ts';
import { loadCatalogue } from '../sources/catalogue.ts';
import { adapter as izmir } from '../sources/izmir/index.ts';
import {
  BodyTooLargeError,
  HttpStatusError,
  NetworkError,
  type HttpClient,
  type HttpRequest,
  type HttpResponse,
} from '../sources/lib/http.ts';
import { SOURCES } from '../sources/registry.ts';

const catalogue = loadCatalogue();
const fixture = readFileSync('tests/fixtures/izmir/sebzemeyve-2026-07-23.json');

/** A seeded store, its evidence, and one collection of a source (İzmir unless named) on 2026-07-23; gone after the test. */
function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'hal-scrape-'));
  const db = openDb(join(dir, 'store.sqlite'));
  onTestFinished(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  seedRegistry(db, SOURCES);
  seedCatalogue(db, catalogue);
  const evidence = new EvidenceFolder(join(dir, 'evidence'));
  const scrape = (http: HttpClient, adapter = izmir) =>
    scrapeSource(db, adapter, {
      day: '2026-07-23',
      http,
      evidence,
      catalogue,
      now: () => new Date('2026-07-24T03:10:00Z'),
    });
  return { db, evidence, scrape };
}

type Answer = Uint8Array | Error | { status: number; bytes?: Uint8Array; etag?: string };
function fakeHttp(
  answer: (url: string, req: HttpRequest) => Answer,
): HttpClient & { calls: { url: string; req: HttpRequest }[] } {
  const calls: { url: string; req: HttpRequest }[] = [];
  return {
    calls,
    async request(url, req = {}) {
      calls.push({ url, req });
      const a = answer(url, req);
      if (a instanceof Error) throw a;
      const r = a instanceof Uint8Array ? { status: 200, bytes: a } : a;
      const response: HttpResponse = {
        url,
        status: r.status,
        contentType: 'application/json; charset=utf-8',
        bytes: r.bytes ?? new Uint8Array(),
        fetchedAt: '2026-07-24T03:10:00.000Z',
        etag: 'etag' in r ? (r.etag ?? null) : null,
        lastModified: null,
        notModified: r.status === 304,
      };
      return response;
    },
  };
}

const lastRun = (db: Db) =>
  db
    .prepare('SELECT outcome, http_status, message, documents, observations FROM source_runs ORDER BY id DESC LIMIT 1')
    .get();

const LIST_URL = 'https://openapi.izmir.bel.tr/x';
const httpStatus = (status: number) => new HttpStatusError(LIST_URL, status);

describe('scrape', () => {
  it('collects a bulletin, keeps the document as evidence, and adds nothing when it is fetched again unchanged', async () => {
    const { db, evidence, scrape } = setup();
    const http = fakeHttp((url) => (url.includes('/sebzemeyve/') ? fixture : { status: 204 }));
    const first = await scrape(http);
    expect(first).toMatchObject({ outcome: 'ok', documents: 1, observations: 95 });
    expect(http.calls.map((c) => c.url)).toEqual([
      'https://openapi.izmir.bel.tr/api/ibb/halfiyatlari/sebzemeyve/2026-07-23',
      'https://openapi.izmir.bel.tr/api/ibb/halfiyatlari/balik/2026-07-23',
    ]);
    const doc = db.prepare('SELECT kind, url, fetched_at, sha256, bytes, parser FROM documents').get() as Record<
      string,
      unknown
    >;
    expect(doc).toMatchObject({
      kind: 'live',
      fetched_at: '2026-07-24T03:10:00.000Z',
      sha256: sha256HexSync(fixture),
      bytes: fixture.byteLength,
      parser: 'izmir-openapi',
    });
    expect(Buffer.from(evidence.get(sha256HexSync(fixture))!).equals(fixture)).toBe(true);
    const again = await scrape(http);
    expect(again).toMatchObject({ outcome: 'unchanged', documents: 0, observations: 0 });
    expect(db.prepare('SELECT count(*) FROM observations').pluck().get()).toBe(95);
    expect(db.prepare('SELECT outcome FROM source_runs ORDER BY id').pluck().all()).toEqual(['ok', 'unchanged']);
  });

  it('a day without a list is no_bulletin, not an error', async () => {
    const { scrape } = setup();
    const report = await scrape(fakeHttp(() => ({ status: 204 })));
    expect(report.outcome).toBe('no_bulletin');
    expect(report.message).toContain('sebzemeyve: no bulletin for 2026-07-23');
  });

  it.each([
    ['HTTP 401', httpStatus(401), 'blocked', 401],
    ['HTTP 403', httpStatus(403), 'blocked', 403],
    ['HTTP 429 (too many requests: a refusal, not a glitch)', httpStatus(429), 'blocked', 429],
    ['HTTP 503 after retries', httpStatus(503), 'unreachable', 503],
    ['HTTP 500 after retries', httpStatus(500), 'unreachable', 500],
    ['HTTP 499 (a client error, however odd)', httpStatus(499), 'broken', 499],
    ['an error no class names (a bug of ours, not the source)', new TypeError('boom'), 'broken', null],
    ['a network error', new NetworkError(LIST_URL, 'ECONNREFUSED'), 'unreachable', null],
    ['HTTP 404 where the list was', httpStatus(404), 'broken', 404],
    [
      'an answer over the maximum body size',
      new BodyTooLargeError(LIST_URL, 200, 20 * 1024 * 1024, null),
      'broken',
      200,
    ],
  ])('%s → %s, and the data already stored stays', async (_, error, outcome, status) => {
    const { db, scrape } = setup();
    await scrape(fakeHttp((url) => (url.includes('/sebzemeyve/') ? fixture : { status: 204 })));
    const report = await scrape(fakeHttp(() => error));
    expect(report).toMatchObject({
      outcome,
      httpStatus: status,
      message: error instanceof TypeError ? 'TypeError: boom' : error.message,
    });
    expect(lastRun(db)).toMatchObject({ outcome, http_status: status });
    expect(db.prepare('SELECT count(*) FROM observations').pluck().get()).toBe(95);
  });

  it('a changed layout is broken, and the unreadable document is kept as evidence', async () => {
    const { db, evidence, scrape } = setup();
    const changed = new TextEncoder().encode('{"Tarih":"2026-07-23","Liste":[]}');
    const report = await scrape(fakeHttp(() => changed));
    expect(report).toMatchObject({ outcome: 'broken', httpStatus: null });
    expect(report.message).toBe(
      `izmir-openapi: no HalFiyatListesi (document kept as evidence ${sha256HexSync(changed)})`,
    );
    expect(evidence.get(sha256HexSync(changed))).not.toBeNull();
    expect(db.prepare('SELECT count(*) FROM documents').pluck().get()).toBe(0);
  });

  it('a disabled source is not fetched', async () => {
    const { scrape } = setup();
    const http = fakeHttp(() => fixture);
    const paused = { ...izmir, definition: { ...izmir.definition, enabled: false } };
    expect(await scrape(http, paused)).toMatchObject({ outcome: 'disabled' });
    expect(http.calls).toHaveLength(0);
  });

  it('sends the validators of the copy it holds and reads a 304 as the same document', async () => {
    const { scrape } = setup();
    let round = 0;
    const http = fakeHttp((url, req) => {
      if (!url.includes('/sebzemeyve/')) return { status: 204 };
      round++;
      if (round === 1) return { status: 200, bytes: fixture, etag: '"v1"' };
      expect(req.etag).toBe('"v1"');
      return { status: 304 };
    });
    expect(await scrape(http)).toMatchObject({ outcome: 'ok' });
    expect(await scrape(http)).toMatchObject({ outcome: 'unchanged' });
    expect(round).toBe(2);
  });
});
