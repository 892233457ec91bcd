/**
 * npm run import: the real documents in data/sources → SQLite (`--archive DIR`: another directory
 * laid out like data/sources instead). Exits 1 after the import when a document was refused.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { openDb } from '../store/db.ts';
import { importArchives } from '../store/import.ts';
import { formatNamesReport, namesReport } from '../store/names-report.ts';
import { DEFAULT_DB, option } from './args.ts';
import { refusedReport } from './lib/refused-report.ts';

const dbPath = option('db', DEFAULT_DB);
const archiveRoot = option('archive', '') || undefined;
mkdirSync(dirname(dbPath), { recursive: true });
const db = openDb(dbPath);
const t = performance.now();
console.log(`Importing real source documents${archiveRoot ? ` of ${archiveRoot}` : ''} into ${dbPath}`);
const summary = importArchives(db, console.log, { archiveRoot });
const rows = summary.documents.reduce((n, s) => n + s.report.observations, 0);
console.log(
  `Imported ${rows} observations from ${summary.documents.filter((s) => !s.report.skipped).length} new documents in ${Math.round(performance.now() - t)} ms`,
);
for (const line of formatNamesReport(namesReport(db))) console.log(line);
db.close();
if (summary.refused.length) {
  for (const line of refusedReport(summary.refused)) console.error(line);
  process.exitCode = 1;
}
