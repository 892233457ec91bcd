/**
 * A small real store for the tests that build and publish: the registry, the catalogue and
 * İzmir's 2026 API dump (one document, some 14,700 price rows), ingested as an archive document.
 */
import type { Day } from '../../core/dates.ts';
import { loadCatalogue } from '../../sources/catalogue.ts';
import { izmirArchive } from '../../sources/izmir/archive.ts';
import { SOURCES, sourceByKey } from '../../sources/registry.ts';
import type { Db } from '../../store/db.ts';
import { documentMeta, ingestDocument } from '../../store/ingest.ts';
import { seedCatalogue, seedHolidays, seedRegistry } from '../../store/seed.ts';

/**
 * `holidays`: the public holidays too, which freshness (days behind a schedule) reads. `from`: only
 * the dump's days from this one on (its last, 2026-07-23, is a Thursday), for a test whose promise
 * does not need half a year of rows: a build's work grows with them.
 */
export function seedSmallStore(db: Db, { holidays, from }: { holidays: boolean; from?: Day }): void {
  const catalogue = loadCatalogue();
  seedRegistry(db, SOURCES);
  seedCatalogue(db, catalogue);
  if (holidays) seedHolidays(db);
  const doc = izmirArchive().find((d) => d.parser.id === 'izmir-api-dump')!;
  const meta = documentMeta('archive', doc, doc.parser, doc.storedPath);
  const parsed = doc.parser.parse(doc);
  const days = from
    ? { rows: parsed.rows.filter((r) => r.dataDay >= from), bulletinDays: parsed.bulletinDays.filter((d) => d >= from) }
    : parsed;
  ingestDocument(db, sourceByKey('izmir'), catalogue, doc.bytes, meta, days);
}
