/** npm run build: SQLite → dist/api/v1/** + manifest. */
import { buildSite } from '../build/build.ts';
import { openDb } from '../build/db.ts';
import { buildClock, DEFAULT_DB, DEFAULT_OUT, option } from './args.ts';

const db = openDb(option('db', DEFAULT_DB));
const outDir = option('out', DEFAULT_OUT);
const { today, builtAt } = buildClock();
console.log(`Building ${outDir}/ for ${today}`);
const report = buildSite({ db, outDir, today, builtAt, log: console.log });
console.log(`Built ${report.objects} objects, ${(report.bytes / 1e6).toFixed(1)} MB in ${report.ms} ms`);
db.close();
