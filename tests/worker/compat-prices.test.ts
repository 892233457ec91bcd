/**
 * The compatibility prefix's /prices, /prices/history/{productSlug} and /prices/export, written
 * from the specification's variant section and the issue's bullets alone, under workerd over the
 * suite's real build: shapes by their closed schemas, keys exactly, decimal strings, defaults,
 * limits, cache values, filters; and every answer checked against the main API's answer to the
 * same question. The build day (2026-11-21) is months after the newest data day, so the
 * variant's default range (7 days) selects nothing and the tests ask for longer ranges.
 */
import Database from 'better-sqlite3';
import { parse } from 'csv-parse/sync';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { writeCompatHistory } from '../../build/endpoints/compat/history.ts';
import { writeLatestCollections } from '../../build/endpoints/compat/latest-only.ts';
import { loadModel, type Model } from '../../build/model.ts';
import { publishedRows, type PublishedRow } from '../../build/price-rows.ts';
import { buildSite } from '../../build/build.ts';
import { openDb } from '../../store/db.ts';
import { EvidenceFolder } from '../../store/documents.ts';
import { scrapeSource } from '../../store/scrape.ts';
import { seedCatalogue, seedHolidays, seedRegistry } from '../../store/seed.ts';
import { loadCatalogue } from '../../sources/catalogue.ts';
import { adapter as izmir } from '../../sources/izmir/index.ts';
import type { HttpClient } from '../../sources/lib/http.ts';
import { SOURCES } from '../../sources/registry.ts';
import { distOrigin } from '../../scripts/lib/dist-origin.ts';
import { OutputWriter } from '../../build/writer.ts';
import {
  allPartitions,
  collectionDirectoryPath,
  collectionDirectoryPrefix,
  compatHistoryKey,
  historySeries,
  latestCollectionKey,
} from '../../core/collection-keys.ts';
import { MANIFEST_FILE } from '../../core/objects.ts';
import type { DistManifest } from '../../core/publication.ts';
import type { CollectionDirectoryT } from '../../schemas/internal.ts';
import type { LocalWorker } from '../../scripts/lib/local-worker.ts';
import { COMPAT_EXPORT_COLUMNS } from '../../schemas/compat/export.ts';
import { CompatHistoryResponse } from '../../schemas/compat/history.ts';
import { CompatPricesResponse } from '../../schemas/compat/prices.ts';
import { convertToFods, findSoffice, LANGUAGE, readFods, type SheetCell } from '../support/libreoffice.ts';
import { openApiValidator } from '../support/openapi.ts';
import { clientOf, expectErrorBody, sharedWorker, startOwnWorker, type Client } from '../support/worker.ts';

const worker = sharedWorker();

const client = (): Client => clientOf(worker, '203.0.113');
const COMPAT = '/api/v1/compat';
const DECIMAL = /^\d+\.\d{2}$/;
const ITEM_KEYS = [
  'id',
  'marketName',
  'productName',
  'minPrice',
  'maxPrice',
  'avgPrice',
  'unit',
  'recordedDate',
  'sourceName',
  'isStale',
  'qualityFlags',
];
const two = (n: number | null) => (n === null ? null : n.toFixed(2));

type MainRow = {
  id: string;
  marketName: string;
  marketSlug: string;
  productName: string;
  productSlug: string;
  cityName: string;
  categorySlug: string;
  minPrice: number | null;
  maxPrice: number | null;
  avgPrice: number;
  unit: string;
  recordedDate: string;
  sourceName: string;
  isStale: boolean;
  qualityFlags: string[];
};

/** Every row of the main /prices for `query`, page by page (a fresh client every 50 pages: the per-IP limit). */
async function mainRows(query: string): Promise<MainRow[]> {
  const rows: MainRow[] = [];
  let get = client();
  for (let page = 1; ; page++) {
    if (page % 50 === 0) get = client();
    const r = await get(`/api/v1/prices?${query}&limit=200&page=${page}`);
    expect(r.status).toBe(200);
    const items = r.json().items as MainRow[];
    rows.push(...items);
    if (items.length < 200) return rows;
  }
}

/** A main row as the variant's item. */
const asCompat = (r: MainRow) => ({
  id: r.id,
  marketName: r.marketName,
  productName: r.productName,
  minPrice: two(r.minPrice),
  maxPrice: two(r.maxPrice),
  avgPrice: two(r.avgPrice),
  unit: r.unit,
  recordedDate: r.recordedDate,
  sourceName: r.sourceName,
  isStale: r.isStale,
  qualityFlags: r.qualityFlags,
});

