/**
 * Truth over time, end to end: a live İzmir list is collected (fake HTTP, the API's real shape),
 * a later fetch fails, the build is made, and the worker serves it long after its build day.
 * The last good rows stay published with the warnings that say why they are not current, and
 * nothing claims to be fresher than it is. The list is three items of a real day's list: what a
 * row's freshness is never depends on how many rows the list has, and every item is objects to
 * build and to load into the bucket. One store, each build day built once.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../build/build.ts';
import { openDb } from '../../store/db.ts';
import { EvidenceFolder } from '../../store/documents.ts';
import { scrapeSource } from '../../store/scrape.ts';
import { seedCatalogue, seedHolidays, seedRegistry } from '../../store/seed.ts';
import { loadCatalogue } from '../../sources/catalogue.ts';
import { adapter as izmir } from '../../sources/izmir/index.ts';
import { NetworkError, type HttpClient } from '../../sources/lib/http.ts';
import { SOURCES } from '../../sources/registry.ts';
import type { LocalWorker } from '../../scripts/lib/local-worker.ts';
import { startOwnWorker } from '../support/worker.ts';

const ITEMS = ['DOMATES  SALKIM', 'DOMATES PEMBE', 'HAVUÇ'];
const day = JSON.parse(readFileSync('tests/fixtures/izmir/sebzemeyve-2026-07-23.json', 'utf8'));
const fixture = Buffer.from(
  JSON.stringify({ ...day, HalFiyatListesi: day.HalFiyatListesi.filter((i: any) => ITEMS.includes(i.MalAdi)) }),
);
const dir = mkdtempSync(join(tmpdir(), 'hal-over-time-'));
const catalogue = loadCatalogue();
let storePath: string;
let worker: LocalWorker | undefined;
beforeAll(async () => {
  storePath = await store();
});
afterAll(async () => {
  await worker?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const http = (answer: () => Uint8Array | Error): HttpClient => ({
  async request(url) {
    const a = url.includes('/sebzemeyve/') ? answer() : new Uint8Array();
    if (a instanceof Error) throw a;
    return {
      url,
      status: a.byteLength ? 200 : 204,
      contentType: 'application/json',
      bytes: a,
      fetchedAt: '2026-07-24T02:10:00.000Z',
      etag: null,
      lastModified: null,
      notModified: false,
    };
  },
});

async function store(): Promise<string> {
  const path = join(dir, 'store.sqlite');
  const db = openDb(path);
  seedRegistry(db, SOURCES);
  seedCatalogue(db, catalogue);
  seedHolidays(db);
  const evidence = new EvidenceFolder(join(dir, 'evidence'));
  const collected = await scrapeSource(db, izmir, {
    day: '2026-07-23',
    http: http(() => fixture),
    evidence,
    catalogue,
    now: () => new Date('2026-07-24T02:10:00Z'),
  });
  await scrapeSource(db, izmir, {
    day: '2026-07-24',
    http: http(() => new NetworkError('https://openapi.izmir.bel.tr', 'ETIMEDOUT')),
    evidence,
    catalogue,
    now: () => new Date('2026-07-25T02:10:00Z'),
  });
  expect(db.prepare('SELECT count(*) FROM observations').pluck().get(), JSON.stringify(collected)).toBe(ITEMS.length);
  db.close();
  return path;
}

const builds = new Map<string, string>();
/** The store built on `today`, once: the tests only read what it wrote. */
function build(today: string): string {
  let outDir = builds.get(today);
  if (outDir) return outDir;
  const db = openDb(storePath);
  outDir = join(dir, `dist-${today}`);
  buildSite({ db, outDir, today, builtAt: `${today}T03:00:00Z` });
  db.close();
  builds.set(today, outDir);
  return outDir;
}

const latestRows = (outDir: string) =>
  JSON.parse(readFileSync(join(outDir, 'api/v1/prices/latest/product/domates-salkim.json'), 'utf8')).items;
const statusOf = (outDir: string) =>
  JSON.parse(readFileSync(join(outDir, 'api/v1/sources/status.json'), 'utf8')).items.find(
    (s: { key: string }) => s.key === 'izmir',
  );

