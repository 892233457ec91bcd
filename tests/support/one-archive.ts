/** One source's real archive imported alone into an empty store, as the importer reads every archive. */
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARCHIVE_ROOT } from '../../sources/lib/archive.ts';
import { openDb, type Db } from '../../store/db.ts';
import { importArchives, type ImportSummary } from '../../store/import.ts';

export function importOneArchive(source: string): { db: Db; summary: ImportSummary } {
  const root = mkdtempSync(join(tmpdir(), `hal-${source}-`));
  symlinkSync(join(ARCHIVE_ROOT, source), join(root, source));
  const db = openDb(':memory:');
  return { db, summary: importArchives(db, () => {}, { archiveRoot: root }) };
}
