/** Imports every real document the repository holds into the store (idempotent). */
import { loadCatalogue } from '../sources/catalogue.ts';
import { ARCHIVE_PARSERS, izmirArchiveFiles, readArchiveFile } from '../sources/izmir/archive.ts';
import { SOURCES, sourceByKey } from '../sources/registry.ts';
import type { Db } from './db.ts';
import { ingestDocument, type IngestReport } from './ingest.ts';
import { relinkNames, seedCatalogue, seedRegistry } from './seed.ts';

export type ImportSummary = { file: string; parser: string; report: IngestReport }[];

export function importArchives(db: Db, log: (line: string) => void = () => {}): ImportSummary {
  const catalogue = loadCatalogue();
  seedRegistry(db, SOURCES);
  seedCatalogue(db, catalogue);
  relinkNames(db, catalogue);
  const izmir = sourceByKey('izmir');
  const summary: ImportSummary = [];
  for (const file of izmirArchiveFiles()) {
    const parser = ARCHIVE_PARSERS[file.parser];
    if (!parser) throw new Error(`${file.file}: unknown parser ${file.parser}`);
    const { bytes, storedPath } = readArchiveFile(file);
    const parsed = parser.parse(bytes, file.market);
    const report = ingestDocument(db, izmir, catalogue, bytes, {
      kind: 'archive',
      url: file.url,
      fetchedAt: null,
      contentType: file.contentType,
      parser: file.parser,
      parserVersion: parser.version,
      storedPath,
    }, parsed);
    summary.push({ file: file.file, parser: file.parser, report });
    log(
      report.skipped
        ? `  ${file.file}: unchanged (sha256 ${report.sha256.slice(0, 12)}…), skipped`
        : `  ${file.file}: ${report.observations} observations on ${report.bulletinDays} days (${report.unmatchedRows} unmatched)`,
    );
  }
  return summary;
}
