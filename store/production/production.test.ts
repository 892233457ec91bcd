/**
 * Golden test of the production importer on the real files in data/production/: values read by
 * hand from the tables (MANIFEST.md quotes the cells), the defects of the province database, the
 * check that its province sums equal TÜİK's national tonnes, and the links' report.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../sources/catalogue.ts';
import { LayoutError } from '../../sources/types.ts';
import { openDb, type Db } from '../db.ts';
import { seedCatalogue } from '../seed.ts';
import { importProduction, type ProductionSummary } from './import.ts';
import { readYearTable } from './national.ts';
import { PROVINCE_SOURCE } from './province.ts';
import { NATIONAL_DIR, YEAR_TABLES } from './tables.ts';

let db: Db;
let first: ProductionSummary;
let families: Set<string>;

beforeAll(() => {
  db = openDb(':memory:');
  const catalogue = loadCatalogue();
  seedCatalogue(db, catalogue);
  families = new Set(catalogue.products.map((p) => p.slug));
  first = importProduction(db, families);
});

type Row = { quantity_tons: number | null; area_hectares: number | null; source: string; product_slug: string | null };
function row(table: string, region: string, year: number, name: string): Row {
  const found = db
    .prepare(
      `SELECT quantity_tons, area_hectares, source, product_slug FROM production
       WHERE table_id = ? AND region = ? AND year = ? AND product_name = ?`,
    )
    .get(table, region, year, name) as Row | undefined;
  if (!found) throw new Error(`no row ${table} ${region} ${year} ${name}`);
  return found;
}
const tonnes = (table: string, region: string, year: number, name: string) =>
  row(table, region, year, name).quantity_tons;

describe('values read by hand from the tables', () => {
  it.each([
    ['45_t10', 2020, 'Domates Toplam', 13_204_015],
    ['45_t10', 2020, 'Domates Salçalık', 4_547_580],
    ['45_t10', 2020, 'Biber Dolmalık', 389_957],
    ['45_t10', 2024, 'Kudret narı', 73],
    ['45_t10', 1988, 'Karpuz', 3_300_000],
    ['45_t16', 2020, 'Elma', 4_300_486],
    ['45_t16', 2024, 'Yenidünya', 15_055],
    ['45_t13', 2020, 'Üzüm Toplam', 4_208_908],
    ['45_t15', 2020, 'Portakal', 1_333_975],
    ['45_t17', 2024, 'Kayısı', 1_269_000],
    ['45_t19', 2020, 'Fındık', 665_000],
    ['45_t20', 2020, 'Kırmızı biber', 256_735],
    ['45_t21', 2024, 'Zeytin Yağlık', 2_583_682],
    ['45_30', 1997, 'Domates', 1_011_361],
    ['45_30', 2024, 'Hıyar', 1_028_122],
    ['45_30', 2020, 'Çilek', 203_206],
  ] as const)('%s %i %s: %i t', (table, year, name, value) => {
    expect(tonnes(table, 'tr', year, name)).toBe(value);
  });

  it('areas are the printed decares ÷ 10, in hectares', () => {
    expect(row('45_t13', 'tr', 2020, 'Üzüm Toplam').area_hectares).toBe(400_997.9);
    expect(row('45_t18', 'tr', 2020, 'Çilek')).toMatchObject({ quantity_tons: 546_525, area_hectares: 17_977.7 });
    expect(row('45_t22', 'tr', 2020, 'Yaş çay yaprağı')).toMatchObject({
      quantity_tons: 1_450_556,
      area_hectares: 78_681.3,
    });
    // Tree-count tables give no area.
    expect(row('45_t16', 'tr', 2020, 'Elma').area_hectares).toBeNull();
  });

  it('a `-` and an empty cell are missing (NULL), never 0 t', () => {
    expect(tonnes('45_t10', 'tr', 1988, 'Domates Sofralık')).toBeNull(); // `-`
    expect(tonnes('45_30', 'tr', 2024, 'Bamya')).toBeNull(); // `-`
    expect(tonnes('45_t10', 'tr', 1989, 'Biber Salçalık, kapya')).toBeNull(); // empty cell
    expect(tonnes('45_30', 'tr', 2010, 'Karnabahar')).toBeNull(); // empty cell
    expect(tonnes('45_30', 'tr', 2020, 'Karnabahar')).toBeNull(); // empty cell
  });

  it('the transposed greenhouse table keeps its names trimmed and all three blocks', () => {
    const years = db
      .prepare(`SELECT min(year) AS first, max(year) AS last, count(DISTINCT product_name) AS names FROM production
                WHERE table_id = '45_30'`)
      .get();
    expect(years).toEqual({ first: 1997, last: 2024, names: 51 });
    expect(tonnes('45_30', 'tr', 2007, 'Domates')).toBe(2_451_062);
    expect(tonnes('45_30', 'tr', 2017, 'Domates')).toBe(3_829_831);
  });
});

describe('the province database', () => {
  it('Malatya 2024 apricots: 690,730 t on 94,490 ha', () => {
    expect(row('kds', 'malatya', 2024, 'Kayısı')).toMatchObject({ quantity_tons: 690_730, area_hectares: 94_490 });
  });

  it('the 2018 vegetables are missing (NULL), never 0 t, their area kept', () => {
    const antalya = row('kds', 'antalya', 2018, 'Domates Sofralık');
    expect(antalya.quantity_tons).toBeNull();
    expect(antalya.area_hectares).toBeGreaterThan(0);
    const zeros = db
      .prepare(`SELECT count(*) FROM production WHERE table_id = 'kds' AND year = 2018 AND quantity_tons = 0
                AND product_name IN ('Domates Sofralık', 'Hıyar Sofralık', 'Biber Sivri', 'Karpuz')`)
      .pluck()
      .get();
    expect(zeros).toBe(0);
    expect(tonnes('kds', 'antalya', 2019, 'Domates Sofralık')).toBeGreaterThan(0);
  });

  it('the 2019 names are trimmed: one name a product, whatever the year', () => {
    expect(tonnes('kds', 'antalya', 2019, 'Fasulye Taze')).toBeGreaterThan(0);
    const padded = db.prepare(`SELECT count(*) FROM production WHERE product_name <> trim(product_name)`).pluck().get();
    expect(padded).toBe(0);
  });

  it('2025 (provisional, incomplete) is left out and counted', () => {
    expect(db.prepare(`SELECT max(year) FROM production WHERE table_id = 'kds'`).pluck().get()).toBe(2024);
    expect(first.leftOut).toEqual({ '2025 provisional': 7_848 });
  });

  it.each([2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024])(
    'province sums equal the national tonnes of tomato and apple, %i',
    (year) => {
      const provinces = (family: string) =>
        db
          .prepare(`SELECT sum(quantity_tons) FROM production WHERE table_id = 'kds' AND product_slug = ? AND year = ?`)
          .pluck()
          .get(family, year);
      expect(provinces('elma')).toBe(tonnes('45_t16', 'tr', year, 'Elma'));
      // 2018: the vegetable defect (the database prints 0, TÜİK 12,150,000 t): missing, so no sum.
      expect(provinces('domates')).toBe(year === 2018 ? null : tonnes('45_t10', 'tr', year, 'Domates Toplam'));
    },
  );
});

describe('every row', () => {
  it('carries its table id, its source and its document', () => {
    const bad = db
      .prepare(`SELECT count(*) FROM production p LEFT JOIN production_documents d ON d.id = p.document_id
                WHERE p.table_id = '' OR p.source = '' OR d.table_id IS NOT p.table_id`)
      .pluck()
      .get();
    expect(bad).toBe(0);
    expect(row('45_t10', 'tr', 2020, 'Domates Toplam').source).toBe('Kaynak: Tarım ve Orman Bakanlığı');
    expect(row('45_t22', 'tr', 2020, 'Yaş çay yaprağı').source).toBe(
      'Kaynak: 2012 yılına kadar  Rize Ticaret Borsası ve Çay İşletmeleri Genel Müdürlüğü, 2012 yılından ' +
        'itibaren  Tarım ve Orman Bakanlığı.',
    );
    expect(row('kds', 'malatya', 2024, 'Kayısı').source).toBe(PROVINCE_SOURCE);
  });

  it('is one of the documents, with sha256 and provenance', () => {
    const documents = db
      .prepare(`SELECT table_id, sha256, provenance, source_line FROM production_documents ORDER BY table_id`)
      .all() as { table_id: string; sha256: string; provenance: string; source_line: string | null }[];
    expect(documents.map((d) => d.table_id)).toEqual([
      '45_30',
      '45_t10',
      '45_t13',
      '45_t14',
      '45_t15',
      '45_t16',
      '45_t17',
      '45_t18',
      '45_t19',
      '45_t20',
      '45_t21',
      '45_t22',
      'kds',
    ]);
    expect(documents.find((d) => d.table_id === '45_t10')!.sha256).toBe(
      'b78cea29d5d1b9fc40ca7c4bf02b14ca4519d23a65dbbe5c54081696d91b16d6',
    );
    expect(documents.find((d) => d.table_id === 'kds')).toMatchObject({
      sha256: '499d72f6ceb46b745fc3f56d543742f822aa022348240a28335005b60fcaf8aa',
      source_line: null,
    });
    for (const d of documents) expect(d.provenance).toMatch(/ @ [0-9a-f]{40}, /);
  });
});

describe('links to product families', () => {
  it('links a family total, its parts, and leaves the rest unlinked', () => {
    const links = db
      .prepare(`SELECT product_name AS name, product_slug AS product, measure FROM production
                WHERE table_id = '45_t10' AND year = 2020 AND product_name LIKE 'Domates%' ORDER BY name`)
      .all();
    expect(links).toEqual([
      { name: 'Domates Salçalık', product: 'domates', measure: 'part' },
      { name: 'Domates Sofralık', product: 'domates', measure: 'part' },
      { name: 'Domates Toplam', product: 'domates', measure: 'total' },
    ]);
    expect(row('45_t17', 'tr', 2020, 'Şeftali ve Nektarin').product_slug).toBeNull();
  });

  it('at most one total per family, region and year', () => {
    const twice = db
      .prepare(`SELECT product_slug, region, year FROM production WHERE measure = 'total'
                GROUP BY product_slug, region, year HAVING count(*) > 1`)
      .all();
    expect(twice).toEqual([]);
  });

  it('reports the unlinked names with their rows, reviewed or not', () => {
    expect(first.unlinked).toContainEqual({ table: 'kds', name: 'Ceviz', rows: 876, reviewed: false });
    expect(first.unlinked).toContainEqual({ table: '45_t17', name: 'Şeftali ve Nektarin', rows: 37, reviewed: true });
    const unlinkedRows = db.prepare('SELECT count(*) FROM production WHERE product_slug IS NULL').pluck().get();
    expect(first.unlinked.reduce((n, u) => n + u.rows, 0)).toBe(unlinkedRows);
    expect(first.names).toBe(first.linkedNames + first.unlinked.length);
  });

  it('every reviewed link names a printed name the tables hold', () => {
    const csv = readFileSync(new URL('../../data/production/links.csv', import.meta.url), 'utf8');
    const printed = new Set(
      db.prepare("SELECT DISTINCT table_id || '|' || product_name FROM production").pluck().all() as string[],
    );
    const [, ...lines] = csv.trim().split('\n');
    const stale = lines
      .map((l) => l.match(/^([^,]+),("(?:[^"]|"")*"|[^,]*),/)!)
      .map(([, table, name]) => `${table}|${name!.replace(/^"|"$/g, '').replace(/""/g, '"')}`)
      .filter((key) => !printed.has(key));
    expect(stale).toEqual([]);
  });
});

describe('the import', () => {
  it('is idempotent: a second import reads nothing and adds nothing', () => {
    const before = db.prepare('SELECT count(*) FROM production').pluck().get();
    const again = importProduction(db, families);
    expect(again.documents.every((d) => d.skipped)).toBe(true);
    expect(again.rows).toBe(before);
    expect(db.prepare('SELECT count(*) FROM production').pluck().get()).toBe(before);
    expect(db.prepare('SELECT count(*) FROM production_documents').pluck().get()).toBe(13);
  });

  it('refuses a table whose column is not where its description says', () => {
    const spec = YEAR_TABLES.find((t) => t.table === '45_t16')!;
    const shifted = {
      ...spec,
      series: spec.series.map((s) =>
        s.name === 'Elma' ? { ...s, tonnes: 'C', headers: { B3: 'Elma', C6: 'Üretim' } } : s,
      ),
    };
    const path = `${NATIONAL_DIR}/${spec.file}`;
    const bytes = new Uint8Array(readFileSync(new URL(`../../${path}`, import.meta.url)));
    expect(readYearTable(spec, bytes, path).rows.length).toBe(37 * 5);
    expect(() => readYearTable(shifted, bytes, path)).toThrow(LayoutError);
    expect(() => readYearTable(shifted, bytes, path)).toThrow(/45_t16!C6: expected "Üretim"/);
  });
});
