/**
 * Market movers, from the specification's additional operations:
 *   /prices/trending        the product variants quoted most often in the 7 days ending at the
 *                           store's newest data day (no volumes are published: "most observed"),
 *                           api/v1/prices/trending.json, the edge cuts it to `limit`
 *   /prices/weekly-summary  per closed ISO week, the variants whose national median rose or fell
 *                           most against the week before (markets quoting in both weeks only),
 *                           api/v1/prices/weekly-summary/{week}.json and, for the newest closed
 *                           week with data, api/v1/prices/weekly-summary.json
 * Municipal markets only (the Ministry's national bulletin is itself an aggregate).
 */
import { NEWEST_WEEKLY_SUMMARY_PATH, TRENDING_PATH, weekOfSummaryPath, weeklySummaryPath } from '../../core/objects.ts';
import { WEEKLY_SUMMARY_LIMIT } from '../../core/routes.ts';
import { addDays, type Day } from '../../core/dates.ts';
import { TrendingResponse, WeeklySummary, type MoverItemT, type TrendingItemT } from '../../schemas/movers.ts';
import type { Db } from '../../store/db.ts';
import type { Incremental } from '../incremental/previous.ts';
import {
  memberLink,
  previousWeekOf,
  round2,
  round4,
  weekBounds,
  weekOf,
  weeklyTable,
} from '../basket-index/compute.ts';
import { freshnessOfRows, loadQuoteRows, quoteRows, type QuoteRow } from '../basket-index/load.ts';
import { attributionOf, defaultAttribution, type Model } from '../model.ts';
import type { OutputWriter } from '../writer.ts';

const TRENDING_DAYS = 7;
const SUMMARY_NOTE =
  'Her ürün (çeşit) için haftalık ulusal medyan: iki haftada da fiyat veren hallerin, hafta içindeki günlük ortalamalarının ortalamasının medyanı. change = bu hafta / önceki hafta − 1.';

const decimal = (v: number) => v.toFixed(2);

/** The trending list: variants ranked by rows in the window, then markets, then slug. */
function trendingItems(rows: readonly QuoteRow[], model: Model): TrendingItemT[] {
  const groups = new Map<string, QuoteRow[]>();
  for (const r of rows) {
    if (!groups.has(r.variant)) groups.set(r.variant, []);
    groups.get(r.variant)!.push(r);
  }
  const items = [...groups.entries()].map(([slug, group]) => {
    const v = model.variants.get(slug)!;
    return {
      productSlug: slug,
      productName: v.name,
      avgPrice: decimal(round2(group.reduce((n, r) => n + r.avg, 0) / group.length)),
      minPrice: decimal(Math.min(...group.map((r) => r.min ?? r.avg))),
      maxPrice: decimal(Math.max(...group.map((r) => r.max ?? r.avg))),
      recordCount: group.length,
      unit: v.unit,
      categorySlug: v.category,
      marketCount: new Set(group.map((r) => r.market)).size,
    };
  });
  return items.sort(
    (a, b) =>
      b.recordCount - a.recordCount || b.marketCount - a.marketCount || (a.productSlug < b.productSlug ? -1 : 1),
  );
}

export function writeTrending(db: Db, model: Model, writer: OutputWriter): number {
  const to =
    (db
      .prepare(
        `SELECT max(o.data_day) FROM observations o JOIN markets m ON m.slug = o.market_slug WHERE m.kind IN ('sebze-meyve', 'balik') AND o.data_day <= ?`,
      )
      .pluck()
      .get(model.today) as Day | null) ?? null;
  const from = to ? addDays(to, 1 - TRENDING_DAYS) : null;
  const rows = from ? loadQuoteRows(db, model, { from, openWeek: true }) : [];
  const items = trendingItems(rows, model);
  const sources = new Set(rows.map((r) => r.source));
  writer.writeJson(
    TRENDING_PATH,
    TrendingResponse.parse({
      items,
      meta: { count: items.length, limit: Math.max(1, items.length), total: items.length, from, to },
      ...freshnessOfRows(rows, model),
      attribution: sources.size ? attributionOf(model, sources) : defaultAttribution(model),
    }),
  );
  return items.length;
}

