/**
 * Imports every real document the repository holds (or another directory laid out like
 * data/sources), for every source, into the store (idempotent). A document whose layout its
 * parser does not know stops nothing: it is kept as evidence without rows, its source's run is
 * recorded `broken` as a live run's would be (the message names the file and what the parser
 * found), the other documents are read, and the summary lists it. Any other error is a bug and
 * stops the import.
 */
import { LayoutError, type ArchiveDocument, type SourceDefinition } from '../sources/types.ts';
import { loadCatalogue, type Catalogue } from '../sources/catalogue.ts';
import { hasArchive } from '../sources/lib/archive.ts';
import { ADAPTERS, SOURCES } from '../sources/registry.ts';
import { markRepeatedBulletins } from './bulletins.ts';
import { syncCorrections } from './corrections.ts';
import type { Db } from './db.ts';
import { markImplausibleValues } from './implausible-values.ts';
import { describeProduction, importProduction, type ProductionSummary } from './production/import.ts';
import { documentMeta, ingestDocument, refuseDocument, type IngestReport } from './ingest.ts';
import { relinkNames, seedCatalogue, seedHolidays, seedRegistry } from './seed.ts';
import { recordRun } from './source-runs.ts';

type ImportedDocument = { source: string; file: string; parser: string; report: IngestReport };
export type RefusedDocument = { source: string; file: string; parser: string; reason: string };
export type ImportSummary = {
  documents: ImportedDocument[];
  refused: RefusedDocument[];
  production: ProductionSummary;
};

export type ImportOptions = {
  /** a directory laid out like data/sources, read instead of it; sources without an archive.json there are left out */
  archiveRoot?: string;
};

export function importArchives(
  db: Db,
  log: (line: string) => void = () => {},
  options: ImportOptions = {},
): ImportSummary {
  const { archiveRoot } = options;
  const now = () => new Date().toISOString();
  const catalogue = loadCatalogue();
  seedRegistry(db, SOURCES);
  seedCatalogue(db, catalogue);
  seedHolidays(db);
  relinkNames(db, catalogue);
  const imported: ImportedDocument[] = [];
  const allRefused: RefusedDocument[] = [];
  for (const adapter of ADAPTERS) {
    if (!adapter.archive || (archiveRoot && !hasArchive(adapter.definition.key, archiveRoot))) continue;
    const startedAt = now();
    const refused: RefusedDocument[] = [];
    const recovered: ImportedDocument[] = [];
    const read: ImportedDocument[] = [];
    const documents = adapter.archive(archiveRoot);
    for (const doc of documents) {
      const outcome = importDocument(db, adapter.definition, catalogue, doc);
      if ('reason' in outcome) {
        refused.push(outcome);
        log(`  ${outcome.source} ${outcome.file}: REFUSED (${outcome.reason}); kept as evidence, source marked broken`);
        continue;
      }
      imported.push(outcome);
      read.push(outcome);
      if (outcome.report.readAfterRefusal) recovered.push(outcome);
      if (documents.length <= LISTED_DOCUMENTS) log(describe(outcome));
    }
    if (documents.length > LISTED_DOCUMENTS) log(describeMany(adapter.definition.key, read));
    allRefused.push(...refused);
    recordArchiveRun(db, adapter.definition.key, { startedAt, finishedAt: now() }, refused, recovered);
  }
  markRepeatedBulletins(db);
  syncCorrections(db);
  markImplausibleValues(db);
  // Yearly production statistics: the official tables in data/production/, whatever archiveRoot says.
  const started = performance.now();
  const production = importProduction(db, new Set(catalogue.products.map((p) => p.slug)));
  for (const line of describeProduction(production, performance.now() - started)) log(line);
  return { documents: imported, refused: allRefused, production };
}

function importDocument(
  db: Db,
  source: SourceDefinition,
  catalogue: Catalogue,
  doc: ArchiveDocument,
): ImportedDocument | RefusedDocument {
  const file = doc.storedPath.split('/').pop()!;
  const meta = documentMeta('archive', doc, doc.parser, doc.storedPath);
  let parsed;
  try {
    parsed = doc.parser.parse(doc);
  } catch (error) {
    if (!(error instanceof LayoutError)) throw error;
    refuseDocument(db, source, doc.bytes, meta, error.message);
    return { source: source.key, file, parser: doc.parser.id, reason: `${doc.storedPath}: ${error.message}` };
  }
  return {
    source: source.key,
    file,
    parser: doc.parser.id,
    report: ingestDocument(db, source, catalogue, doc.bytes, meta, parsed),
  };
}

/**
 * A source's archive documents are one run: `broken` while any is refused, `ok` once a document
 * refused before is read (a readable answer clears broken, as a live run's does); nothing is
 * recorded otherwise, so importing a readable archive leaves the source's state to live runs.
 */
function recordArchiveRun(
  db: Db,
  source: string,
  at: { startedAt: string; finishedAt: string },
  refused: RefusedDocument[],
  recovered: ImportedDocument[],
): void {
  const run = { source, ...at, scheduled: false, httpStatus: null };
  if (refused.length)
    recordRun(db, {
      ...run,
      outcome: 'broken',
      message: `arşiv belgesi ${refused.map((r) => r.reason).join('; ')}`,
      documents: 0,
      observations: 0,
    });
  else if (recovered.length) {
    const observations = recovered.reduce((n, d) => n + d.report.observations, 0);
    recordRun(db, {
      ...run,
      outcome: 'ok',
      message: `archive documents refused before, now read: ${recovered.map((d) => d.file).join(', ')}`,
      documents: recovered.length,
      observations,
    });
  }
}

/** A source with more documents than this (a day's page each) is logged as one line, refusals apart. */
const LISTED_DOCUMENTS = 20;

function describeMany(source: string, documents: readonly ImportedDocument[]): string {
  const skipped = documents.filter((d) => d.report.skipped).length;
  const sum = (pick: (r: ImportedDocument['report']) => number) => documents.reduce((n, d) => n + pick(d.report), 0);
  const rejected: Record<string, number> = {};
  for (const d of documents)
    for (const [reason, rows] of Object.entries(d.report.rejected)) rejected[reason] = (rejected[reason] ?? 0) + rows;
  return (
    `  ${source}: ${documents.length} documents${skipped ? ` (${skipped} unchanged, skipped)` : ''}, ` +
    `${sum((r) => r.observations)} observations on ${sum((r) => r.bulletinDays)} days ` +
    `(${sum((r) => r.unmatchedRows)} unmatched${notPublished(rejected)})`
  );
}

function describe({ source, file, report }: ImportedDocument): string {
  return report.skipped
    ? `  ${source} ${file}: unchanged (sha256 ${report.sha256.slice(0, 12)}…), skipped`
    : `  ${source} ${file}: ${report.observations} observations on ${report.bulletinDays} days (${report.unmatchedRows} unmatched${notPublished(report.rejected)})`;
}

/** Printed rows that are no price (`no_quote`: listed, not traded that day) or were refused, by reason. */
function notPublished(rejected: Record<string, number>): string {
  return Object.entries(rejected)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([reason, rows]) => `, ${rows} ${reason}`)
    .join('');
}
