/**
 * The three queries of docs/query-in-place.md, taken from the page itself, run with DuckDB against a
 * Parquet snapshot of the real archive, and their answers compared with the API's own answers to the
 * same questions, served by the worker over the suite's build. (DuckDB reads http:// URLs through its
 * httpfs extension, a download this machine cannot make: here it reads the snapshot's files from disk,
 * tests/snapshot-ranges.test.ts reads them over HTTP range requests through the worker, and the nightly
 * runs these queries over HTTP against the snapshot it published.)
 */
import Database from 'better-sqlite3';
import { DuckDBInstance } from '@duckdb/node-api';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { writeParquetSnapshot } from '../publish/snapshot-parquet.ts';
import { exampleQueries } from '../scripts/lib/example-queries.ts';
import { servedApi } from './support/served-api.ts';

const served = servedApi('198.51.100');
let dir: string;
const answers: Record<string, Record<string, unknown>[]> = {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hal-query-in-place-'));
  const store = new Database(inject('dbPath'), { readonly: true });
  try {
    await writeParquetSnapshot(store, dir, inject('today'));
  } finally {
    store.close();
  }
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  await duck.run(`SET VARIABLE snapshot = '${join(dir, 'parquet')}/'`);
  for (const { name, sql } of exampleQueries(
    readFileSync(join(import.meta.dirname, '../docs/query-in-place.md'), 'utf8'),
  ))
    answers[name] = (await duck.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

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