describe('a failed fetch never erases data', () => {
  it('the day after: the last good list is still current, the failed fetch is a warning of the source', () => {
    const outDir = build('2026-07-24');
    expect(latestRows(outDir)[0]).toMatchObject({ observed_date: '2026-07-23', freshness: 'fresh', warnings: [] });
    // The fresh rows are what the edge will re-age later: their day is the collections' agingFrom.
    for (const index of [
      'prices/product/domates-salkim',
      'history/daily/product/domates-salkim',
      'history/weekly/product/domates-salkim',
    ]) {
      expect(JSON.parse(readFileSync(join(outDir, `api/v1/_c/${index}.json`), 'utf8')).agingFrom, index).toBe(
        index.includes('weekly') ? '2026-07-20' : '2026-07-23',
      );
    }
    expect(statusOf(outDir)).toMatchObject({
      status: 'verified',
      health: 'warning',
      publishingDaysBehind: 0,
      last_success_at: '2026-07-24T02:10:00.000Z',
    });
    expect(statusOf(outDir).reasons).toContain('Son toplama denemesi başarısız oldu.');
  });

  it('days later: the same rows are published, failed with last_fetch_failed and data_delayed', () => {
    const outDir = build('2026-07-27');
    expect(latestRows(outDir)[0]).toMatchObject({
      observed_date: '2026-07-23',
      freshness: 'failed',
      isStale: true,
      warnings: ['data_delayed', 'last_fetch_failed'],
    });
  });
});

describe('served long after the build day', () => {
  it('the worker re-ages every row and /health says the nightly build is late', async () => {
    const outDir = build('2026-07-24');
    // Its own bucket and D1 in the file's folder: nothing of it outlives the file.
    worker = await startOwnWorker({ distDir: outDir, bucketDir: join(dir, 'bucket'), keysDir: join(dir, 'd1') });
    const get = async (path: string) => {
      const r = await worker!.mf.dispatchFetch(`http://localhost${path}`, {
        headers: { 'cf-connecting-ip': '192.0.2.77' },
      });
      return { status: r.status, body: (await r.json()) as any };
    };
    // Built on 2026-07-24 with a fresh list of the 23rd; served months later, it is stale.
    const latest = await get('/api/v1/prices/latest?product=domates-salkim');
    expect(latest.body.items[0]).toMatchObject({ freshness: 'stale', isStale: true });
    expect(latest.body.items[0].warnings).toContain('data_stale');
    const prices = await get('/api/v1/prices?product=domates-salkim');
    expect(prices.body.items.every((r: any) => r.freshness === 'stale' && r.isStale)).toBe(true);
    // Collections re-age only their rows from the index's agingFrom on (edge/query/collection.ts): here every one.
    for (const bucket of ['daily', 'weekly', 'monthly']) {
      const history = await get(`/api/v1/prices/history/domates-salkim?range=3650d&bucket=${bucket}`);
      expect(history.body.items.length).toBeGreaterThan(0);
      expect(
        history.body.items.every((r: any) => r.freshness === 'stale' && r.isStale && r.warnings[0] === 'data_stale'),
      ).toBe(true);
    }
    const two = await get('/api/v1/prices?limit=2');
    expect(two.body.items.map((r: any) => r.freshness)).toEqual(['stale', 'stale']);
    const paged = await get('/api/v1/prices?page=2&limit=1');
    expect(paged.body.items).toEqual([two.body.items[1]]);
    // The widget page is rendered from the same answer, re-aged the same way: built fresh, shown stale.
    const widget = await worker!.mf.dispatchFetch('http://localhost/widgets/prices?slugs=domates-salkim', {
      headers: { 'cf-connecting-ip': '192.0.2.78' },
    });
    const page = await widget.text();
    expect(widget.status).toBe(200);
    expect(
      JSON.parse(readFileSync(join(outDir, 'api/v1/prices/latest/product/domates-salkim.json'), 'utf8')).items[0]
        .freshness,
    ).toBe('fresh');
    expect(page).toContain('<span class="basis" data-markets="1">İzmir Sebze ve Meyve Toptancı Hali fiyatı</span>');
    expect(page).toContain('data-freshness="stale"');
    expect(page).not.toContain('data-freshness="fresh"');
    expect(page).toContain(
      '<p class="notice" role="note" data-notice="all">Bu fiyatlar güncel değil. En yeni veri günü: 23.07.2026.</p>',
    );
    const health = await get('/api/v1/health');
    expect(health.status).toBe(503);
    expect(health.body.reasons.at(-1)).toMatch(/^Son derleme 2026-07-24 tarihli: gecelik güncelleme gecikti/);
  });
});