describe('GET /compat/prices: the variant items and meta from the main rows', () => {
  it('items have exactly the variant keys with decimal strings, meta exactly {total, page, limit, latestRecordedDate}, a 5-minute cache', async () => {
    const r = await client()(`${COMPAT}/prices?product=domates&limit=20`);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=300, stale-while-revalidate=600');
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = CompatPricesResponse.parse(r.json());
    expect(Object.keys(r.json())).toEqual(['items', 'meta']);
    expect(Object.keys(r.json().meta)).toEqual(['total', 'page', 'limit', 'latestRecordedDate']);
    expect(body.items).toHaveLength(20);
    for (const item of r.json().items) {
      expect(Object.keys(item)).toEqual(ITEM_KEYS);
      expect(item.avgPrice).toMatch(DECIMAL);
    }
    expect(body.meta).toMatchObject({ page: 1, limit: 20 });
    expect(body.meta.latestRecordedDate).toBe(body.items[0]!.recordedDate);
  });

  it('are the main /prices rows for the same filters, in the same order, page by page', async () => {
    const get = client();
    for (const query of ['product=domates&range=365d', 'category=meyve&range=200d', 'product=domates&category=sebze']) {
      const main = (await get(`/api/v1/prices?${query}&limit=100&page=2`)).json();
      const compat = CompatPricesResponse.parse((await get(`${COMPAT}/prices?${query}&limit=100&page=2`)).json());
      expect(compat.items.length, query).toBeGreaterThan(0);
      expect(compat.items).toEqual(main.items.map(asCompat));
      const first = (await get(`/api/v1/prices?${query}&limit=1`)).json();
      expect(compat.meta).toEqual({
        total: main.meta.total,
        page: 2,
        limit: 100,
        latestRecordedDate: first.items[0].recordedDate,
      });
    }
    // A product's category must agree with it, as in /prices.
    const wrong = CompatPricesResponse.parse((await get(`${COMPAT}/prices?product=domates&category=meyve`)).json());
    expect(wrong.meta).toEqual({ total: 0, page: 1, limit: 50, latestRecordedDate: null });
  });

  it('city by name or plate code: 35, İzmir and izmir find İzmir; 06 and 6 find both Ankara markets', async () => {
    const get = client();
    const main = (await get('/api/v1/prices?city=izmir&range=365d&limit=30')).json();
    for (const city of ['35', '%C4%B0zmir', 'izmir', 'IZMIR']) {
      const r = CompatPricesResponse.parse((await get(`${COMPAT}/prices?city=${city}&range=365d&limit=30`)).json());
      expect(r.items, city).toEqual(main.items.map(asCompat));
      expect(r.meta.total).toBe(main.meta.total);
    }
    const total = async (path: string) => (await get(path)).json().meta.total as number;
    const byCode = CompatPricesResponse.parse((await get(`${COMPAT}/prices?city=06&range=365d&limit=100`)).json());
    expect(CompatPricesResponse.parse((await get(`${COMPAT}/prices?city=Ankara&range=365d&limit=100`)).json())).toEqual(
      byCode,
    );
    expect(CompatPricesResponse.parse((await get(`${COMPAT}/prices?city=6&range=365d&limit=100`)).json())).toEqual(
      byCode,
    );
    expect(byCode.meta.total).toBe(await total('/api/v1/prices?city=ankara&range=365d&limit=1'));
    // Both of Ankara's markets: its fish market and its fruit and vegetable market.
    const fish = await total(`${COMPAT}/prices?city=06&range=365d&category=balik`);
    const vegetables = await total(`${COMPAT}/prices?city=06&range=365d&category=sebze`);
    const fruit = await total(`${COMPAT}/prices?city=06&range=365d&category=meyve`);
    expect(fish).toBe(await total('/api/v1/prices?market=ankara-balik&range=365d&limit=1'));
    expect(Math.min(fish, vegetables + fruit)).toBeGreaterThan(0);
    expect(fish + vegetables + fruit).toBe(byCode.meta.total);
    expectErrorBody(await get(`${COMPAT}/prices?city=99`), 400, 'INVALID_PARAMETER');
  });

  it('range as 7d, 30d, 365d; an invalid range counts as 7 days; without range the whole history', async () => {
    const get = client();
    const total = async (q: string) =>
      CompatPricesResponse.parse((await get(`${COMPAT}/prices?${q}`)).json()).meta.total;
    const main = async (q: string) => (await get(`/api/v1/prices?${q}&limit=1`)).json().meta.total as number;
    for (const range of ['30d', '365d', '3650d'])
      expect(await total(`range=${range}`)).toBe(await main(`range=${range}`));
    expect(await total('range=365d')).toBeGreaterThan(await total('range=120d'));
    expect(await total('range=120d')).toBeGreaterThan(0);
    for (const invalid of ['7', 'abc', '0d', '-3d'])
      expect(await total(`range=${invalid}`)).toBe(await total('range=7d'));
    // The last 7 days hold no row: latestRecordedDate is null, the header says where the data ends.
    const week = await get(`${COMPAT}/prices?product=domates&range=7d`);
    expect(CompatPricesResponse.parse(week.json()).meta).toEqual({
      total: 0,
      page: 1,
      limit: 50,
      latestRecordedDate: null,
    });
    expect(week.headers.get('x-newest-data-day')).toBe('2026-08-22');
    expect(await total('')).toBe(await main(''));
    expect(await total('')).toBeGreaterThan(await total('range=365d'));
  });

  it('latestOnly (true or 1): only the newest row per product variant and market, windowed by range', async () => {
    const get = client();
    const page = async (q: string) => CompatPricesResponse.parse((await get(`${COMPAT}/prices?${q}`)).json());
    // Within a range, the newest row of each (variant, market) is the first of the main rows of the range.
    const rows = await mainRows('product=armut&range=365d');
    const seen = new Set<string>();
    const newest = rows.filter((r) => {
      const pair = `${r.productSlug}|${r.marketSlug}`;
      if (seen.has(pair)) return false;
      seen.add(pair);
      return true;
    });
    const latest = await page('product=armut&range=365d&latestOnly=true&limit=100');
    expect(latest).toEqual(await page('product=armut&range=365d&latestOnly=1&limit=100'));
    expect(latest.items).toEqual(newest.map(asCompat));
    expect(latest.meta.total).toBe(newest.length);
    expect(new Set(rows.map((r) => r.marketSlug)).size).toBeGreaterThan(2);
    // A pair whose newest row is older than the range is not in it (Ankara's and Antalya's end before 150 days back).
    const from = '2026-06-25'; // 150 days back from the build day 2026-11-21
    const recent = await page('product=armut&range=150d&latestOnly=true&limit=100');
    expect(recent.items).toEqual(newest.filter((r) => r.recordedDate >= from).map(asCompat));
    expect(recent.meta.total).toBeGreaterThan(0);
    expect(recent.meta.total).toBeLessThan(latest.meta.total);
    // Without a range: one row per pair of the whole history, each the newest of its pair.
    const whole = await page('product=armut&latestOnly=true&limit=100');
    expect(whole.meta.total).toBeGreaterThan(latest.meta.total);
    for (const item of whole.items.filter((_, i) => i % 7 === 0)) {
      const pair = (await get(`/api/v1/prices?product=armut&limit=200&date=${item.recordedDate}`)).json();
      const row = pair.items.find((r: MainRow) => r.id === item.id) as MainRow;
      expect(asCompat(row)).toEqual(item);
      const newer = await get(`/api/v1/prices?product=${row.productSlug}&market=${row.marketSlug}&limit=1`);
      expect(newer.json().items[0].id).toBe(item.id);
    }
    const every = (await get('/api/v1/prices?product=armut&limit=1')).json().meta.total;
    for (const off of ['false', '0', '']) {
      expect((await page(`product=armut&latestOnly=${off}&limit=5`)).meta.total, off).toBe(every);
    }
    for (const bad of ['yes', 'TRUE1', '2']) {
      expectErrorBody(await get(`${COMPAT}/prices?latestOnly=${bad}`), 400, 'INVALID_PARAMETER');
    }
  });

  it('page defaults to 1; limit at most 100 (150 gives 100 rows and meta.limit 100); bad values are 400s', async () => {
    const get = client();
    const page = async (q: string) => CompatPricesResponse.parse((await get(`${COMPAT}/prices?${q}`)).json());
    const clamped = await page('product=domates&limit=150');
    expect(clamped.items).toHaveLength(100);
    expect(clamped.meta.limit).toBe(100);
    expect(clamped).toEqual(await page('product=domates&limit=100&page=1'));
    const first = await page('product=domates');
    expect(first.meta.page).toBe(1);
    expect(first.meta.limit).toBe(50);
    expect(first.items).toEqual(clamped.items.slice(0, 50));
    const beyond = await page(`product=domates&page=100000`);
    expect(beyond.items).toEqual([]);
    expect(beyond.meta.total).toBe(first.meta.total);
    expectErrorBody(await get(`${COMPAT}/prices?limit=0`), 400, 'INVALID_LIMIT');
    expectErrorBody(await get(`${COMPAT}/prices?limit=abc`), 400, 'INVALID_LIMIT');
    expectErrorBody(await get(`${COMPAT}/prices?page=0`), 400, 'INVALID_PAGE');
    expectErrorBody(await get(`${COMPAT}/prices?page=x`), 400, 'INVALID_PAGE');
  });

  it('an unknown product is an empty page with the hint headers', async () => {
    const r = await client()(`${COMPAT}/prices?product=ejderha-meyvesi-yok`);
    expect(CompatPricesResponse.parse(r.json())).toEqual({
      items: [],
      meta: { total: 0, page: 1, limit: 50, latestRecordedDate: null },
    });
    expect(r.headers.get('x-unknown-filters')).toBe('product=ejderha-meyvesi-yok');
  });
});

