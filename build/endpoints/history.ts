/**
 * /prices/history/{slug}: per product (variant or family) and per product × market, the whole
 * series in three buckets, oldest first, as time collections the edge slices by range (and
 * pages only when page or limit is sent).
 *   daily   one item per market, variant and data day (the price row in the legacy shape)
 *   weekly  per market, variant and ISO week (Monday): mean of the daily averages, lowest
 *           minimum, highest maximum; the freshness of the week's last row
 *   monthly the same per calendar month
 */
import { isoWeek, type Day } from '../../core/dates.ts';
import { HistoryItem, type HistoryItemT } from '../../schemas/history.ts';
import { writeTimeCollection } from '../collections.ts';
import type { Db } from '../db.ts';
import { attributionOf, type Model } from '../model.ts';
import { BY_FAMILY_OLDEST_FIRST, publishedRows, type PublishedRow } from '../price-rows.ts';
import type { OutputWriter } from '../writer.ts';

const decimal = (v: number | null) => (v === null ? null : v.toFixed(2));

export function dailyItem(r: PublishedRow): HistoryItemT {
  const row = r.row;
  return {
    recordedDate: `${r.day}T00:00:00.000Z`,
    minPrice: decimal(row.minPrice),
    maxPrice: decimal(row.maxPrice),
    avgPrice: decimal(row.avgPrice),
    avgPriceMethod: row.avgPriceMethod,
    unit: row.unit,
    marketSlug: row.marketSlug,
    marketName: row.marketName,
    cityName: row.cityName,
    source: row.source,
    observed_date: r.day,
    productSlug: row.productSlug,
    productName: row.productName,
    dataDate: row.dataDate,
    fetchedAt: row.fetchedAt,
    isStale: row.isStale,
    freshness: row.freshness,
    warnings: row.warnings,
    sourceUrl: row.sourceUrl || null,
    documentUrl: row.documentUrl,
  };
}

/** Aggregates rows (oldest first) of one market and variant into period items. */
export function bucketItems(rows: PublishedRow[], periodStart: (day: Day) => Day): { day: Day; item: HistoryItemT }[] {
  const groups = new Map<string, PublishedRow[]>();
  for (const r of rows) {
    const key = `${periodStart(r.day)}|${r.market}|${r.variant}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(r);
  }
  const items: { day: Day; item: HistoryItemT }[] = [];
  for (const [key, group] of groups) {
    const start = key.split('|')[0]!;
    const last = group[group.length - 1]!;
    const mins = group.map((g) => g.row.minPrice ?? g.row.avgPrice);
    const maxs = group.map((g) => g.row.maxPrice ?? g.row.avgPrice);
    const mean = group.reduce((n, g) => n + g.row.avgPrice, 0) / group.length;
    items.push({
      day: start,
      item: {
        ...dailyItem(last),
        recordedDate: start,
        minPrice: decimal(Math.min(...mins)),
        maxPrice: decimal(Math.max(...maxs)),
        avgPrice: decimal(Math.round(mean * 100) / 100),
        avgPriceMethod: 'mean_of_daily',
        // The period mixes documents: no single document address.
        documentUrl: group.every((g) => g.row.documentUrl === last.row.documentUrl) ? last.row.documentUrl : null,
      },
    });
  }
  return items.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

const weekStart = (day: Day) => isoWeek(day).weekStart;
const monthStart = (day: Day) => `${day.slice(0, 7)}-01`;

type Line = { day: Day; variant: string; market: string; line: string };
const byDayVariantMarket = (a: Line, b: Line) => (a.day !== b.day ? (a.day < b.day ? -1 : 1) : a.variant !== b.variant ? (a.variant < b.variant ? -1 : 1) : a.market < b.market ? -1 : a.market > b.market ? 1 : 0);

/**
 * One product family's rows (oldest first): every item is computed once per (variant, market)
 * and the keys (family, variant, × market) are assembled from those serialized items.
 */
function writeFamily(writer: OutputWriter, model: Model, family: string, rows: PublishedRow[]): number {
  const series = new Map<string, { rows: PublishedRow[]; daily: Line[]; weekly: Line[]; monthly: Line[] }>();
  for (const r of rows) {
    const key = `${r.variant}|${r.market}`;
    if (!series.has(key)) series.set(key, { rows: [], daily: [], weekly: [], monthly: [] });
    const s = series.get(key)!;
    s.rows.push(r);
    s.daily.push({ day: r.day, variant: r.variant, market: r.market, line: JSON.stringify(HistoryItem.parse(dailyItem(r))) });
  }
  for (const s of series.values()) {
    const first = s.rows[0]!;
    const lines = (items: { day: Day; item: HistoryItemT }[]) =>
      items.map((b) => ({ day: b.day, variant: first.variant, market: first.market, line: JSON.stringify(HistoryItem.parse(b.item)) }));
    s.weekly = lines(bucketItems(s.rows, weekStart));
    s.monthly = lines(bucketItems(s.rows, monthStart));
  }
  const keys = new Map<string, string[]>();
  const add = (key: string, seriesKey: string) => {
    if (!keys.has(key)) keys.set(key, []);
    keys.get(key)!.push(seriesKey);
  };
  for (const seriesKey of series.keys()) {
    const [variant, market] = seriesKey.split('|') as [string, string];
    add(`product/${family}`, seriesKey);
    add(`product/${variant}`, seriesKey);
    add(`product/${variant}/market/${market}`, seriesKey);
    add(`product/${family}/market/${market}`, seriesKey);
  }
  for (const [key, members] of keys) {
    const parts = members.map((m) => series.get(m)!);
    const memberRows = parts.flatMap((p) => p.rows);
    const scope = { category: memberRows[0]!.category, city: new Set(memberRows.map((r) => r.city)).size === 1 ? memberRows[0]!.city : null };
    const attribution = attributionOf(model, new Set(memberRows.map((r) => r.source)));
    for (const bucket of ['daily', 'weekly', 'monthly'] as const) {
      const lines = parts.length === 1 ? parts[0]![bucket] : parts.flatMap((p) => p[bucket]).sort(byDayVariantMarket);
      writeTimeCollection(writer, 'history', `${bucket}/${key}`, lines, 'asc', scope, attribution);
    }
  }
  return keys.size;
}

/** One product family at a time (its variants and markets), so memory holds one family's history. */
export function writeHistory(db: Db, model: Model, writer: OutputWriter): number {
  let keys = 0;
  let family: string | null = null;
  let rows: PublishedRow[] = [];
  for (const r of publishedRows(db, model, '', [], BY_FAMILY_OLDEST_FIRST)) {
    if (r.product !== family) {
      if (family) keys += writeFamily(writer, model, family, rows);
      family = r.product;
      rows = [];
    }
    rows.push(r);
  }
  if (family) keys += writeFamily(writer, model, family, rows);
  return keys;
}