/** Risers and fallers of one week against the ISO week before, from weekly prices per variant × market. */
function weeklyMovers(
  table: ReturnType<typeof weeklyTable>,
  week: string,
  model: Model,
): { risers: MoverItemT[]; fallers: MoverItemT[]; compared: number; previousWeek: string } {
  const previousWeek = previousWeekOf(week);
  const current = table.get(week);
  const previous = table.get(previousWeek);
  const movers: MoverItemT[] = [];
  for (const variant of [...(current?.keys() ?? [])].sort()) {
    const link = memberLink(variant, previous?.get(variant), current!.get(variant));
    if (!link) continue;
    const v = model.variants.get(variant)!;
    movers.push({
      productSlug: variant,
      productName: v.name,
      categorySlug: v.category,
      unit: v.unit,
      previousMedian: round2(link.previousMedian),
      currentMedian: round2(link.currentMedian),
      change: round4(link.relative - 1),
      marketCount: link.matched,
    });
  }
  const bySlug = (a: MoverItemT, b: MoverItemT) => (a.productSlug < b.productSlug ? -1 : 1);
  return {
    risers: movers
      .filter((m) => m.change > 0)
      .sort((a, b) => b.change - a.change || bySlug(a, b))
      .slice(0, WEEKLY_SUMMARY_LIMIT),
    fallers: movers
      .filter((m) => m.change < 0)
      .sort((a, b) => a.change - b.change || bySlug(a, b))
      .slice(0, WEEKLY_SUMMARY_LIMIT),
    compared: movers.length,
    previousWeek,
  };
}

type Week = { week: string; rows: QuoteRow[] };

/**
 * Every closed week's summary, week by week as the rows stream by (each summary needs its week
 * and the one before only). `incremental`: so the weeks from the boundary's and from the previous
 * build day's (the newest closed week moves with the build day) are computed again, and the older
 * ones are the previous build's as they were (build/incremental/).
 */
export function writeWeeklySummaries(db: Db, model: Model, writer: OutputWriter, incremental?: Incremental): number {
  let previous = null as Week | null;
  let current = null as Week | null;
  let newest: unknown = null;
  let weeks = 0;
  const first = incremental ? [weekOf(incremental.from), weekOf(incremental.previous.state.today)].sort()[0]! : null;
  if (first) {
    weeks += writer.adoptWhere((path) => {
      const week = weekOfSummaryPath(path);
      return week !== null && week < first;
    });
  }
  const summarize = (w: Week, before: Week | null) => {
    const { weekStart, weekEnd } = weekBounds(w.week);
    const previousRows = before && before.week === previousWeekOf(w.week) ? before.rows : [];
    // One "member" per variant: its series are its markets.
    const table = weeklyTable(
      [...previousRows, ...w.rows].map((r) => ({
        day: r.day,
        member: r.variant,
        variant: r.variant,
        market: r.market,
        price: r.avg,
      })),
    );
    const { risers, fallers, compared, previousWeek } = weeklyMovers(table, w.week, model);
    newest = WeeklySummary.parse({
      week: w.week,
      weekStart,
      weekEnd,
      topRisers: risers,
      topFallers: fallers,
      meta: { previousWeek, compared, limit: WEEKLY_SUMMARY_LIMIT, note: SUMMARY_NOTE },
      ...freshnessOfRows(w.rows, model),
      attribution: attributionOf(model, new Set([...w.rows, ...previousRows].map((r) => r.source))),
    });
    writer.writeJson(weeklySummaryPath(w.week), newest);
    weeks++;
  };
  const summarized = (w: Week | null): w is Week => w !== null && (first === null || w.week >= first);
  // From the Monday of the week before the first one computed: its rows are that week's comparison.
  for (const r of quoteRows(db, model, first ? { from: addDays(weekBounds(first).weekStart, -7) } : {})) {
    const week = weekOf(r.day);
    if (current?.week !== week) {
      if (summarized(current)) summarize(current, previous);
      previous = current;
      current = { week, rows: [] };
    }
    current.rows.push(r);
  }
  if (summarized(current)) summarize(current, previous);
  if (newest) writer.writeJson(NEWEST_WEEKLY_SUMMARY_PATH, newest);
  // No closed week computed again: the newest summary is the previous build's.
  else if (first) writer.adoptWhere((path) => path === NEWEST_WEEKLY_SUMMARY_PATH);
  return weeks;
}
