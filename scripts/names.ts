/** npm run names: how every source's printed names are linked, with all unmatched names and their row counts. */
import { openDb } from '../store/db.ts';
import { formatNamesReport, namesReport } from '../store/names-report.ts';
import { DEFAULT_DB, option } from './args.ts';

const db = openDb(option('db', DEFAULT_DB));
const reports = namesReport(db);
if (process.argv.includes('--json')) console.log(JSON.stringify(reports, null, 2));
else for (const line of formatNamesReport(reports, Number.POSITIVE_INFINITY)) console.log(line);
db.close();
