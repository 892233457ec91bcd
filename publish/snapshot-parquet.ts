/**
 * The snapshot's Parquet files, which DuckDB, Polars, pandas and R arrow query in place over HTTP
 * range requests: the observations, one file per year under a hive-style `year=YYYY/` folder (a
 * reader given the paths prunes years by the path alone), and one file per dimension table.
 * Observations are sorted by family, variant, market and day in small row groups, so a one-family
 * query reads the row groups whose min/max statistics admit it and skips the rest.
 *
 * Written by DuckDB (@duckdb/node-api): rows are read from the store with better-sqlite3 (DuckDB's
 * sqlite extension would be a download) and appended into an in-memory DuckDB, then COPY writes
 * each file. One thread, so that the same store and day give the same bytes.
 */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import type Database from 'better-sqlite3';
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadModel } from '../build/model.ts';
import { appendRow, createStaging, selectOf, type ParquetColumn, type StagingOnly } from './parquet/columns.ts';
import { DIMENSIONS } from './parquet/dimensions.ts';
import {
  OBSERVATION_COLUMNS,
  OBSERVATION_ORDER,
  OBSERVATION_STAGING,
  observationRows,
} from './parquet/observations.ts';

/** Rows per row group: a family spans few of them in a year's file (figures in docs/snapshots.md). */
const ROW_GROUP_SIZE = 2048;

export type ParquetFile = {
  path: string;
  bytes: number;
  rows: number;
  name: string;
  title: string;
  columns: ParquetColumn[];
  primaryKey: string[];
};
export type ParquetReport = { files: ParquetFile[] };

export const observationsPath = (year: number): string => `parquet/observations/year=${year}/observations.parquet`;

export async function writeParquetSnapshot(db: Database.Database, dir: string, day: string): Promise<ParquetReport> {
  const model = loadModel(db, day);
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const connection = await instance.connect();
  try {
    const files: ParquetFile[] = [];
    await stage(connection, 'observations', OBSERVATION_STAGING, observationRows(db, model));
    const years = (await connection.runAndReadAll('SELECT DISTINCT year FROM observations ORDER BY year'))
      .getRowObjectsJS()
      .map((r) => Number(r.year));
    for (const year of years) {
      const path = observationsPath(year);
      const rows = await copy(
        connection,
        dir,
        path,
        OBSERVATION_COLUMNS,
        'observations',
        `year = ${year}`,
        OBSERVATION_ORDER,
      );
      files.push({
        path,
        bytes: statSync(join(dir, path)).size,
        rows,
        name: `observations-${year}`,
        title: `Observations of ${year}`,
        columns: OBSERVATION_COLUMNS,
        primaryKey: ['id'],
      });
    }
    for (const d of DIMENSIONS) {
      await stage(connection, d.name, d.columns, d.rows(db, model));
      const path = `parquet/${d.name}.parquet`;
      const order = d.primaryKey.map((k) => `"${k}"`).join(', ');
      const rows = await copy(connection, dir, path, d.columns, d.name, 'true', order);
      files.push({
        path,
        bytes: statSync(join(dir, path)).size,
        rows,
        name: d.name,
        title: d.title,
        columns: d.columns,
        primaryKey: d.primaryKey,
      });
    }
    return { files };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

async function stage(
  connection: DuckDBConnection,
  table: string,
  columns: readonly (ParquetColumn | StagingOnly)[],
  rows: Iterable<unknown[]>,
): Promise<void> {
  await createStaging(connection, table, columns);
  const appender = await connection.createAppender(table);
  for (const row of rows) appendRow(appender, columns, row);
  appender.closeSync();
}

/** Writes one file (zstd, statistics per row group, as DuckDB writes them by default); returns its rows. */
async function copy(
  connection: DuckDBConnection,
  dir: string,
  path: string,
  columns: readonly ParquetColumn[],
  table: string,
  where: string,
  order: string,
): Promise<number> {
  const file = join(dir, path);
  mkdirSync(dirname(file), { recursive: true });
  const select = `SELECT ${columns.map(selectOf).join(', ')} FROM "${table}" WHERE ${where} ORDER BY ${order}`;
  const result = await connection.runAndReadAll(
    `COPY (${select}) TO '${file.replaceAll("'", "''")}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROW_GROUP_SIZE})`,
  );
  return Number(result.getRowsJS()[0]?.[0] ?? 0);
}
