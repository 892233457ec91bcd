/**
 * Store → the price quotes the index and the market movers are computed from: published
 * observations (linked to a catalogue variant, administrators' corrections applied, none flagged
 * implausible) of closed weeks only, one object per row with what freshness needs. Ordered, so
 * the build is reproducible.
 */
import { isoWeek, type Day } from '../../core/dates.ts';
import type { FreshnessBlock } from '../../schemas/common.ts';
import type { Db } from '../../store/db.ts';
import { classifyRow, FRESHNESS_RANK, unavailable } from '../freshness.ts';
import type { Model } from '../model.ts';
import { PLAUSIBLE_SQL } from '../price-rows.ts';

export type QuoteRow = {
  id: string;
  day: Day;
  source: string;
  market: string;
  variant: string;
  unit: string;
  min: number | null;
  max: number | null;
  avg: number;
  fromArchive: boolean;
  midpoint: boolean;
  corrected: boolean;
  fetchedAt: string | null;
};

/** A row as the query reads it: the quote's own columns, and the stored ones its flags and fetch moment come from. */
type Raw = Omit<QuoteRow, 'fromArchive' | 'midpoint' | 'corrected' | 'fetchedAt'> & {
  avg_method: string;
  kind: string;
  fetched_at: string | null;
};

/** The first day that is not in a closed week: Monday of the build day's ISO week. */
function openWeekStart(today: Day): Day {
  return isoWeek(today).weekStart;
}

/**
 * Rows of municipal markets (kind sebze-meyve or balik; the Ministry's national bulletin is
 * itself an aggregate, not a market) from `from` (inclusive) to the end of the last closed week,
 * or to the build day with `openWeek`. `variants` narrows to those variants (all when omitted).
 */
type QuoteOptions = { variants?: readonly string[]; from?: Day; openWeek?: boolean };

export function loadQuoteRows(db: Db, model: Model, opts: QuoteOptions = {}): QuoteRow[] {
  return [...quoteRows(db, model, opts)];
}

/** The same rows one at a time, oldest first (a decade of them does not fit in memory at once). */
export function* quoteRows(db: Db, model: Model, opts: QuoteOptions = {}): Generator<QuoteRow> {
  const params: unknown[] = [opts.openWeek ? model.today : openWeekStart(model.today)];
  let where = opts.openWeek ? ' AND o.data_day <= ?' : ' AND o.data_day < ?';
  if (opts.variants) {
    where += ` AND n.variant_slug IN (${opts.variants.map(() => '?').join(',')})`;
    params.push(...opts.variants);
  }
  if (opts.from) {
    where += ' AND o.data_day >= ?';
    params.push(opts.from);
  }
  const sql = `
    SELECT o.id, o.data_day AS day, o.source_key AS source, o.market_slug AS market, n.variant_slug AS variant, o.unit,
           o.min_price AS min, o.max_price AS max, o.avg_price AS avg, o.avg_method, d.kind, d.fetched_at
    FROM observations o
    JOIN source_names n ON n.id = o.source_name_id
    JOIN documents d ON d.id = o.document_id
    JOIN markets m ON m.slug = o.market_slug
    WHERE n.variant_slug IS NOT NULL AND m.kind IN ('sebze-meyve', 'balik') AND ${PLAUSIBLE_SQL}${where}
    ORDER BY o.data_day, n.variant_slug, o.market_slug, o.id`;
  for (const r of db.prepare(sql).iterate(...params) as IterableIterator<Raw>) {
    const price = { min_price: r.min, max_price: r.max, avg_price: r.avg };
    const corrections = model.corrections.get(r.id) ?? [];
    for (const c of corrections) price[c.field] = c.value;
    yield {
      id: r.id,
      day: r.day,
      source: r.source,
      market: r.market,
      variant: r.variant,
      unit: r.unit,
      min: price.min_price,
      max: price.max_price,
      avg: price.avg_price,
      fromArchive: r.kind === 'archive',
      midpoint: r.avg_method === 'midpoint',
      corrected: corrections.length > 0,
      fetchedAt: r.fetched_at,
    };
  }
}

/**
 * The freshness of a number computed from these rows: each source's newest row among them,
 * classified like a price row, and the most current of those; the row-level codes (midpoint,
 * correction) describe one market's price, not the aggregate.
 */
export function freshnessOfRows(rows: readonly QuoteRow[], model: Model): FreshnessBlock {
  const newest = new Map<string, QuoteRow>();
  for (const r of rows) {
    const seen = newest.get(r.source);
    if (!seen || r.day > seen.day || (r.day === seen.day && r.id < seen.id)) newest.set(r.source, r);
  }
  let best: FreshnessBlock | null = null;
  for (const source of [...newest.keys()].sort()) {
    const r = newest.get(source)!;
    const block = classifyRow(
      { day: r.day, fromArchive: r.fromArchive, midpoint: false, corrected: false, fetchedAt: r.fetchedAt },
      model.sources.get(source)!.state,
      model.today,
    );
    if (
      !best ||
      FRESHNESS_RANK[block.freshness] < FRESHNESS_RANK[best.freshness] ||
      (block.freshness === best.freshness && (block.dataDate ?? '') > (best.dataDate ?? ''))
    )
      best = block;
  }
  return best ?? unavailable();
}
