/**
 * The three queries of docs/query-in-place.md, taken from the page itself, run with DuckDB against a
 * Parquet snapshot of the real archive, and their answers compared with the API's own answers to the
 * same questions, served by the worker over the suite's build. (DuckDB reads http:// URLs through its
 * httpfs extension, a download this machine cannot make: here it reads the snapshot's files from disk,
 * tests/worker/snapshot-ranges.test.ts reads them over HTTP range requests through the worker, and the nightly
 * runs these queries over HTTP against the snapshot it published.)
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { asyncBufferFromUrl, parquetMetadataAsync, parquetQuery, type ParquetQueryFilter } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteSnapshot } from '../support/suite-snapshot.ts';
import { SNAPSHOT_RATE_LIMIT } from '../../core/routes.ts';
import { exampleQueries } from '../../scripts/lib/example-queries.ts';
import { countingFetch } from '../support/parquet-http.ts';
import { servedApi } from '../support/served-api.ts';
import { newIp } from '../support/worker.ts';

const served = servedApi();
/** The suite's snapshot, which the archive's setup wrote and published with the build. */
const snapshot = suiteSnapshot();
const dir = snapshot.dir;
const parquetFiles = snapshot.files.filter((f) => f.path.endsWith('.parquet'));
const answers: Record<string, Record<string, unknown>[]> = {};

beforeAll(async () => {
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  await duck.run(`SET VARIABLE snapshot = '${join(dir, 'parquet')}/'`);
  for (const { name, sql } of exampleQueries(
    readFileSync(join(import.meta.dirname, '../../docs/query-in-place.md'), 'utf8'),
  ))
    answers[name] = (await duck.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
}, 180_000);

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

describe('the queries of docs/query-in-place.md answer what the API answers', () => {
  it('the page holds the three queries', () => {
    expect(Object.keys(answers)).toEqual(['monthly', 'markets', 'index-production']);
  });

  it('1. a product’s monthly price over ten years = /prices/history’s monthly bucket', async () => {
    const rows = answers.monthly!;
    expect(rows.length).toBe(120);
    const api = (
      await served.client()('/api/v1/prices/history/biber-sivri?market=izmir-sebze-meyve&bucket=monthly&range=3650d')
    ).json();
    const byMonth = new Map<string, number>(
      (api.items as { recordedDate: string; avgPrice: string }[]).map((i) => [
        i.recordedDate.slice(0, 7),
        Number(i.avgPrice),
      ]),
    );
    // The API's window ends on the build day: every month it holds within 2016–2025 is compared.
    const compared = rows.filter((r) => byMonth.has(String(r.month)));
    expect(compared.length).toBeGreaterThan(100);
    for (const r of compared) expect(num(r.mean), String(r.month)).toBeCloseTo(byMonth.get(String(r.month))!, 2);
    console.log(`monthly: ${rows.length} months, ${compared.length} compared with the API's monthly bucket`);
  });

  it('2. the markets on one day = the rows of /prices?product=domates&date=2025-12-30', async () => {
    const api = (await served.client()('/api/v1/prices?product=domates&date=2025-12-30&limit=100')).json();
    const fromApi = (api.items as Record<string, unknown>[])
      .map((i) =>
        [i.marketName, i.productName, num(i.minPrice), num(i.maxPrice), num(i.avgPrice), i.freshness].join('|'),
      )
      .sort();
    const fromParquet = answers
      .markets!.map((r) =>
        [r.market_name, r.variant_name, num(r.min_price), num(r.max_price), num(r.avg_price), r.freshness].join('|'),
      )
      .sort();
    expect(fromParquet.length).toBeGreaterThan(3);
    expect(fromParquet).toEqual(fromApi);
  });

  it('3. the index beside yearly production = /index/history and /production', async () => {
    const index = (await served.client()('/api/v1/index/history?from=2014-01-01')).json();
    const weeks = new Map<number, number[]>();
    for (const w of index.items as { week_start: string; value: number }[]) {
      const year = Number(w.week_start.slice(0, 4));
      weeks.set(year, [...(weeks.get(year) ?? []), w.value]);
    }
    const production = (await served.client()('/api/v1/production?product=domates&region=tr&measure=total')).json();
    const expected = (production.items as { year: number; tableId: string; quantityTons: number | null }[])
      .filter((p) => weeks.has(p.year))
      .map((p) => {
        const values = weeks.get(p.year)!;
        const mean = Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
        return [p.year, mean, values.length, p.tableId, p.quantityTons].join('|');
      })
      .sort();
    const got = answers['index-production']!.map((r) =>
      [num(r.year), num(r.index_mean), num(r.weeks), r.table_id, num(r.quantity_tons)].join('|'),
    ).sort();
    expect(got.length).toBeGreaterThan(3);
    expect(got).toEqual(expected);
  });
});

/** The snapshot's prefix in the local bucket the worker serves (`/snapshots/<day>/<hash>/`). */
const PREFIX = snapshot.prefix;
/** A reader's first read at a file's end, for the footer: a few KiB, as DuckDB and arrow read. */
const FOOTER_READ = 16 * 1024;
/** A query of one product reads at most this share of the observation files it names. */
const MAX_SHARE = 0.15;
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));

