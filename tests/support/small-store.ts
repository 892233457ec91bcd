/**
 * A small real store for the tests that build and publish: the registry, the catalogue and
 * İzmir's 2026 API dump (one document, some 14,700 price rows), ingested as an archive document;
 * or a slice of the dump's rows.
 */
import type { Day } from '../../core/dates.ts';
import { buildCatalogue, type Catalogue, loadCatalogue } from '../../sources/catalogue.ts';
import { izmirArchive } from '../../sources/izmir/archive.ts';
import { normalisePrice } from '../../sources/lib/normalise.ts';
import { SOURCES, sourceByKey } from '../../sources/registry.ts';
import type { PrintedRow } from '../../sources/types.ts';
import type { Db } from '../../store/db.ts';
import { documentMeta, ingestDocument } from '../../store/ingest.ts';
import { seedCatalogue, seedHolidays, seedRegistry } from '../../store/seed.ts';

/**
 * A slice of the dump for tests whose promises do not depend on the store's size: eighteen of its
 * products, as it prints them (`domates-salkim` among them), from mid-April on. That is fewer data
 * days than the shortest series the forecasts' backtest takes (build/forecast/rules.ts), which is
 * otherwise a third of a build's time. Its build has some 1,050 paths (a path map of two shards;
 * the whole dump's has some 5,900), and a day later some 230 of them change.
 */
export const DUMP_SLICE: { products: readonly string[]; from: Day } = {
  products: [
    'DOMATES  SALKIM',
    'DOMATES PEMBE',
    'DOMATES CHERRY',
    'ACUR',
    'NAR',
    'PANCAR',
    'BROKOLI',
    'ISPANAK',
    'CILEK',
    'ANANAS',
    'Y.NANE',
    'KARNABAHAR',
    'MANGO',
    'AVAKADO',
    'ŞEFTALI',
    'KEREVIZ',
    'HAVUÇ',
    'PATLICAN  UZUN',
  ],
  from: '2026-04-16',
};

/**
 * `holidays`: the public holidays too, which freshness (days behind a schedule) reads. `from`: only
 * the dump's days from this one on (its last, 2026-07-23, is a Thursday), for a test whose promise
 * does not need half a year of rows: a build's work grows with them. `products`: only the rows of
 * these names, as the dump prints them, and of the catalogue only their product families: a build
 * writes objects for every variant of the catalogue, sold or not. Returns the catalogue it seeded,
 * for the collections that follow.
 */
export function seedSmallStore(
  db: Db,
  { holidays, from, products }: { holidays: boolean; from?: Day; products?: readonly string[] },
): Catalogue {
  const full = loadCatalogue();
  const doc = izmirArchive().find((d) => d.parser.id === 'izmir-api-dump')!;
  const parsed = doc.parser.parse(doc);
  const rows = parsed.rows.filter((r) => (!from || r.dataDay >= from) && (!products || products.includes(r.name)));
  const unsold = products?.filter((name) => !rows.some((r) => r.name === name)) ?? [];
  if (unsold.length) throw new Error(`the dump prints no ${unsold.join(', ')}`);
  const catalogue = products ? familiesOf(full, rows) : full;
  seedRegistry(db, SOURCES);
  seedCatalogue(db, catalogue);
  if (holidays) seedHolidays(db);
  const meta = documentMeta('archive', doc, doc.parser, doc.storedPath);
  const bulletinDays = from ? parsed.bulletinDays.filter((d) => d >= from) : parsed.bulletinDays;
  ingestDocument(db, sourceByKey('izmir'), catalogue, doc.bytes, meta, { ...parsed, rows, bulletinDays });
  return catalogue;
}

/** The catalogue of the families the rows link to: their categories, products, every variant and its aliases. */
function familiesOf(full: Catalogue, rows: readonly PrintedRow[]): Catalogue {
  const linked = new Set<string>();
  for (const row of rows) {
    const price = normalisePrice(row);
    const variant = 'unit' in price ? full.match('izmir', row.name, price.unit)?.variant : undefined;
    if (variant) linked.add(variant);
  }
  const families = new Set(full.variants.filter((v) => linked.has(v.slug)).map((v) => v.product));
  const products = full.products.filter((p) => families.has(p.slug));
  const categories = new Set(products.map((p) => p.category));
  const variants = full.variants.filter((v) => families.has(v.product));
  const kept = new Set(variants.map((v) => v.slug));
  return buildCatalogue(
    full.categories.filter((c) => categories.has(c.slug)),
    products,
    variants,
    full.aliases.filter((a) => kept.has(a.variant)),
  );
}
