/**
 * npm run query-snapshot [-- --snapshot-dir DIR --api-url ORIGIN]: the queries of docs/query-in-place.md,
 * run with DuckDB against a snapshot's Parquet files: on disk (DIR/parquet/), or, with `--api-url`, in
 * place over HTTP at ORIGIN/snapshots/<day>/<hash>/parquet/ (the nightly, after it published DIR),
 * where DuckDB's httpfs (installed from DuckDB's extension site) prints what each query fetched.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { istanbulDay } from '../core/dates.ts';
import { sha256HexSync } from '../core/digest-sync.ts';
import { snapshotPrefix } from '../publish/layout.ts';
import { option } from './args.ts';
import { exampleQueries } from './lib/example-queries.ts';

/** The build just published names the day its snapshot was made for (scripts/publish.ts). */
const MANIFEST = join(option('out', 'dist'), 'manifest.json');

const built = existsSync(MANIFEST)
  ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as { today?: string }).today
  : undefined;
const day = option('today', built ?? istanbulDay(new Date()));
const dir = option('snapshot-dir', join('.cache/publish', `snapshot-${day}`));
const url = option('api-url', '');
// The snapshot's prefix is named by its checksums, as the publisher names it (publish/snapshot.ts).
const prefix = snapshotPrefix(day, sha256HexSync(readFileSync(join(dir, 'SHA256SUMS'))).slice(0, 12));
const base = url ? `${url.replace(/\/+$/, '')}/${prefix}parquet/` : `${join(dir, 'parquet')}/`;

const connection = await (await DuckDBInstance.create(':memory:')).connect();
if (url) await connection.run('INSTALL httpfs; LOAD httpfs;');
await connection.run(`SET VARIABLE snapshot = '${base.replace(/'/g, "''")}'`);
console.log(`Querying ${base}`);
for (const { name, sql } of exampleQueries(readFileSync('docs/query-in-place.md', 'utf8'))) {
  const t = performance.now();
  const rows = (await connection.runAndReadAll(sql)).getRowObjectsJson();
  console.log(
    `\n${name}: ${rows.length} rows in ${Math.round(performance.now() - t)} ms; first: ${JSON.stringify(rows[0])}`,
  );
  if (!url) continue;
  // httpfs's own count of what the query fetched (requests, bytes in), from its profile.
  const profile = (await connection.runAndReadAll(`EXPLAIN ANALYZE ${sql}`)).getRows().flat().join('\n');
  for (const line of profile.split('\n').filter((l) => /HTTP|in:|#GET|#HEAD/i.test(l))) console.log(`  ${line.trim()}`);
}
