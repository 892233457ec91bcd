/**
 * The province database kds_vt.db (table `kds`: il × yıl × ürün, alan, üretim, verim), read
 * read-only, with its known defects handled (docs/production.md):
 * - the 2018 vegetables (`Sebze`) all print 0 t while their area is filled: missing, not 0 t;
 * - the 2019 vegetable names end in a space: trimmed like every name;
 * - 2025 is provisional and incomplete (the fruit total a third below 2024, names no other year
 *   has, misgrouped products) and no national table reaches it to check: left out, counted;
 * - `Verim` is not read (0 for every vegetable; a yield is tonnes over area anyway);
 * - an area of 0 beside a production (fruit trees outside orchards) is no area: NULL.
 * `Üretim` sums to TÜİK's national tonnes; `Alan` is read as decares, as TÜİK counts areas.
 */
import Database from 'better-sqlite3';
import { PROVINCES } from '../../core/provinces.ts';
import { slugify } from '../../core/turkish.ts';
import { LayoutError } from '../../sources/types.ts';
import { hectares, type ParsedProduction, type ProductionRow } from './types.ts';

export const PROVINCE_FILE = 'data/production/province/kds_vt.db';
const PARSER = 'kds-production-db';
export const PROVINCE_TABLE = 'kds';
const PROVINCE_YEARS: [number, number] = [2014, 2024];
const MISSING_VEGETABLES_YEAR = 2018;

export const PROVINCE_SOURCE =
  'kds_vt.db (gunosari/tarimprojesi @ 3e84c5e6e963, public/kds_vt.db): provenance not stated by that repository; ' +
  "the values are TÜİK's province crop production statistics as far as checked (their province sums equal " +
  "TÜİK's national tables)";

type KdsRow = { province: string; year: number; group: string; product: string; area: number; tonnes: number };

const SLUG_OF = new Map(PROVINCES.map((p) => [p, slugify(p)]));

export function readProvinceDatabase(path: string): ParsedProduction {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  let found: KdsRow[];
  try {
    found = db
      .prepare(
        `SELECT "İl" AS province, "Yıl" AS year, "Ürün Grubu" AS "group", "Ürün" AS product,
                "Alan" AS area, "Üretim" AS tonnes
         FROM kds ORDER BY "Yıl", "İl", "Ürün Grubu", "Ürün"`,
      )
      .all() as KdsRow[];
  } catch (error) {
    throw new LayoutError(PARSER, `${path}: no readable kds table (${(error as Error).message})`);
  } finally {
    db.close();
  }
  const rows: ProductionRow[] = [];
  const leftOut: Record<string, number> = {};
  for (const r of found) {
    const region = SLUG_OF.get(r.province);
    if (!region) throw new LayoutError(PARSER, `${path}: unknown province ${JSON.stringify(r.province)}`);
    if (!Number.isInteger(r.tonnes) || r.tonnes < 0 || !Number.isInteger(r.area) || r.area < 0)
      throw new LayoutError(
        PARSER,
        `${path}: ${r.province} ${r.year} ${r.product}: area ${r.area}, tonnes ${r.tonnes}`,
      );
    if (r.year > PROVINCE_YEARS[1]) {
      leftOut[`${r.year} provisional`] = (leftOut[`${r.year} provisional`] ?? 0) + 1;
      continue;
    }
    if (r.year < PROVINCE_YEARS[0])
      throw new LayoutError(PARSER, `${path}: a year ${r.year} before ${PROVINCE_YEARS[0]}`);
    const missing = r.group === 'Sebze' && r.year === MISSING_VEGETABLES_YEAR && r.tonnes === 0;
    rows.push({
      region,
      year: r.year,
      productName: r.product.trim(),
      quantityTons: missing ? null : r.tonnes,
      areaHectares: r.area > 0 ? hectares(r.area) : null,
    });
  }
  return {
    table: PROVINCE_TABLE,
    title: 'kds: il, yıl, ürün grubu, ürün, alan, üretim, verim',
    sourceLine: null,
    source: PROVINCE_SOURCE,
    rows,
    leftOut,
  };
}
