/**
 * The national indicator per product variant, shared by /prices/latest and /products:
 * the variant's newest data day D, and each market's latest price within the 7 days ending at
 * D (markets publish on different days). median = median of those markets' averages;
 * min/max = the lowest minimum and highest maximum (the average where a source prints none).
 * Freshness is the most current classification among the rows on D.
 */
import { addDays, type Day } from '../core/dates.ts';
import type { FreshnessBlock } from '../schemas/common.ts';
import type { Db } from './db.ts';
import { FRESHNESS_RANK } from './freshness.ts';
import type { Model } from './model.ts';
import { publishedRows, type PublishedRow } from './price-rows.ts';

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

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const m = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(m * 100) / 100;
}

export function nationalIndicators(db: Db, model: Model): Map<string, NationalIndicator> {
  db.exec(`DROP TABLE IF EXISTS temp.variant_newest;
    CREATE TEMP TABLE variant_newest AS
      SELECT n.variant_slug AS variant, max(o.data_day) AS day FROM observations o
      JOIN source_names n ON n.id = o.source_name_id WHERE n.variant_slug IS NOT NULL GROUP BY n.variant_slug;
    CREATE UNIQUE INDEX temp.variant_newest_by_variant ON variant_newest(variant)`);
  const perVariant = new Map<string, Map<string, PublishedRow>>();
  const newest = new Map((db.prepare('SELECT variant, day FROM temp.variant_newest').all() as { variant: string; day: string }[]).map((r) => [r.variant, r.day]));
  const from = (variant: string) => addDays(newest.get(variant)!, 1 - NATIONAL_WINDOW_DAYS);
  const recent = publishedRows(db, model, `AND o.data_day >= (SELECT date(day, '-${NATIONAL_WINDOW_DAYS - 1} days') FROM temp.variant_newest WHERE variant = n.variant_slug)`);
  for (const r of recent) {
    if (r.day < from(r.variant)) continue;
    let markets = perVariant.get(r.variant);
    if (!markets) perVariant.set(r.variant, (markets = new Map()));
    // Rows arrive newest first: the first row of a market is its latest (a repeated line keeps the first).
    if (!markets.has(r.market)) markets.set(r.market, r);
  }
  const result = new Map<string, NationalIndicator>();
  for (const [variant, markets] of perVariant) {
    const rows = [...markets.values()];
    const observedDate = newest.get(variant)!;
    const onNewest = rows.filter((r) => r.day === observedDate).sort((a, b) => FRESHNESS_RANK[a.row.freshness] - FRESHNESS_RANK[b.row.freshness]);
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
