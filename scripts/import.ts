/** npm run import: the real documents in data/sources → SQLite. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { openDb } from '../build/db.ts';
import { importArchives } from '../build/import.ts';
import { formatNamesReport, namesReport } from '../build/names-report.ts';
import { DEFAULT_DB, option } from './args.ts';

const dbPath = option('db', DEFAULT_DB);
mkdirSync(dirname(dbPath), { recursive: true });
const db = openDb(dbPath);
const t = performance.now();
console.log(`Importing real source documents into ${dbPath}`);
const summary = importArchives(db, console.log);
const rows = summary.reduce((n, s) => n + s.report.observations, 0);
console.log(`Imported ${rows} observations from ${summary.filter((s) => !s.report.skipped).length} new documents in ${Math.round(performance.now() - t)} ms`);
for (const line of formatNamesReport(namesReport(db))) console.log(line);
db.close();
