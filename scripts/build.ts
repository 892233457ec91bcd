/** npm run build: SQLite → dist/api/v1/** + manifest. */
import { buildSite } from '../build/build.ts';
import { FETCH_MISSING } from '../publish/fetch-missing.ts';
import { openDb } from '../store/db.ts';
import { buildClock, DEFAULT_DB, DEFAULT_OUT, option } from './args.ts';

const db = openDb(option('db', DEFAULT_DB));
const outDir = option('out', DEFAULT_OUT);
const { today, builtAt } = buildClock();
console.log(`Building ${outDir}/ for ${today}`);
// --previous DIR: a previous build (another directory) whose unchanged rows are taken (docs/incremental-build.md).
const previous = option('previous', '') || undefined;
const report = buildSite({ db, outDir, today, builtAt, previous, fetchMissing: FETCH_MISSING, log: console.log });
console.log(`Built ${report.objects} objects, ${(report.bytes / 1e6).toFixed(1)} MB in ${report.ms} ms`);
if ('from' in report.boundary)
  console.log(
    `  ${report.reused} taken from the previous build (${report.inBucket} of them left in the bucket), ${report.serialized} price rows serialized`,
  );
db.close();
