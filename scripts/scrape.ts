/**
 * npm run scrape: live collection of every enabled source for one data day (default: yesterday
 * in Europe/Istanbul), into the store and the evidence directory. A failing source is recorded
 * with its state and the run goes on; the exit code is 0 unless the run itself could not work.
 * Limits (defaults in sources/lib/http.ts and store/scrape.ts): --timeout-ms per attempt,
 * --retries, --deadline-minutes for the whole run, --concurrency sources at a time.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { addDays, istanbulDay } from '../core/dates.ts';
import { openDb } from '../store/db.ts';
import { EvidenceFolder } from '../store/documents.ts';
import { scrapeAll } from '../store/scrape.ts';
import { relinkNames, seedCatalogue, seedRegistry } from '../store/seed.ts';
import { loadCatalogue } from '../sources/catalogue.ts';
import { createHttpClient } from '../sources/lib/http.ts';
import { ADAPTERS, SOURCES } from '../sources/registry.ts';
import { DEFAULT_DB, option } from './args.ts';

const dbPath = option('db', DEFAULT_DB);
mkdirSync(dirname(dbPath), { recursive: true });
const db = openDb(dbPath);
const catalogue = loadCatalogue();
seedRegistry(db, SOURCES);
seedCatalogue(db, catalogue);
relinkNames(db, catalogue);
const day = option('day', addDays(istanbulDay(new Date()), -1));
const only = option('sources', '');
const adapters = only ? ADAPTERS.filter((a) => only.split(',').includes(a.definition.key)) : ADAPTERS;
console.log(`Collecting ${adapters.length} sources for ${day}`);
/** A number given on the command line (or in the environment), else undefined: the default applies. */
const given = (name: string): number | undefined => {
  const text = option(name, '');
  if (text === '') return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number ≥ 0, not ${JSON.stringify(text)}`);
  return n;
};
const deadlineMinutes = given('deadline-minutes');
const reports = await scrapeAll(db, adapters, {
  day,
  http: createHttpClient({ timeoutMs: given('timeout-ms'), retries: given('retries') }),
  deadlineMs: deadlineMinutes === undefined ? undefined : deadlineMinutes * 60_000,
  concurrency: given('concurrency'),
  evidence: new EvidenceFolder(option('evidence', '.cache/evidence')),
  catalogue,
  scheduled: process.argv.includes('--scheduled') || process.env.HAL_SCHEDULED === '1',
  log: console.log,
});
const byOutcome = Object.entries(
  reports.reduce<Record<string, number>>((m, r) => ({ ...m, [r.outcome]: (m[r.outcome] ?? 0) + 1 }), {}),
);
console.log(
  `Done: ${byOutcome.map(([o, n]) => `${n} ${o}`).join(', ')}; ${reports.reduce((n, r) => n + r.observations, 0)} new observations`,
);
db.close();
