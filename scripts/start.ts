/**
 * npm start: the main job on the embedded default. Imports the real documents in data/sources
 * into SQLite, builds every file of api/v1 into dist/, and serves them through the edge
 * worker in workerd at http://localhost:8787.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { buildSite } from '../build/build.ts';
import { describeReport } from '../publish/release.ts';
import { openDb } from '../store/db.ts';
import { importArchives } from '../store/import.ts';
import { formatNamesReport, namesReport } from '../store/names-report.ts';
import { buildClock, DEFAULT_DB, DEFAULT_OUT, option } from './args.ts';
import { localAlerts } from './lib/local-alerts.ts';
import { startLocalWorker } from './lib/local-worker.ts';
import { refusedReport } from './lib/refused-report.ts';
import { printTryUrls } from './lib/try-urls.ts';

const dbPath = option('db', DEFAULT_DB);
const outDir = option('out', DEFAULT_OUT);
const archiveRoot = option('archive', '') || undefined;
mkdirSync(dirname(dbPath), { recursive: true });
const db = openDb(dbPath);

console.log(`1/3 Importing the real source documents (${archiveRoot ?? 'data/sources'}) into ${dbPath}`);
let t = performance.now();
const summary = importArchives(db, console.log, { archiveRoot });
console.log(
  `    ${summary.documents.reduce((n, s) => n + s.report.observations, 0)} new observations in ${Math.round(performance.now() - t)} ms`,
);
for (const line of formatNamesReport(namesReport(db), 3)) console.log(line);
// The API is served all the same, from every document that was read.
const refused = refusedReport(summary.refused);
if (summary.refused.length) for (const line of refused) console.error(line);

const { today, builtAt } = buildClock();
console.log(`2/3 Building ${outDir}/api/v1 for ${today}`);
const report = buildSite({ db, outDir, today, builtAt, log: (line) => console.log(`  ${line}`) });
console.log(`    ${report.objects} objects, ${(report.bytes / 1e6).toFixed(1)} MB in ${report.ms} ms`);
db.close();

console.log('3/3 Publishing into the local R2 bucket and starting the edge worker in workerd (miniflare)');
t = performance.now();
const port = Number(option('port', '8787'));
const alerts = await localAlerts(`http://localhost:${port}`);
const worker = await startLocalWorker({ distDir: outDir, port, bindings: alerts.bindings });
for (const line of describeReport(worker.publication!)) console.log(`    ${line.trim()}`);
console.log(`    ready in ${Math.round(performance.now() - t)} ms`);
printTryUrls(worker.url);
if (summary.refused.length) for (const line of refused) console.error(line);