describe('the same questions over HTTP range requests, through the worker', () => {
  /** Rows of `path` matching `filter`, read in place (footer, then the row groups it cannot skip); what was sent. */
  async function read(path: string, columns: string[], filter: ParquetQueryFilter, sent: number[]) {
    const { fetch, exchanges } = countingFetch({ 'cf-connecting-ip': newIp() });
    const url = new URL(`/${PREFIX}${path}`, served.worker.url).href;
    const file = await asyncBufferFromUrl({ url, fetch });
    const metadata = await parquetMetadataAsync(file, { initialFetchSize: FOOTER_READ });
    const rows = await parquetQuery({ file, metadata, columns, filter, compressors });
    sent.push(exchanges.reduce((n, e) => n + e.bytes, 0));
    requests.count += exchanges.length;
    return rows as Record<string, unknown>[];
  }
  const sizeOf = (paths: string[]) => paths.reduce((n, p) => n + statSync(join(dir, p)).size, 0);
  const observations = (year: number) => `parquet/observations/year=${year}/observations.parquet`;
  const figures: string[] = [];
  /** Every request the reader sent, all queries together: what the snapshot files' own rate counter must allow. */
  const requests = { count: 0 };

  it('1. the monthly prices: ten year files, a few row groups of each', async () => {
    const sent: number[] = [];
    const paths = Array.from({ length: 10 }, (_, i) => observations(2016 + i));
    const byMonth = new Map<string, number[]>();
    for (const path of paths)
      for (const r of await read(
        path,
        ['day', 'avg_price', 'quality_flags'],
        { variant: { $eq: 'biber-sivri' }, market: { $eq: 'izmir-sebze-meyve' } },
        sent,
      )) {
        if ((r.quality_flags as string[]).some((f) => f.startsWith('implausible'))) continue;
        const month = day(r.day).slice(0, 7);
        byMonth.set(month, [...(byMonth.get(month) ?? []), Number(r.avg_price)]);
      }
    const means = [...byMonth].map(([m, v]) => [m, Math.round((v.reduce((a, b) => a + b, 0) / v.length) * 100) / 100]);
    expect(means.sort()).toEqual(answers.monthly!.map((r) => [r.month, Number(r.mean)]));
    const fetched = sent.reduce((a, b) => a + b, 0);
    figures.push(
      `1. monthly: fetched ${fetched} of ${sizeOf(paths)} bytes (${share(fetched, sizeOf(paths))}) in ${requests.count} requests`,
    );
    // Ten files' size, footer and row groups fit the snapshot counter many times over in a minute.
    expect(requests.count).toBeLessThan(SNAPSHOT_RATE_LIMIT.requests / 10);
    expect(fetched / sizeOf(paths)).toBeLessThan(MAX_SHARE);
  });

  it('2. the markets on one day: one year file', async () => {
    const sent: number[] = [];
    const path = observations(2025);
    const rows = (
      await read(path, ['day', 'market_name', 'variant_name', 'avg_price'], { family: { $eq: 'domates' } }, sent)
    )
      .filter((r) => day(r.day) === '2025-12-30')
      .map((r) => [r.market_name, r.variant_name, Number(r.avg_price)].join('|'))
      .sort();
    expect(rows).toEqual(
      answers.markets!.map((r) => [r.market_name, r.variant_name, Number(r.avg_price)].join('|')).sort(),
    );
    figures.push(`2. markets: fetched ${sent[0]} of ${sizeOf([path])} bytes (${share(sent[0]!, sizeOf([path]))})`);
    expect(sent[0]! / sizeOf([path])).toBeLessThan(MAX_SHARE);
  });

  it('3. the index beside production: two small tables', async () => {
    const sent: number[] = [];
    const index = await read('parquet/index.parquet', ['week_start', 'value'], { index: { $eq: 'ulusal' } }, sent);
    const harvest = await read(
      'parquet/production.parquet',
      ['year', 'table_id', 'quantity_tons'],
      { family: { $eq: 'domates' }, region: { $eq: 'tr' }, measure: { $eq: 'total' } },
      sent,
    );
    const years = new Set(index.map((r) => Number(day(r.week_start).slice(0, 4))));
    const joined = harvest.filter((h) => years.has(Number(h.year))).map((h) => [Number(h.year), h.table_id].join('|'));
    expect(joined.sort()).toEqual(
      answers['index-production']!.map((r) => [Number(r.year), r.table_id].join('|')).sort(),
    );
    const paths = ['parquet/index.parquet', 'parquet/production.parquet'];
    const fetched = sent.reduce((a, b) => a + b, 0);
    figures.push(
      `3. index-production: fetched ${fetched} of ${sizeOf(paths)} bytes (${share(fetched, sizeOf(paths))})`,
    );
  });

  afterAll(() => {
    const total = parquetFiles.reduce((n, f) => n + f.bytes, 0);
    console.log(
      `query in place over HTTP (snapshot Parquet ${total} bytes in ${parquetFiles.length} files):\n  ${figures.join('\n  ')}`,
    );
  });
});

const share = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
