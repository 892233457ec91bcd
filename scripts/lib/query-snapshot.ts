/**
 * The queries of docs/query-in-place.md, run with DuckDB against a snapshot's Parquet files: on
 * disk (DIR/parquet/), or, with `apiUrl`, in place over HTTP at ORIGIN/snapshots/<day>/<hash>/parquet/
 * (the nightly, after it published DIR), where DuckDB's httpfs (installed from DuckDB's extension
 * site) prints what each query fetched.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { istanbulDay } from '../../core/dates.ts';
import { sha256HexSync } from '../../core/digest-sync.ts';
import { snapshotPrefix } from '../../publish/layout.ts';
import { exampleQueries } from './example-queries.ts';

export type QueryOptions = {
  /** the build just published, which names the day its snapshot was made for */
  outDir: string;
  day?: string;
  snapshotDir?: string;
  apiUrl?: string;
  log: (line: string) => void;
};

export async function querySnapshot(options: QueryOptions): Promise<void> {
  const { log } = options;
  const manifest = join(options.outDir, 'manifest.json');
  const built = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')) as { today?: string }).today
    : undefined;
  const day = options.day ?? built ?? istanbulDay(new Date());
  const dir = options.snapshotDir ?? join('.cache/publish', `snapshot-${day}`);
  const url = options.apiUrl ?? '';
  // The snapshot's prefix is named by its checksums, as the publisher names it (publish/snapshot.ts).
  const prefix = snapshotPrefix(day, sha256HexSync(readFileSync(join(dir, 'SHA256SUMS'))).slice(0, 12));
  const base = url ? `${url.replace(/\/+$/, '')}/${prefix}parquet/` : `${join(dir, 'parquet')}/`;

  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  if (url) await connection.run('INSTALL httpfs; LOAD httpfs;');
  await connection.run(`SET VARIABLE snapshot = '${base.replace(/'/g, "''")}'`);
  log(`Querying ${base}`);
  for (const { name, sql } of exampleQueries(readFileSync('docs/query-in-place.md', 'utf8'))) {
    const t = performance.now();
    const rows = (await connection.runAndReadAll(sql)).getRowObjectsJson();
    log(`\n${name}: ${rows.length} rows in ${Math.round(performance.now() - t)} ms; first: ${JSON.stringify(rows[0])}`);
    if (!url) continue;
    // httpfs's own count of what the query fetched (requests, bytes in), from its profile.
    const profile = (await connection.runAndReadAll(`EXPLAIN ANALYZE ${sql}`)).getRows().flat().join('\n');
    for (const line of profile.split('\n').filter((l) => /HTTP|in:|#GET|#HEAD/i.test(l))) log(`  ${line.trim()}`);
  }
}
