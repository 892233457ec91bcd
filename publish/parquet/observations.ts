/**
 * Every observation as one Parquet row with its names, the corrected prices the API publishes and
 * the freshness class the build gives it on the snapshot day (build/freshness.ts, not re-derived).
 * A printed name not linked to a variant keeps its row, with an empty family and variant.
 */
import type Database from 'better-sqlite3';
import type { Model } from '../../build/model.ts';
import { publishedFigures, type ObservationColumns } from '../../build/price-rows.ts';
import type { ParquetColumn, StagingOnly } from './columns.ts';

const PRICE_UNIT = 'TRY per `unit`';

export const OBSERVATION_COLUMNS: ParquetColumn[] = [
  { name: 'id', type: 'VARCHAR', description: 'Observation id; evidence at /api/v1/observations/{id}' },
  { name: 'day', type: 'DATE', description: 'The day the price belongs to (Europe/Istanbul)' },
  {
    name: 'family',
    type: 'VARCHAR',
    description: 'Product family short name (the `product` filter of the API); empty when not linked',
  },
  { name: 'family_name', type: 'VARCHAR', description: 'Product family name' },
  { name: 'variant', type: 'VARCHAR', description: 'Product variant short name (productSlug of the API)' },
  { name: 'variant_name', type: 'VARCHAR', description: 'Product variant name' },
  { name: 'category', type: 'VARCHAR', description: 'Category short name' },
  { name: 'market', type: 'VARCHAR', description: 'Market short name' },
  { name: 'market_name', type: 'VARCHAR', description: 'Market name' },
  { name: 'city', type: 'VARCHAR', description: 'Province of the market' },
  { name: 'source', type: 'VARCHAR', description: 'Source short name' },
  { name: 'source_name', type: 'VARCHAR', description: 'Source name' },
  { name: 'unit', type: 'VARCHAR', description: 'Unit the prices are per (kg, adet, bağ …)' },
  {
    name: 'min_price',
    type: 'DOUBLE',
    unit: PRICE_UNIT,
    description: 'Lowest price (a correction, when there is one, replaces the printed value)',
  },
  { name: 'max_price', type: 'DOUBLE', unit: PRICE_UNIT, description: 'Highest price (corrected like min_price)' },
  {
    name: 'avg_price',
    type: 'DOUBLE',
    unit: PRICE_UNIT,
    description: 'Average price (corrected like min_price); the midpoint when avg_method is midpoint',
  },
  { name: 'avg_method', type: 'VARCHAR', description: 'reported or midpoint' },
  { name: 'corrected', type: 'BOOLEAN', description: 'An administrator corrected one of the prices' },
  { name: 'quality_flags', type: 'VARCHAR[]', description: 'Repairs and doubts (see the API documentation)' },
  {
    name: 'freshness',
    type: 'VARCHAR',
    description: "The row's freshness class on the snapshot day: fresh, delayed, stale or failed",
  },
  { name: 'document_id', type: 'BIGINT', description: 'Document the price was read from (documents.id)' },
  { name: 'document_url', type: 'VARCHAR', description: 'Where the document came from' },
  { name: 'document_sha256', type: 'VARCHAR', description: 'SHA-256 of the document' },
];

/** The staged columns: the written ones, then the year each file selects. */
export const OBSERVATION_STAGING: (ParquetColumn | StagingOnly)[] = [
  ...OBSERVATION_COLUMNS,
  { name: 'year', type: 'INTEGER' },
];

/** Product family, variant, market, day: the order that lets a family or a market filter skip row groups. */
export const OBSERVATION_ORDER = 'family NULLS LAST, variant NULLS LAST, market, day, id';

type Raw = ObservationColumns & {
  variant_slug: string | null;
  document_id: number;
  document_url: string;
  document_sha256: string;
  document_kind: string;
  fetched_at: string | null;
};

const SQL = `
  SELECT o.id, o.source_key, o.market_slug, o.data_day, o.min_price, o.max_price, o.avg_price, o.avg_method, o.unit,
         o.quality_flags, n.variant_slug, o.document_id, d.url AS document_url, d.sha256 AS document_sha256,
         d.kind AS document_kind, d.fetched_at
  FROM observations o
  JOIN source_names n ON n.id = o.source_name_id
  JOIN documents d ON d.id = o.document_id
  ORDER BY o.id`;

/** The staged rows (values in OBSERVATION_STAGING order), straight from the store. */
export function* observationRows(db: Database.Database, model: Model): Generator<unknown[]> {
  for (const raw of db.prepare(SQL).iterate() as IterableIterator<Raw>) {
    const source = model.sources.get(raw.source_key)!;
    const market = model.markets.get(raw.market_slug)!;
    const variant = raw.variant_slug ? model.variants.get(raw.variant_slug) : undefined;
    const family = variant ? model.products.get(variant.product) : undefined;
    const {
      price,
      applied,
      freshness: { freshness },
    } = publishedFigures(raw, model);
    yield [
      raw.id,
      raw.data_day,
      family?.slug ?? null,
      family?.name ?? null,
      variant?.slug ?? null,
      variant?.name ?? null,
      variant?.category ?? null,
      market.slug,
      market.name,
      market.province,
      source.key,
      source.name,
      raw.unit,
      price.min_price,
      price.max_price,
      price.avg_price,
      raw.avg_method,
      applied.length > 0,
      raw.quality_flags,
      freshness,
      raw.document_id,
      raw.document_url,
      raw.document_sha256,
      Number(raw.data_day.slice(0, 4)),
    ];
  }
}
