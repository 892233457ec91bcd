/**
 * The small tables a researcher joins the observations with, one Parquet file each: the catalogue
 * (families, variants), markets, sources with their publishing calendars, holidays, the weekly
 * basket index series and the yearly production with its tables' source lines.
 */
import type Database from 'better-sqlite3';
import type { Model } from '../../build/model.ts';
import type { ParquetColumn } from './columns.ts';
import { indexRows } from './index-series.ts';

export type Dimension = {
  name: string;
  title: string;
  columns: ParquetColumn[];
  primaryKey: string[];
  rows: (db: Database.Database, model: Model) => Iterable<unknown[]>;
};

const s = (name: string, description: string): ParquetColumn => ({ name, type: 'VARCHAR', description });
const all = (db: Database.Database, sql: string) => db.prepare(sql).raw(true).iterate() as IterableIterator<unknown[]>;

export const DIMENSIONS: Dimension[] = [
  {
    name: 'products',
    title: 'Product families',
    primaryKey: ['family'],
    columns: [
      s('family', 'Product family short name (the `product` filter of the API)'),
      s('name', 'Product family name'),
      s('category', 'Category short name'),
      s('category_name', 'Category name'),
    ],
    rows: (db) =>
      all(
        db,
        'SELECT p.slug, p.name, p.category_slug, c.name FROM products p JOIN categories c ON c.slug = p.category_slug ORDER BY p.slug',
      ),
  },
  {
    name: 'variants',
    title: 'Product variants',
    primaryKey: ['variant'],
    columns: [
      s('variant', 'Product variant short name (product + variety + unit)'),
      s('family', 'Product family of the variant'),
      s('name', 'Variant name'),
      s('unit', 'Unit the variant is priced in'),
    ],
    rows: (db) => all(db, 'SELECT slug, product_slug, name, unit FROM variants ORDER BY slug'),
  },
  {
    name: 'markets',
    title: 'Markets',
    primaryKey: ['market'],
    columns: [
      s('market', 'Market short name'),
      s('source', "Source that publishes this market's list"),
      s('name', 'Market name'),
      s('city', 'Province (city) of the market'),
      s('city_slug', 'Province, Turkish-folded'),
      s('district', 'District of the market, when known'),
      s('kind', 'sebze-meyve (fruit and vegetables), balik (fish) or ulusal (national average)'),
    ],
    rows: (db) =>
      all(db, 'SELECT slug, source_key, name, province, province_slug, district, kind FROM markets ORDER BY slug'),
  },
  {
    name: 'sources',
    title: 'Sources, with their licence and attribution',
    primaryKey: ['source'],
    columns: [
      s('source', 'Source short name'),
      { name: 'number', type: 'INTEGER', description: 'Stable registry number, encoded in observation ids' },
      s('name', 'Name of the source'),
      s('organisation', 'Organisation that publishes the list'),
      s('kind', 'municipal, national or association (an association is not an official source)'),
      s('url', "The source's publishing page"),
      s('licence', 'Licence the source states; empty when it states none'),
      s('attribution', "Attribution to show with this source's data"),
      { name: 'enabled', type: 'BOOLEAN', description: 'Open to automatic collection' },
      s('verification', 'verified once a real document proved the parser, else unverified'),
    ],
    rows: (db) =>
      all(
        db,
        'SELECT key, number, name, organisation, kind, url, licence, attribution, enabled, verification FROM sources ORDER BY number',
      ),
  },
  {
    name: 'calendars',
    title: "Sources' publishing calendars",
    primaryKey: ['source'],
    columns: [
      s('source', 'Source short name'),
      {
        name: 'publishing_days',
        type: 'INTEGER[]',
        description: 'ISO weekdays the source publishes on (1 = Monday … 7 = Sunday)',
      },
      s('publish_window', "Europe/Istanbul time window in which the day's list appears"),
      {
        name: 'data_lag_days',
        type: 'INTEGER',
        unit: 'days',
        description: '1 when the list published on day D holds the prices of D−1',
      },
    ],
    rows: (db) =>
      [...all(db, 'SELECT key, publishing_days, publish_window, data_lag_days FROM sources ORDER BY number')].map(
        ([key, days, window, lag]) => [key, `[${String(days)}]`, window, lag],
      ),
  },
  {
    name: 'holidays',
    title: 'Public holidays and bayram eves (no list on a full holiday)',
    primaryKey: ['day'],
    columns: [
      { name: 'day', type: 'DATE', description: 'Public holiday or bayram eve (Türkiye)' },
      s('name', 'Name of the holiday'),
      s('kind', 'national, religious or eve'),
      { name: 'half_day', type: 'BOOLEAN', description: 'Half-day holiday (eves are trading mornings)' },
    ],
    rows: (db) => all(db, 'SELECT day, name, kind, half_day FROM holidays ORDER BY day'),
  },
  {
    name: 'index',
    title: 'Weekly basket price index series (every published index)',
    primaryKey: ['index', 'week'],
    columns: [
      s('index', 'Index short name (ulusal, or a province)'),
      s('index_name', 'Index name'),
      s('scope', 'national or municipal'),
      s('week', 'ISO week (YYYY-WW)'),
      { name: 'week_start', type: 'DATE', description: 'Monday of the week' },
      { name: 'week_end', type: 'DATE', description: 'Sunday of the week' },
      {
        name: 'value',
        type: 'DOUBLE',
        unit: 'index points (base week = 100)',
        description: 'Index value, as the API publishes it',
      },
      {
        name: 'real_value',
        type: 'DOUBLE',
        unit: 'index points (base week = 100)',
        description: 'Index deflated by CPI to the base week prices; empty where the CPI month is not out yet',
      },
      { name: 'member_count', type: 'INTEGER', description: 'Basket members with a price that week' },
    ],
    rows: indexRows,
  },
  {
    name: 'production',
    title: 'Yearly production (TÜİK and ministry tables)',
    primaryKey: ['table_id', 'region', 'year', 'product_name'],
    columns: [
      s('table_id', "TÜİK's table number, or kds for the province database"),
      s('region', 'tr for Türkiye, or a province slug'),
      { name: 'year', type: 'INTEGER', description: 'Harvest year' },
      s('product_name', 'Product as the table prints it, trimmed'),
      s('family', 'Product family it is linked to; empty when not linked'),
      s('measure', 'total: the whole production of the family; part: a share of it (never added to a total)'),
      {
        name: 'quantity_tons',
        type: 'BIGINT',
        unit: 'tonnes',
        description: 'Production; empty when missing, never 0 for missing',
      },
      { name: 'area_hectares', type: 'DOUBLE', unit: 'hectares', description: 'Area where the table gives one' },
      s('source', "The table's Kaynak line, or the province database's provenance"),
      s('title', "The table's Turkish title line as printed"),
      s('source_line', "The table's own Kaynak (source) line; empty when the file has none"),
      s('document_sha256', 'SHA-256 of the table file as kept in the repository'),
    ],
    rows: (db) =>
      all(
        db,
        `SELECT p.table_id, p.region, p.year, p.product_name, p.product_slug, p.measure, p.quantity_tons, p.area_hectares,
                p.source, d.title, d.source_line, d.sha256
         FROM production p JOIN production_documents d ON d.id = p.document_id
         ORDER BY p.table_id, p.region, p.year, p.product_name`,
      ),
  },
];
