/**
 * /production's objects (core/production.ts): the store's production rows (data/production/) per
 * product family and region, of the unlinked printed names per region, and per year and region,
 * each validated; the edge filters one of them by year, name and measure.
 */
import { NATIONAL_REGION, PRODUCTION_OBJECTS } from '../../core/production.ts';
import { slugify } from '../../core/turkish.ts';
import { apiUrl } from '../../core/urls.ts';
import { ProductionDirectory, ProductionItem, ProductionRows, type ProductionRowT } from '../../schemas/production.ts';
import type { Db } from '../../store/db.ts';
import type { OutputWriter } from '../writer.ts';

type Row = {
  table_id: string;
  region: string;
  year: number;
  product_name: string;
  product_slug: string | null;
  measure: 'total' | 'part' | null;
  quantity_tons: number | null;
  area_hectares: number | null;
  source: string;
};

export type ProductionReport = { rows: number; objects: number; bytes: number };

// A family's total before its parts, then table by table: the order every object lists its rows in.
const ROWS = `SELECT table_id, region, year, product_name, product_slug, measure, quantity_tons, area_hectares, source
  FROM production
  ORDER BY region, year, product_slug IS NULL, product_slug, measure IS NOT 'total', table_id, product_name`;

/** Each row is validated as the item the edge makes of it. */
function checked(r: Row): Row {
  ProductionItem.parse({
    year: r.year,
    productName: r.product_name,
    quantityTons: r.quantity_tons,
    source: r.source,
    productSlug: r.product_slug,
    region: r.region,
    areaHectares: r.area_hectares,
    tableId: r.table_id,
    measure: r.measure,
  });
  return r;
}

/** One object: its rows as tuples naming their source by position (schemas/production.ts ProductionRows). */
function stored(region: string, rows: Row[]) {
  const sources = [...new Set(rows.map((r) => r.source))].sort();
  const at = new Map(sources.map((s, i) => [s, i]));
  const tuples = rows.map(
    (r): ProductionRowT => [
      r.year,
      r.product_name,
      r.quantity_tons,
      at.get(r.source)!,
      r.product_slug,
      r.area_hectares,
      r.table_id,
      r.measure,
    ],
  );
  return ProductionRows.parse({ region, sources, rows: tuples });
}

export function writeProduction(db: Db, writer: OutputWriter): ProductionReport {
  const groups = new Map<string, { region: string; rows: Row[] }>();
  const add = (path: string, row: Row) => {
    const group = groups.get(path);
    if (group) group.rows.push(row);
    else groups.set(path, { region: row.region, rows: [row] });
  };
  const families = new Set<string>();
  const names = new Set<string>();
  const newestYear: Record<string, number> = {};
  let rows = 0;
  for (const r of db.prepare(ROWS).iterate() as Iterable<Row>) {
    const row = checked(r);
    rows++;
    add(PRODUCTION_OBJECTS.year(r.year, r.region), row);
    if (r.product_slug) {
      families.add(r.product_slug);
      add(PRODUCTION_OBJECTS.family(r.product_slug, r.region), row);
    } else {
      names.add(slugify(r.product_name));
      add(PRODUCTION_OBJECTS.names(r.region), row);
    }
    newestYear[r.region] = Math.max(newestYear[r.region] ?? 0, r.year);
  }
  let bytes = 0;
  for (const [path, group] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1)))
    bytes += writer.writeJson(path, stored(group.region, group.rows)).bytes;
  const directory = ProductionDirectory.parse({
    families: [...families].sort(),
    names: [...names].sort(),
    newestYear: Object.fromEntries(
      Object.entries(newestYear).sort(([a], [b]) =>
        a === NATIONAL_REGION ? -1 : b === NATIONAL_REGION ? 1 : a < b ? -1 : 1,
      ),
    ),
  });
  bytes += writer.writeJson(PRODUCTION_OBJECTS.directory, directory).bytes;
  return { rows, objects: groups.size + 1, bytes };
}

/** The families with production rows (in any region): their /products items link to /production. */
export function familiesWithProduction(db: Db): Set<string> {
  return new Set(
    db.prepare('SELECT DISTINCT product_slug FROM production WHERE product_slug IS NOT NULL').pluck().all() as string[],
  );
}

export const productionUrl = (family: string): string => apiUrl('/production', { product: family });