/** The variant's history of `rows` (main rows of one product): per day the mean of the averages, lowest minimum, highest maximum. */
function expectedHistory(rows: MainRow[]) {
  const days = new Map<string, MainRow[]>();
  for (const r of [...rows].reverse()) {
    if (r.qualityFlags.some((f) => f.startsWith('implausible_'))) continue;
    const list = days.get(r.recordedDate) ?? [];
    list.push(r);
    days.set(r.recordedDate, list);
  }
  // Within a day in the main order (variant, market, id), as the build adds them.
  return [...days].map(([priceDate, list]) => {
    list.reverse();
    const sum = list.reduce((s, r) => s + r.avgPrice, 0);
    return {
      priceDate,
      avgPrice: (Math.round((sum / list.length) * 100) / 100).toFixed(2),
      minPrice: Math.min(...list.map((r) => r.minPrice ?? r.avgPrice)).toFixed(2),
      maxPrice: Math.max(...list.map((r) => r.maxPrice ?? r.avgPrice)).toFixed(2),
    };
  });
}

describe('GET /compat/prices/history/:productSlug: an array of {priceDate, avgPrice, minPrice, maxPrice}', () => {
  it('one item per data day, oldest first, decimal strings, exactly the four keys', async () => {
    const r = await client()(`${COMPAT}/prices/history/domates?range=365d`);
    expect(r.status).toBe(200);
    const items = CompatHistoryResponse.parse(r.json());
    expect(items.length).toBeGreaterThan(100);
    for (const item of r.json()) expect(Object.keys(item)).toEqual(['priceDate', 'avgPrice', 'minPrice', 'maxPrice']);
    const days = items.map((i) => i.priceDate);
    expect([...new Set(days)].sort()).toEqual(days);
    expect(
      items.every((i) => Number(i.minPrice) <= Number(i.avgPrice) && Number(i.avgPrice) <= Number(i.maxPrice)),
    ).toBe(true);
    expect(r.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=3600, stale-while-revalidate=3600');
  });

  it('without a market, across markets: the mean of the averages, the lowest minimum, the highest maximum of the main rows', async () => {
    const get = client();
    for (const [slug, range] of [
      ['domates-salkim', '120d'],
      ['biber', '365d'],
    ] as const) {
      const rows = await mainRows(`product=${slug}&range=${range}`);
      expect(new Set(rows.map((r) => r.marketSlug)).size, slug).toBeGreaterThan(1);
      const items = CompatHistoryResponse.parse((await get(`${COMPAT}/prices/history/${slug}?range=${range}`)).json());
      expect(items).toEqual(expectedHistory(rows));
    }
  });

  it('market (optional): the same in one market', async () => {
    const get = client();
    const rows = await mainRows('product=domates&market=ankara-sebze-meyve&range=365d');
    expect(rows.length).toBeGreaterThan(100);
    const items = CompatHistoryResponse.parse(
      (await get(`${COMPAT}/prices/history/domates?market=ankara-sebze-meyve&range=365d`)).json(),
    );
    expect(items).toEqual(expectedHistory(rows));
  });

  it('range defaults to 7 days (invalid ones too); 1825d and beyond reach years back, up to 3650d', async () => {
    const get = client();
    const history = async (q: string) =>
      CompatHistoryResponse.parse((await get(`${COMPAT}/prices/history/domates-salkim?${q}`)).json());
    // The newest data day is months before the build day: the last 7 days hold nothing.
    expect(await history('')).toEqual([]);
    expect(await history('range=7d')).toEqual([]);
    expect(await history('range=abc')).toEqual([]);
    const five = await history('range=1825d');
    expect(five[0]!.priceDate >= '2021-11-22').toBe(true);
    expect(five[0]!.priceDate < '2022-01-31').toBe(true);
    const ten = await history('range=3650d');
    expect(ten.length).toBeGreaterThan(five.length);
    expect(await history('range=99999d')).toEqual(ten);
    expect(ten.slice(-five.length)).toEqual(five);
  });

  it('an unknown product is an empty array with the hint header', async () => {
    const r = await client()(`${COMPAT}/prices/history/ejderha-meyvesi-yok?range=365d`);
    expect(r.status).toBe(200);
    expect(r.json()).toEqual([]);
    expect(r.headers.get('x-unknown-filters')).toBe('product=ejderha-meyvesi-yok');
  });
});

describe('GET /compat/prices/export: CSV with the variant columns, city, product, range', () => {
  const parseCsv = (text: string) => parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];

  it('has exactly the header market_name, product_name, min_price, max_price, avg_price, unit, price_date', async () => {
    const r = await client()(`${COMPAT}/prices/export?product=domates&city=35&range=365d`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('content-disposition')).toMatch(
      /^attachment; filename="hal-fiyatlari_domates_izmir_son-365-gun/,
    );
    expect(r.text.split('\r\n')[0]).toBe(COMPAT_EXPORT_COLUMNS.join(','));
    expect(r.text.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('holds the rows of /compat/prices for the same city, product and range, in order, read back by csv-parse', async () => {
    const get = client();
    const query = 'product=domates-salkim&city=35&range=365d';
    const rows = parseCsv((await get(`${COMPAT}/prices/export?${query}`)).text);
    const page = CompatPricesResponse.parse((await get(`${COMPAT}/prices?${query}&limit=100`)).json());
    expect(rows.length).toBe(page.meta.total);
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.slice(0, 100)).toEqual(
      page.items.map((i) => ({
        market_name: i.marketName,
        product_name: i.productName,
        min_price: i.minPrice ?? '',
        max_price: i.maxPrice ?? '',
        avg_price: i.avgPrice,
        unit: i.unit,
        price_date: i.recordedDate,
      })),
    );
    // Ankara by its plate code: both of its markets.
    const ankara = parseCsv((await get(`${COMPAT}/prices/export?city=06&range=365d`)).text);
    expect(new Set(ankara.map((r) => r.market_name)).size).toBe(2);
    expect(ankara.length).toBe((await get('/api/v1/prices?city=ankara&range=365d&limit=1')).json().meta.total);
  });

  it('range defaults to 7 days; more than 20,000 rows is a 400 EXPORT_TOO_LARGE; a bad city a 400', async () => {
    const get = client();
    const header = `${COMPAT_EXPORT_COLUMNS.join(',')}\r\n`;
    // The newest data day is months before the build day: 7 days hold nothing.
    expect((await get(`${COMPAT}/prices/export?product=domates`)).text).toBe(header);
    expect((await get(`${COMPAT}/prices/export?product=domates&range=nonsense`)).text).toBe(header);
    expect(parseCsv((await get(`${COMPAT}/prices/export?product=domates&range=300d`)).text).length).toBeGreaterThan(0);
    expectErrorBody(await get(`${COMPAT}/prices/export?range=3650d`), 400, 'EXPORT_TOO_LARGE');
    expectErrorBody(await get(`${COMPAT}/prices/export?city=100`), 400, 'INVALID_PARAMETER');
    const unknown = await get(`${COMPAT}/prices/export?product=ejderha-meyvesi-yok&range=30d`);
    expect(unknown.text).toBe(header);
    expect(unknown.headers.get('x-unknown-filters')).toBe('product=ejderha-meyvesi-yok');
  });
});

describe('every compat JSON answer validates against the served OpenAPI document (ajv)', () => {
  it.each([
    ['/compat/prices', `${COMPAT}/prices?city=35&range=365d&limit=100`],
    ['/compat/prices', `${COMPAT}/prices?product=armut&latestOnly=true&page=2&limit=5`],
    ['/compat/prices', `${COMPAT}/prices?product=ejderha-meyvesi-yok`],
    ['/compat/prices/history/{productSlug}', `${COMPAT}/prices/history/domates?range=1825d`],
    ['/compat/prices/history/{productSlug}', `${COMPAT}/prices/history/domates?market=izmir-sebze-meyve&range=30d`],
  ])('%s ← %s', async (path, url) => {
    const get = client();
    const api = openApiValidator((await get('/api/v1/openapi.json')).json());
    const r = await get(url);
    expect(r.status).toBe(200);
    api.expectValid(path, r.json());
    const doc = api.doc.paths[path].get;
    expect(doc.tags).toEqual(['compat']);
    expect(doc['x-cache']).toEqual(
      path === '/compat/prices'
        ? { sMaxAge: 300, staleWhileRevalidate: 600 }
        : {
            sMaxAge: 3600,
            staleWhileRevalidate: 3600,
          },
    );
  });

  it('a key the variant does not list fails the validation (closed objects)', async () => {
    const api = openApiValidator((await client()('/api/v1/openapi.json')).json());
    const schema = api.doc.paths['/compat/prices'].get.responses[200].content['application/json'].schema;
    const validate = api.compile(schema.$ref);
    const meta = { total: 0, page: 1, limit: 50, latestRecordedDate: null };
    expect(validate({ items: [], meta })).toBe(true);
    expect(validate({ items: [], meta, attribution: 'x' })).toBe(false);
    expect(validate({ items: [], meta: { ...meta, count: 0 } })).toBe(false);
  });
});

describe.skipIf(!findSoffice())('the compat CSV export in LibreOffice Calc', () => {
  it('reads back every cell: prices as numbers, price_date as dates, names letter for letter (UTF-8, no byte order mark)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hal-compat-export-'));
    try {
      const r = await client()(`${COMPAT}/prices/export?product=biber&city=35&range=365d`);
      const path = join(dir, 'compat.csv');
      writeFileSync(path, r.text);
      const file = parse(r.text) as string[][];
      expect(file.length).toBeGreaterThan(100);
      expect(file.slice(1).some((row) => /[çğıöşüÇĞİÖŞÜ]/.test(row[1]!))).toBe(true);
      const [fods] = await convertToFods(findSoffice()!, [path], { separator: ',', language: LANGUAGE.englishUs }, dir);
      const sheet = readFods(fods!);
      expect(sheet).toHaveLength(file.length);
      const found: string[] = [];
      file.forEach((cells, row) =>
        cells.forEach((text, c) => {
          let want: SheetCell;
          if (row === 0 || ![2, 3, 4, 6].includes(c)) want = text === '' ? null : { type: 'string', value: text };
          else if (c === 6) want = { type: 'date', value: text };
          else want = text === '' ? null : { type: 'float', value: Number(text) };
          const got = sheet[row]?.[c] ?? null;
          if (JSON.stringify(got) !== JSON.stringify(want))
            found.push(`row ${row} ${file[0]![c]}: ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
        }),
      );
      expect(found.slice(0, 5)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe("the build's collections behind latestOnly and the variant history", () => {
  const dir = mkdtempSync(join(tmpdir(), 'hal-compat-build-'));
  const db = new Database(inject('dbPath'), { readonly: true });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const TODAY = '2026-11-21';
  let model: Model | undefined;
  const modelOf = () => (model ??= loadModel(db, TODAY));

  /** A written collection: its index and its lines, newest first. */
  function collection(root: string, kind: 'prices' | 'history', key: string) {
    const index = JSON.parse(
      readFileSync(join(root, collectionDirectoryPath(kind, key)), 'utf8'),
    ) as CollectionDirectoryT;
    const lines = allPartitions(index).flatMap((p) =>
      gunzipSync(readFileSync(join(root, p.path)))
        .toString('utf8')
        .trimEnd()
        .split('\n'),
    );
    return { index, lines };
  }

  it('latest/<key> holds, of every variant × market, its newest row (the smaller id on a tie), in /prices order', () => {
    const writer = new OutputWriter(join(dir, 'latest'));
    const report = writeLatestCollections(db, modelOf(), writer);
    writer.settle();
    // Every published row in /prices order (newest first, then variant, market, id): the first of each pair is
    // its newest. Read as ids alone; only the newest are serialized, as the API serves them.
    const seen = new Set<string>();
    const newestIds: string[] = [];
    const inPricesOrder = db.prepare(
      `SELECT o.id, n.variant_slug AS variant, o.market_slug AS market
       FROM observations o JOIN source_names n ON n.id = o.source_name_id JOIN documents d ON d.id = o.document_id
       WHERE n.variant_slug IS NOT NULL
       ORDER BY o.data_day DESC, n.variant_slug, o.market_slug, o.id`,
    );
    for (const r of inPricesOrder.iterate() as IterableIterator<{ id: string; variant: string; market: string }>) {
      if (seen.has(`${r.variant}|${r.market}`)) continue;
      seen.add(`${r.variant}|${r.market}`);
      newestIds.push(r.id);
    }
    const keysOf = (r: { variant: string; product: string; market: string; city: string; category: string }) => [
      'all',
      `product/${r.product}`,
      `city/${r.city}/category/${r.category}`,
    ];
    const rows = new Map(
      [
        ...publishedRows(db, modelOf(), 'AND o.id IN (SELECT value FROM json_each(?))', [JSON.stringify(newestIds)]),
      ].map((r) => [r.id, r]),
    );
    const newest = newestIds.map((id) => ({ json: rows.get(id)!.json, keys: keysOf(rows.get(id)!) }));
    expect(report.rows).toBe(newest.length);
    for (const key of ['all', 'product/domates', 'city/ankara/category/balik']) {
      const { index, lines } = collection(writer.root, 'prices', latestCollectionKey(key));
      expect(lines, key).toEqual(newest.filter((n) => n.keys.includes(key)).map((n) => n.json));
      expect(index.total).toBe(lines.length);
    }
  }, 120_000);

  it('the variant history aggregates the published rows per day, one partition a year, however often the arena compacts', () => {
    // The arena's slabs are large: only the whole archive fills more than one, so the history is written whole
    // with an arena that compacts whenever a second slab opens, and compared with what the suite's build wrote
    // from the same store on the same day with the usual arena.
    expect(inject('today')).toBe(TODAY);
    const compacting = new OutputWriter(join(dir, 'compacting'));
    const { compactions } = writeCompatHistory(db, modelOf(), compacting, {
      arena: { maxLiveSlabs: 1, keepSlabs: 0 },
    });
    compacting.settle();
    expect(compactions).toBeGreaterThan(0);
    const distDir = inject('distDir');
    const published = JSON.parse(readFileSync(join(distDir, MANIFEST_FILE), 'utf8')) as DistManifest;
    const usual = new Map<string, unknown>();
    const prefix = collectionDirectoryPrefix('history') + compatHistoryKey('');
    for (const path of Object.keys(published.objects).filter((p) => p.startsWith(prefix))) {
      usual.set(path, published.objects[path]);
      const index = JSON.parse(readFileSync(join(distDir, path), 'utf8')) as CollectionDirectoryT;
      for (const p of allPartitions(index)) usual.set(p.path, published.objects[p.path]);
    }
    const sorted = (entries: Iterable<[string, unknown]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : 1));
    expect(sorted(compacting.entries)).toEqual(sorted(usual));
    // Against the published rows (corrected) of a family, alone and in one market; Antalya's tomatoes have
    // rows flagged implausible, which no item takes. A family's rows are read once for all its series.
    const familyRows = new Map<string, PublishedRow[]>();
    const rowsOf = (family: string) => {
      let rows = familyRows.get(family);
      if (!rows) {
        const where = 'AND n.variant_slug IN (SELECT slug FROM variants WHERE product_slug = ?)';
        familyRows.set(family, (rows = [...publishedRows(db, modelOf(), where, [family])]));
      }
      return rows;
    };
    for (const [family, market] of [
      ['domates', undefined],
      ['domates', 'antalya-sebze-meyve'],
      ['elma', 'izmir-sebze-meyve'],
    ] as const) {
      let implausible = 0;
      const days = new Map<string, { min: number; max: number; sum: number; n: number }>();
      for (const r of rowsOf(family)) {
        if (market && r.market !== market) continue;
        if (r.row.qualityFlags.some((f) => f.startsWith('implausible_'))) {
          implausible++;
          continue;
        }
        const d = days.get(r.day) ?? { min: Infinity, max: -Infinity, sum: 0, n: 0 };
        d.min = Math.min(d.min, r.row.minPrice ?? r.row.avgPrice);
        d.max = Math.max(d.max, r.row.maxPrice ?? r.row.avgPrice);
        d.sum += r.row.avgPrice;
        d.n++;
        days.set(r.day, d);
      }
      if (family === 'domates') expect(implausible, `${family} ${market}`).toBeGreaterThan(0);
      const { index, lines } = collection(compacting.root, 'history', compatHistoryKey(historySeries(family, market)));
      const items = lines.map((l) => JSON.parse(l) as { priceDate: string; avgPrice: string });
      expect(items.map((i) => i.priceDate)).toEqual([...days.keys()]);
      for (const item of items) {
        const d = days.get(item.priceDate)!;
        expect(item).toEqual({
          priceDate: item.priceDate,
          avgPrice: (Math.round((d.sum / d.n) * 100) / 100).toFixed(2),
          minPrice: d.min.toFixed(2),
          maxPrice: d.max.toFixed(2),
        });
      }
      // One partition per calendar year of items.
      const years = new Set(items.map((i) => i.priceDate.slice(0, 4)));
      expect(index.partitionEnds).toHaveLength(years.size);
      expect(years.size).toBeGreaterThan(2);
    }
  }, 240_000);
});

describe('served after the build day, compat /prices re-ages its rows like /prices', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hal-compat-aging-'));
  let later: LocalWorker | undefined;
  afterAll(async () => {
    await later?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a list fresh on its build day is stale in both the rows and the latestOnly rows', async () => {
    // One İzmir list (the API's real shape) fetched the day after its data day, built that day: fresh rows.
    const fixture = readFileSync('tests/fixtures/izmir/sebzemeyve-2026-07-23.json');
    const http: HttpClient = {
      async request(url) {
        const bytes = url.includes('/sebzemeyve/') ? fixture : new Uint8Array();
        const fetchedAt = '2026-07-24T02:10:00.000Z';
        const type = 'application/json';
        const none = { etag: null, lastModified: null, notModified: false };
        return { url, status: bytes.byteLength ? 200 : 204, contentType: type, bytes, fetchedAt, ...none };
      },
    };
    const path = join(dir, 'store.sqlite');
    const catalogue = loadCatalogue();
    const db = openDb(path);
    seedRegistry(db, SOURCES);
    seedCatalogue(db, catalogue);
    seedHolidays(db);
    const evidence = new EvidenceFolder(join(dir, 'evidence'));
    const now = () => new Date('2026-07-24T02:10:00Z');
    await scrapeSource(db, izmir, { day: '2026-07-23', http, evidence, catalogue, now });
    const outDir = join(dir, 'dist');
    buildSite({ db, outDir, today: '2026-07-24', builtAt: '2026-07-24T03:00:00Z' });
    db.close();
    const stored = readFileSync(join(outDir, collectionDirectoryPath('prices', latestCollectionKey('all'))), 'utf8');
    expect(JSON.parse(stored).agingFrom).toBe('2026-07-23');
    // Read from the build folder as the bucket would serve it: publishing its thousands of objects first is
    // another test's promise.
    later = await startOwnWorker({ distDir: outDir, origin: distOrigin(outDir) });
    const get = async (url: string) =>
      (await (
        await later!.mf.dispatchFetch(`http://localhost${url}`, { headers: { 'cf-connecting-ip': '192.0.2.90' } })
      ).json()) as any;
    const main = await get('/api/v1/prices?product=domates-salkim');
    expect(main.items.length).toBeGreaterThan(0);
    expect(main.items.every((r: MainRow) => r.isStale)).toBe(true);
    for (const query of ['product=domates-salkim', 'product=domates-salkim&latestOnly=true']) {
      const compat = CompatPricesResponse.parse(await get(`${COMPAT}/prices?${query}`));
      expect(compat.items, query).toEqual(main.items.map(asCompat));
    }
  }, 180_000);
});
