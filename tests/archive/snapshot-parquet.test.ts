/**
 * The snapshot's Parquet files, written from the suite's real store and read back with DuckDB:
 * every observation once, in its year's file; a one-family query admits few row groups; the
 * bytes are the same on a second write; the rows say what the API says.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import Database from 'better-sqlite3';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { suiteSnapshot } from '../support/suite-snapshot.ts';
import { fieldOfColumn } from '../../publish/parquet/columns.ts';
import { observationsPath, writeParquetSnapshot, type ParquetReport } from '../../publish/snapshot-parquet.ts';
import { firstPriceRows } from '../support/dist-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'hal-parquet-'));
let db: Database.Database;
let report: ParquetReport;
let writeMs = 0;
let instance: DuckDBInstance;
let duck: DuckDBConnection;
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const query = async (sql: string) => (await duck.runAndReadAll(sql)).getRowObjectsJS();
const observationsGlob = () => `${join(dir, 'a')}/parquet/observations/*/observations.parquet`;

beforeAll(async () => {
  db = new Database(inject('dbPath'), { readonly: true });
  const started = Date.now();
  report = await writeParquetSnapshot(db, join(dir, 'a'), inject('today'));
  writeMs = Date.now() - started;
  instance = await DuckDBInstance.create(':memory:');
  duck = await instance.connect();
  const total = report.files.reduce((sum, f) => sum + f.bytes, 0);
  console.log(`Parquet: ${report.files.length} files, ${total} bytes, written in ${writeMs} ms`);
  for (const f of report.files) console.log(`  ${f.path.padEnd(52)} ${String(f.bytes).padStart(9)} ${f.rows} rows`);
}, 180_000);
afterAll(() => {
  duck?.closeSync();
  instance?.closeSync();
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('observations', () => {
  it('one file per year of the store, each with every observation of its year and no other', async () => {
    const stored = db
      .prepare('SELECT CAST(substr(data_day, 1, 4) AS INTEGER) AS year, count(*) AS n FROM observations GROUP BY 1')
      .all() as { year: number; n: number }[];
    const files = report.files.filter((f) => f.path.startsWith('parquet/observations/'));
    expect(files.map((f) => f.path)).toEqual(stored.map((s) => observationsPath(s.year)));
    expect(files.map((f) => f.rows)).toEqual(stored.map((s) => s.n));
    // The year a reader takes from the path is the year of every row in the file.
    const read = await query(
      `SELECT year, count(*) AS n, CAST(min(day) AS VARCHAR) AS first, CAST(max(day) AS VARCHAR) AS last, count(DISTINCT id) AS ids
       FROM read_parquet('${observationsGlob()}', hive_partitioning = true) GROUP BY year ORDER BY year`,
    );
    expect(read.map((r) => ({ year: Number(r.year), n: Number(r.n) }))).toEqual(stored);
    for (const r of read) {
      expect(String(r.first).slice(0, 4)).toBe(String(r.year));
      expect(String(r.last).slice(0, 4)).toBe(String(r.year));
      expect(Number(r.ids)).toBe(Number(r.n));
    }
    const total = db.prepare('SELECT count(*) FROM observations').pluck().get() as number;
    expect(files.reduce((sum, f) => sum + f.rows, 0)).toBe(total);
  });

  it('a one-family query admits few row groups by their statistics (zstd, statistics in every group)', async () => {
    const groups = await query(
      `SELECT file_name, row_group_id, stats_min_value AS lo, stats_max_value AS hi, compression
       FROM parquet_metadata('${observationsGlob()}') WHERE path_in_schema = 'family'`,
    );
    expect(groups.every((g) => g.compression === 'ZSTD')).toBe(true);
    expect(groups.every((g) => g.lo !== null && g.hi !== null)).toBe(true);
    const families = db.prepare('SELECT slug FROM products ORDER BY slug').pluck().all() as string[];
    const admitted = (family: string) => groups.filter((g) => String(g.lo) <= family && family <= String(g.hi)).length;
    const tomato = admitted('domates');
    const mean = families.reduce((sum, f) => sum + admitted(f), 0) / families.length;
    console.log(
      `row groups: ${groups.length}; domates admits ${tomato} (${((100 * tomato) / groups.length).toFixed(1)} %); ` +
        `mean over ${families.length} families ${mean.toFixed(1)} (${((100 * mean) / groups.length).toFixed(1)} %)`,
    );
    expect(tomato / groups.length).toBeLessThan(0.2);
    expect(mean / groups.length).toBeLessThan(0.1);
  });

  it('the rows say what the API says: prices, names, freshness and document', async () => {
    const apiRows = firstPriceRows(inject('distDir'), 'domates-salkim', 200);
    const ids = apiRows.map((r) => `'${r.id}'`).join(', ');
    const rows = await query(
      `SELECT id, CAST(day AS VARCHAR) AS day, family, variant, market, city, unit, category, min_price, max_price,
              avg_price, quality_flags, freshness, document_url
       FROM read_parquet('${observationsGlob()}') WHERE id IN (${ids})`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.size).toBe(apiRows.length);
    for (const r of apiRows) {
      const row = byId.get(r.id)!;
      expect({ ...row, quality_flags: [...(row.quality_flags as string[])] }).toEqual({
        id: r.id,
        day: r.recordedDate,
        family: 'domates',
        variant: r.productSlug,
        market: r.marketSlug,
        city: r.cityName,
        unit: r.unit,
        category: r.categorySlug,
        min_price: r.minPrice,
        max_price: r.maxPrice,
        avg_price: r.avgPrice,
        quality_flags: r.qualityFlags,
        freshness: r.freshness,
        document_url: r.documentUrl,
      });
    }
  });
});

describe('every file', () => {
  it('holds the columns its descriptor lists, with the types it gives', async () => {
    const parquetType = (t: string) =>
      t.endsWith('[]')
        ? 'array'
        : (
            {
              VARCHAR: 'string',
              BIGINT: 'integer',
              INTEGER: 'integer',
              DOUBLE: 'number',
              DATE: 'date',
              BOOLEAN: 'boolean',
            } as Record<string, string>
          )[t];
    for (const f of report.files) {
      // Without the year DuckDB would add from a hive-style path.
      const file = `read_parquet('${join(dir, 'a', f.path)}', hive_partitioning = false)`;
      const described = await query(`DESCRIBE SELECT * FROM ${file}`);
      expect(
        described.map((d) => ({ name: d.column_name, type: parquetType(String(d.column_type)) })),
        f.path,
      ).toEqual(f.columns.map(fieldOfColumn).map(({ name, type }) => ({ name, type })));
      const [count] = await query(`SELECT count(*) AS n FROM ${file}`);
      expect(Number(count!.n), f.path).toBe(f.rows);
    }
  });

  it('a reader other than DuckDB reads them: hyparquet, zstd included', async () => {
    const path = observationsPath(2014);
    const file = await asyncBufferFromFile(join(dir, 'a', path));
    const rows = await parquetReadObjects({ file, compressors, columns: ['id', 'family', 'avg_price'] });
    expect(rows.length).toBe(report.files.find((f) => f.path === path)!.rows);
    const first = await query(
      `SELECT id, family, avg_price FROM read_parquet('${join(dir, 'a', path)}', hive_partitioning = false) LIMIT 1`,
    );
    expect(rows[0]).toEqual(first[0]);
  });

  it('dimension tables hold every row of the store', () => {
    const rows = Object.fromEntries(report.files.map((f) => [f.path, f.rows]));
    const count = (table: string) => db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    expect(rows['parquet/products.parquet']).toBe(count('products'));
    expect(rows['parquet/variants.parquet']).toBe(count('variants'));
    expect(rows['parquet/markets.parquet']).toBe(count('markets'));
    expect(rows['parquet/sources.parquet']).toBe(count('sources'));
    expect(rows['parquet/calendars.parquet']).toBe(count('sources'));
    expect(rows['parquet/holidays.parquet']).toBe(count('holidays'));
    expect(rows['parquet/production.parquet']).toBe(count('production'));
    expect(rows['parquet/index.parquet']).toBeGreaterThan(52);
  });

  it('the index series are the API series', async () => {
    const series = JSON.parse(readFileSync(join(inject('distDir'), 'api/v1/index/series/ulusal.json'), 'utf8'));
    const rows = await query(
      `SELECT CAST(week_start AS VARCHAR) AS week_start, value, member_count
       FROM read_parquet('${join(dir, 'a', 'parquet/index.parquet')}') WHERE "index" = 'ulusal' ORDER BY week_start`,
    );
    expect(rows.map((r) => ({ ...r, member_count: Number(r.member_count) }))).toEqual(series.values);
  });

  it('the same store and day give the same bytes, with no moment of writing in them', async () => {
    // The suite's snapshot wrote the same store and day earlier (its setup): a timestamp in the files would differ.
    const earlier = suiteSnapshot();
    expect(earlier.files.filter((f) => f.path.startsWith('parquet/')).map((f) => f.path)).toEqual(
      report.files.map((f) => f.path),
    );
    for (const f of report.files)
      expect(sha256(join(earlier.dir, f.path)), f.path).toBe(sha256(join(dir, 'a', f.path)));
    for (const f of report.files) {
      const file = join(dir, 'a', f.path);
      expect(await query(`SELECT * FROM parquet_kv_metadata('${file}')`), f.path).toEqual([]);
      const [meta] = await query(`SELECT created_by FROM parquet_file_metadata('${file}')`);
      expect(meta!.created_by, f.path).toMatch(/^DuckDB version v[\d.]+ \(build \w+\)$/);
    }
  });
});
