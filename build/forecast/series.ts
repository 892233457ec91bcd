/**
 * The series a forecast is made of: a product variant's national indicator (build/national.ts) on
 * each of its data days, the median of every market's latest plausible price within the 7 days
 * ending that day, with its corrections applied. Read variant by variant in day order.
 */
import type { PublishingCalendar } from '../../core/calendar.ts';
import { addDays, type Day } from '../../core/dates.ts';
import type { Db } from '../../store/db.ts';
import type { Model } from '../model.ts';
import { median, NATIONAL_WINDOW_DAYS } from '../national.ts';
import { correctedPrices, OBSERVATION_COLUMNS, PLAUSIBLE_SQL, type ObservationColumns } from '../price-rows.ts';

export type Series = {
  variant: string;
  /** data days, oldest first */
  days: Day[];
  /** the national indicator on each day */
  values: number[];
  /** the sources that printed the variant on the series' days */
  sources: string[];
};

/**
 * Every linked variant's series from `since` on (the whole archive without it). A market's price
 * counts on the day it was printed and the six after, as in the latest indicator.
 */
export function nationalSeries(db: Db, model: Model, since?: Day): Map<string, Series> {
  const rows = db
    .prepare(
      `SELECT n.variant_slug AS variant, ${OBSERVATION_COLUMNS} FROM observations o
       JOIN source_names n ON n.id = o.source_name_id
       WHERE n.variant_slug IS NOT NULL AND ${PLAUSIBLE_SQL} ${since ? 'AND o.data_day >= ?' : ''}
       ORDER BY n.variant_slug, o.data_day, o.market_slug, o.id`,
    )
    .iterate(...(since ? [since] : [])) as IterableIterator<ObservationColumns & { variant: string }>;
  const result = new Map<string, Series>();
  let series = null as Series | null;
  let latest = new Map<string, { day: Day; avg: number }>();
  let sources = new Set<string>();
  let day = null as Day | null;
  const close = () => {
    if (series === null || day === null) return;
    const from = addDays(day, 1 - NATIONAL_WINDOW_DAYS);
    const inWindow = [...latest.values()].filter((m) => m.day >= from).map((m) => m.avg);
    series.days.push(day);
    series.values.push(median(inWindow)!);
  };
  for (const raw of rows) {
    if (series?.variant !== raw.variant) {
      close();
      if (series) series.sources = [...sources].sort();
      series = { variant: raw.variant, days: [], values: [], sources: [] };
      result.set(raw.variant, series);
      latest = new Map();
      sources = new Set();
      day = null;
    } else if (raw.data_day !== day) close();
    // A market's first line of a day is its price that day (a repeated line keeps the first).
    if (raw.data_day === day && latest.get(raw.market_slug)?.day === day) continue;
    day = raw.data_day;
    latest.set(raw.market_slug, { day, avg: correctedPrices(raw, model).price.avg_price });
    sources.add(raw.source_key);
  }
  close();
  if (series) series.sources = [...sources].sort();
  return result;
}

/**
 * The calendar the series' sources publish on: the union of their weekdays, their full holidays,
 * the longest of their lags (a day is missed only when no source could still print it).
 */
export function seriesCalendar(model: Model, series: Series | undefined): PublishingCalendar {
  const sources = (series?.sources ?? []).map((key) => model.sources.get(key)!);
  return {
    publishingDays: new Set(sources.flatMap((s) => s.publishingDays)),
    holidays: sources[0]?.state.calendar.holidays ?? new Set(),
    lagDays: Math.max(0, ...sources.map((s) => s.state.calendar.lagDays ?? 0)),
  };
}
