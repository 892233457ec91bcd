/** Imports every real document the repository holds, for every source, into the store (idempotent). */
import { loadCatalogue } from '../sources/catalogue.ts';
import { ADAPTERS, SOURCES } from '../sources/registry.ts';
import { markRepeatedBulletins } from './bulletins.ts';
import { syncCorrections } from './corrections.ts';
import type { Db } from './db.ts';
import { ingestDocument, type IngestReport } from './ingest.ts';
import { relinkNames, seedCatalogue, seedHolidays, seedRegistry } from './seed.ts';

export type ImportSummary = { source: string; file: string; parser: string; report: IngestReport }[];

export function importArchives(db: Db, log: (line: string) => void = () => {}): ImportSummary {
  const catalogue = loadCatalogue();
  seedRegistry(db, SOURCES);
  seedCatalogue(db, catalogue);
  seedHolidays(db);
  relinkNames(db, catalogue);
  const summary: ImportSummary = [];
  for (const adapter of ADAPTERS) {
    for (const doc of adapter.archive?.() ?? []) {
      const parsed = doc.parser.parse(doc);
      const report = ingestDocument(db, adapter.definition, catalogue, doc.bytes, {
        kind: 'archive',
        url: doc.url,
        fetchedAt: doc.fetchedAt,
        contentType: doc.contentType,
        parser: doc.parser.id,
        parserVersion: doc.parser.version,
        storedPath: doc.storedPath,
      }, parsed);
      const file = doc.storedPath.split('/').pop()!;
      summary.push({ source: adapter.definition.key, file, parser: doc.parser.id, report });
      log(
        report.skipped
          ? `  ${adapter.definition.key} ${file}: unchanged (sha256 ${report.sha256.slice(0, 12)}…), skipped`
          : `  ${adapter.definition.key} ${file}: ${report.observations} observations on ${report.bulletinDays} days (${report.unmatchedRows} unmatched)`,
      );
    }
  }
  markRepeatedBulletins(db);
  syncCorrections(db);
  return summary;
}
