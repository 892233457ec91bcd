/**
 * The national indicator per product variant, shared by /prices/latest and /products:
 * the variant's newest data day D, and each market's latest price within the 7 days ending at
 * D (markets publish on different days). median = median of those markets' averages;
 * min/max = the lowest minimum and highest maximum (the average where a source prints none).
 * A row flagged implausible is never a market's price here: D and each market's latest are
 * those of the plausible rows.
 * Freshness is the most current classification among the rows on D.
 */
import { addDays, type Day } from '../core/dates.ts';
import type { FreshnessBlock } from '../schemas/common.ts';
import type { Db } from '../store/db.ts';
import { FRESHNESS_RANK } from './freshness.ts';
import type { Model } from './model.ts';
import { PLAUSIBLE_SQL, publishedRows, type PublishedRow } from './price-rows.ts';

export const NATIONAL_WINDOW_DAYS = 7;

export type NationalIndicator = {
  variant: string;
  observedDate: Day;
  min: number | null;
  max: number | null;
  median: number | null;
  marketCount: number;
  freshness: FreshnessBlock;
  sources: string[];
  /** the market rows the indicator is computed from (each market's latest in the window) */
  rows: PublishedRow[];
};

/** The median of the markets' prices, to the kuruş: the national indicator's figure. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const m = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(m * 100) / 100;
}

export function nationalIndicators(db: Db, model: Model): Map<string, NationalIndicator> {
  const newest = newestDays(db);
  // Variants whose windows start on the same day are read together, each window a range of the SQLite
  // index observations_by_name, not a scan of every row for its variant's newest day.
  const byWindow = new Map<Day, string[]>();
  for (const [variant, day] of newest) {
    const from = addDays(day, 1 - NATIONAL_WINDOW_DAYS);
    const variants = byWindow.get(from);
    if (variants) variants.push(variant);
    else byWindow.set(from, [variant]);
  }
  const perVariant = new Map<string, Map<string, PublishedRow>>();
  for (const [from, variants] of byWindow) {
    // Through the variants' printed names, so that SQLite reads observations_by_name ranges (by data_day it scanned every newer row).
    const names = `o.source_name_id IN (SELECT id FROM source_names WHERE variant_slug IN (${variants.map(() => '?').join(',')}))`;
    for (const r of publishedRows(db, model, `AND ${names} AND o.data_day >= ? AND ${PLAUSIBLE_SQL}`, [
      ...variants,
      from,
    ])) {
      let markets = perVariant.get(r.variant);
      if (!markets) perVariant.set(r.variant, (markets = new Map()));
      // Rows arrive newest first: the first row of a market is its latest (a repeated line keeps the first).
      if (!markets.has(r.market)) markets.set(r.market, r);
    }
  }
  // Newest day first, then by variant: the order the indicators are listed in wherever they are iterated.
  const order = [...newest]
    .sort(([va, a], [vb, b]) => (a !== b ? (a > b ? -1 : 1) : va < vb ? -1 : 1))
    .map(([variant]) => variant);
  const result = new Map<string, NationalIndicator>();
  for (const variant of order) {
    const markets = perVariant.get(variant);
    if (!markets) continue;
    const rows = [...markets.values()];
    const observedDate = newest.get(variant)!;
    const onNewest = rows
      .filter((r) => r.day === observedDate)
      .sort((a, b) => FRESHNESS_RANK[a.row.freshness] - FRESHNESS_RANK[b.row.freshness]);
    const best = onNewest[0]!.row;
    result.set(variant, {
      variant,
      observedDate,
      min: Math.min(...rows.map((r) => r.row.minPrice ?? r.row.avgPrice)),
      max: Math.max(...rows.map((r) => r.row.maxPrice ?? r.row.avgPrice)),
      median: median(rows.map((r) => r.row.avgPrice)),
      marketCount: rows.length,
      // Row-level warnings (midpoint, correction) describe one market's number, not the indicator.
      freshness: {
        dataDate: best.dataDate,
        fetchedAt: best.fetchedAt,
        isStale: best.isStale,
        freshness: best.freshness,
        warnings: best.warnings.filter((w) => w !== 'computed_midpoint' && w !== 'corrected_value'),
      },
      sources: [...new Set(rows.map((r) => r.source))].sort(),
      rows: rows.sort((a, b) => (a.market < b.market ? -1 : a.market > b.market ? 1 : 0)),
    });
  }
  return result;
}

/**
 * Each linked variant's newest data day of a plausible row: the newest of its printed names',
 * one walk back along the SQLite index observations_by_name each, where a GROUP BY over every row
 * took seconds at national scale.
 */
function newestDays(db: Db): Map<string, Day> {
  const newestOfName = db
    .prepare(
      `SELECT data_day FROM observations o WHERE source_name_id = ? AND ${PLAUSIBLE_SQL} ORDER BY data_day DESC LIMIT 1`,
    )
    .pluck();
  const newest = new Map<string, Day>();
  for (const { id, variant } of db
    .prepare('SELECT id, variant_slug AS variant FROM source_names WHERE variant_slug IS NOT NULL')
    .all() as { id: number; variant: string }[]) {
    const day = newestOfName.get(id) as Day | undefined;
    if (day === undefined) continue;
    const seen = newest.get(variant);
    if (seen === undefined || day > seen) newest.set(variant, day);
  }
  return newest;
}
