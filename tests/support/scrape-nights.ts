/**
 * Nights of the real scrape (store/scrape.ts scrapeAll, the real client, the real adapters)
 * against the fault server, on a copy of a seeded store: what each night recorded, what the
 * build then says of the source (/sources/status: status, health, the warnings of its latest
 * rows), and whether a stored observation changed.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, type Day } from '../../core/dates.ts';
import { openDb, type Db } from '../../store/db.ts';
import { buildSourcesStatus } from '../../build/endpoints/sources-status.ts';
import { EvidenceFolder } from '../../store/documents.ts';
import { loadModel } from '../../build/model.ts';
import { scrapeAll, type RunLimits, type RunReport } from '../../store/scrape.ts';
import { seedCatalogue, seedHolidays, seedRegistry } from '../../store/seed.ts';
import type { SourceAdapter } from '../../sources/types.ts';
import { loadCatalogue } from '../../sources/catalogue.ts';
import { createHttpClient, type HttpOptions } from '../../sources/lib/http.ts';
import { SOURCES } from '../../sources/registry.ts';
import { routedTo, startFaultServer, type Answer, type SiteRequest } from './fault-server.ts';

const catalogue = loadCatalogue();
const dir = mkdtempSync(join(tmpdir(), 'hal-scrape-nights-'));
export const evidence = new EvidenceFolder(join(dir, 'evidence'));

let seeded: Buffer | undefined;
/** A new store with the registry, the catalogue and the holidays, and no data. */
export function seededStore(): Db {
  if (!seeded) {
    const db = openDb(join(dir, 'seed.sqlite'));
    seedRegistry(db, SOURCES);
    seedCatalogue(db, catalogue);
    seedHolidays(db);
    // An in-memory copy cannot keep a write-ahead log.
    db.pragma('journal_mode = DELETE');
    seeded = db.serialize();
    db.close();
  }
  return copyOf(seeded);
}

export function copyOf(store: Buffer): Db {
  const db = new Database(store);
  db.pragma('foreign_keys = ON');
  return db;
}

export type NightPlan = {
  adapters: readonly SourceAdapter[];
  /** the data day collected; the night runs early on the next day (Europe/Istanbul) */
  day: Day;
  answer(req: SiteRequest): Answer;
  /** where the client connects instead of the fault server (a refused connection) */
  origin?: string;
  http?: HttpOptions;
  limits?: RunLimits;
};

export type Night = { reports: RunReport[]; requests: SiteRequest[]; ms: number };

/** One scheduled night on `db`; the fault server lives for that night only. */
export async function runNight(db: Db, plan: NightPlan): Promise<Night> {
  const server = await startFaultServer((req) => plan.answer(req));
  const started = performance.now();
  try {
    const reports = await scrapeAll(db, plan.adapters, {
      day: plan.day,
      http: routedTo(createHttpClient(plan.http), plan.origin ?? server.origin),
      evidence,
      catalogue,
      now: () => new Date(`${addDays(plan.day, 1)}T02:10:00.000Z`),
      scheduled: true,
      ...plan.limits,
    });
    return { reports, requests: server.requests, ms: performance.now() - started };
  } finally {
    await server.close();
  }
}

export type SourceView = { status: string; health: string; warnings: string[]; reasons: string[] };

/** What the build of `today` publishes of the source in /sources/status. */
export function sourceView(db: Db, key: string, today: Day): SourceView {
  const item = buildSourcesStatus(db, loadModel(db, today), `${today}T03:00:00Z`).items.find((i) => i.key === key)!;
  return { status: item.status, health: item.health, warnings: [...item.warnings], reasons: item.reasons };
}

/** Every observation row by id, as stored. */
export function observationRows(db: Db): Map<string, string> {
  const rows = db.prepare('SELECT * FROM observations ORDER BY id').all() as { id: string }[];
  return new Map(rows.map((r) => [r.id, JSON.stringify(r)]));
}

export const digestOf = (rows: Iterable<string>) =>
  createHash('sha256')
    .update([...rows].join('\n'))
    .digest('hex');

/** The stored rows of `before` as they are now: the same digest means none changed or went. */
export function storedSince(
  before: Map<string, string>,
  db: Db,
): { digestBefore: string; digestAfter: string; added: number } {
  const after = observationRows(db);
  return {
    digestBefore: digestOf(before.values()),
    digestAfter: digestOf([...before.keys()].map((id) => after.get(id) ?? `${id} missing`)),
    added: after.size - [...before.keys()].filter((id) => after.has(id)).length,
  };
}
