/**
 * The nightly's collecting phases: the repository's documents, catalogue and corrections
 * (idempotent: what is stored already is skipped), then the live sources for the night's data
 * day, with the night's clock on every fetch. A source that fails is recorded with its state, as
 * `npm run scrape` records it.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { loadCatalogue } from '../../sources/catalogue.ts';
import { createHttpClient } from '../../sources/lib/http.ts';
import { ADAPTERS } from '../../sources/registry.ts';
import { openDb } from '../../store/db.ts';
import { EvidenceFolder } from '../../store/documents.ts';
import { importArchives } from '../../store/import.ts';
import { scrapeAll } from '../../store/scrape.ts';
import { relinkNames, seedCatalogue, seedRegistry } from '../../store/seed.ts';
import { SOURCES } from '../../sources/registry.ts';
import { refusedReport } from '../lib/refused-report.ts';
import type { NightOptions, NightReport } from './night.ts';

function openStore(dbPath: string) {
  mkdirSync(dirname(dbPath), { recursive: true });
  return openDb(dbPath);
}

/** Throws after the import when it refused a document: the phase is then red, and the night goes on. */
export function importPhase(night: NightOptions, report: NightReport): void {
  const db = openStore(night.dbPath);
  try {
    const summary = importArchives(db, night.log, { archiveRoot: night.archiveRoot });
    const read = summary.documents.filter((d) => !d.report.skipped);
    report.imported = {
      documents: read.length,
      observations: read.reduce((n, d) => n + d.report.observations, 0),
      refused: summary.refused.length,
    };
    night.log(
      `  imported ${report.imported.observations} observations from ${read.length} new documents of ${night.archiveRoot ?? 'data/sources'}`,
    );
    if (summary.refused.length) {
      for (const line of refusedReport(summary.refused)) night.log(line);
      throw new Error(`${summary.refused.length} archive documents refused`);
    }
  } finally {
    db.close();
  }
}

export async function scrapePhase(night: NightOptions, report: NightReport): Promise<void> {
  const db = openStore(night.dbPath);
  try {
    const catalogue = loadCatalogue();
    seedRegistry(db, SOURCES);
    seedCatalogue(db, catalogue);
    relinkNames(db, catalogue);
    const only = night.scrape.sources;
    const adapters = only?.length ? ADAPTERS.filter((a) => only.includes(a.definition.key)) : ADAPTERS;
    night.log(`  collecting ${adapters.length} sources for ${night.day}`);
    report.scraped = await scrapeAll(db, adapters, {
      ...night.scrape,
      day: night.day,
      http: createHttpClient({ ...night.http, now: night.clock.now }),
      evidence: new EvidenceFolder(night.evidenceDir),
      catalogue,
      now: night.clock.now,
      log: night.log,
    });
    const outcomes = new Map<string, number>();
    for (const r of report.scraped) outcomes.set(r.outcome, (outcomes.get(r.outcome) ?? 0) + 1);
    night.log(
      `  scraped: ${[...outcomes].map(([o, n]) => `${n} ${o}`).join(', ')}; ${report.scraped.reduce((n, r) => n + r.observations, 0)} new observations`,
    );
  } finally {
    db.close();
  }
}
