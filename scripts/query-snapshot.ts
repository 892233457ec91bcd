/**
 * npm run query-snapshot [-- --snapshot-dir DIR --api-url ORIGIN]: the queries of docs/query-in-place.md,
 * run with DuckDB against a snapshot's Parquet files: on disk (DIR/parquet/), or, with `--api-url`, in
 * place over HTTP at ORIGIN/snapshots/<day>/<hash>/parquet/ (the nightly, after it published DIR),
 * where DuckDB's httpfs (installed from DuckDB's extension site) prints what each query fetched.
 */
import { option } from './args.ts';
import { querySnapshot } from './lib/query-snapshot.ts';

await querySnapshot({
  outDir: option('out', 'dist'),
  day: option('today', '') || undefined,
  snapshotDir: option('snapshot-dir', '') || undefined,
  apiUrl: option('api-url', '') || undefined,
  log: console.log,
});
