/**
 * Streams every published observation (linked to a catalogue variant) as a price row,
 * serialized ONCE: collections, latest views and evidence all reuse these strings/objects.
 * Order: data day newest first, then product, market, id — the order of every collection.
 */
import type { Day } from '../core/dates.ts';
import { apiUrl } from '../core/urls.ts';
import { PriceRow, type PriceRowT } from '../schemas/prices.ts';
import { IMPLAUSIBLE_PREFIX } from '../sources/lib/normalise.ts';
import type { Db } from '../store/db.ts';
import { classifyRow } from './freshness.ts';
import type { Correction, Model } from './model.ts';

export type PublishedRow = {
  id: string;
  day: Day;
  source: string;
  variant: string;
  product: string;
  category: string;
  market: string;
  city: string;
  row: PriceRowT;
  json: string;
};

/** An observation's own columns, read for the rows and for the evidence (table alias `o`). */
export type ObservationColumns = {
  id: string;
  source_key: string;
  market_slug: string;
  data_day: string;
  min_price: number | null;
  max_price: number | null;
  avg_price: number;
  avg_method: 'reported' | 'midpoint';
  unit: string;
  quality_flags: string;
};
export const OBSERVATION_COLUMNS =
  'o.id, o.source_key, o.market_slug, o.data_day, o.min_price, o.max_price, o.avg_price, o.avg_method, o.unit, ' +
  'o.quality_flags';

type Raw = ObservationColumns & {
  variant_slug: string;
  document_url: string;
  fetched_at: string | null;
  document_kind: 'archive' | 'live';
  parser: string;
};

export const PUBLISHED_ROWS_SQL = `
  SELECT ${OBSERVATION_COLUMNS},
         n.variant_slug, d.url AS document_url, d.fetched_at, d.kind AS document_kind, d.parser
  FROM observations o
  JOIN source_names n ON n.id = o.source_name_id
  JOIN documents d ON d.id = o.document_id
  WHERE n.variant_slug IS NOT NULL`;

/** Rows an aggregate takes (national indicator, movers, indexes): none flagged `implausible_…`. */
export const PLAUSIBLE_SQL = `instr(o.quality_flags, '"${IMPLAUSIBLE_PREFIX}') = 0`;

const NEWEST_FIRST = 'o.data_day DESC, n.variant_slug, o.market_slug, o.id';
/** Product family by family, each oldest first (the history generator's order). */
export const BY_FAMILY_OLDEST_FIRST =
  '(SELECT product_slug FROM variants WHERE slug = n.variant_slug), o.data_day, n.variant_slug, o.market_slug, o.id';

export function* publishedRows(
  db: Db,
  model: Model,
  where = '',
  params: unknown[] = [],
  orderBy = NEWEST_FIRST,
): Generator<PublishedRow> {
  const sql = `${PUBLISHED_ROWS_SQL} ${where} ORDER BY ${orderBy}`;
  for (const raw of db.prepare(sql).iterate(...params) as IterableIterator<Raw>) yield toPublished(raw, model);
}

/** A row's three prices (a correction names one of them). */
type Prices = Pick<ObservationColumns, Correction['field']>;

/**
 * An observation's prices with its corrections applied in the order they were made, and each
 * correction with the value it replaced: every answer shows the corrected figures, the evidence
 * also the printed ones.
 */
export function correctedPrices(
  raw: ObservationColumns,
  model: Model,
): { price: Prices; applied: (Correction & { original: number | null })[] } {
  const price: Prices = { min_price: raw.min_price, max_price: raw.max_price, avg_price: raw.avg_price };
  const applied = (model.corrections.get(raw.id) ?? []).map((c) => {
    const original = price[c.field];
    price[c.field] = c.value;
    return { ...c, original };
  });
  return { price, applied };
}

/** The figures of a row or an evidence record, corrected, in the order both answers print them. */
export function priceFields(raw: ObservationColumns, price: Prices) {
  return {
    minPrice: price.min_price,
    maxPrice: price.max_price,
    avgPrice: price.avg_price,
    avgPriceMethod: raw.avg_method,
    currency: 'TRY',
    unit: raw.unit,
  };
}

/** The address of an observation's evidence. */
export const observationUrl = (id: string): string => apiUrl('/observations/{id}', { id });

/**
 * A stored row's prices as published (corrections applied) and its freshness on the build day: what
 * every row of the API and of the snapshot's Parquet carries.
 */
export function publishedFigures(
  raw: ObservationColumns & { document_kind: string; fetched_at: string | null },
  model: Model,
) {
  const { price, applied } = correctedPrices(raw, model);
  const freshness = classifyRow(
    {
      day: raw.data_day,
      fromArchive: raw.document_kind === 'archive',
      midpoint: raw.avg_method === 'midpoint',
      corrected: applied.length > 0,
      fetchedAt: raw.fetched_at,
    },
    model.sources.get(raw.source_key)!.state,
    model.today,
  );
  return { price, applied, freshness };
}

function toPublished(raw: Raw, model: Model): PublishedRow {
  const source = model.sources.get(raw.source_key)!;
  const market = model.markets.get(raw.market_slug)!;
  const variant = model.variants.get(raw.variant_slug)!;
  const { price, freshness } = publishedFigures(raw, model);
  const row: PriceRowT = {
    id: raw.id,
    ...priceFields(raw, price),
    recordedDate: raw.data_day,
    sourceApi: raw.parser,
    productSlug: variant.slug,
    productName: variant.name,
    categorySlug: variant.category,
    marketSlug: market.slug,
    marketName: market.name,
    marketType: market.kind,
    cityName: market.province,
    sourceName: source.name,
    sourceUrl: source.url ?? '',
    isOfficialSource: source.kind !== 'association',
    qualityFlags: JSON.parse(raw.quality_flags) as string[],
    observed_date: raw.data_day,
    source: source.key,
    ...freshness,
    documentUrl: raw.document_url,
    observationUrl: observationUrl(raw.id),
  };
  // Validated once here; every collection reuses the same serialized bytes.
  PriceRow.parse(row);
  return {
    id: raw.id,
    day: raw.data_day,
    source: source.key,
    variant: variant.slug,
    product: variant.product,
    category: variant.category,
    market: market.slug,
    city: market.provinceSlug,
    row,
    json: JSON.stringify(row),
  };
}
