/**
 * The census of every (variant, market, source) series: its rows, data days, rows per calendar
 * month, and an order-independent signature of its row set. The price collections are cut and
 * aliased by it (build/collections.ts), history by its months (build/endpoints/history.ts).
 *
 * Counting it reads every row of the store, on a night that adds a fraction of a percent of them
 * (docs/incremental-build.md). So each build keeps the census of
 * the rows before a cut (`SERIES_CENSUS_FILE`, beside its state), and the next build, when
 * nothing before that cut changed (its boundary is not older: build/incremental/state.ts), counts
 * only the rows from the cut on. The cut is a month start a month before the oldest day that may
 * still change (`keepCut`), so a normal night reads one to two months of rows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { addDays, dayToEpochDays, type Day } from '../../core/dates.ts';
import type { Db } from '../../store/db.ts';

export const SERIES_CENSUS_FILE = 'series-census.json';
const FORMAT = 1;

/** The rows of one (variant, market, source) series, or of a price collection (the union of its series). */
export type SeriesCount = {
  total: number;
  /** one bit per calendar day of the store's span: the data days (a Set of day strings per collection grew with the years) */
  days: Uint8Array;
  /** rows per calendar month of the span: where a newest-first period's cuts fall */
  monthRows: Uint32Array;
  /** order-independent signature of the row set: collections with equal rows share partitions */
  sum: number;
  xor: number;
};
/** variant → market → source → count */
export type Series = Map<string, Map<string, Map<string, SeriesCount>>>;

/** The store's span of data days, and the calendar month (0 = the first day's) of each day of it. */
export type Span = { first: Day; monthOf: Uint16Array };

const KeptCensus = z.strictObject({
  format: z.literal(FORMAT),
  /** the store's first data day: day bits and month numbers count from it */
  first: z.string(),
  /** the census is of the rows before this day (a month start) */
  before: z.string(),
  /** [variant, market, source, total, sum, xor, day bits (base64), rows per month] */
  series: z.array(
    z.tuple([z.string(), z.string(), z.string(), z.int(), z.int(), z.int(), z.string(), z.array(z.int())]),
  ),
});
export type KeptCensusT = z.infer<typeof KeptCensus>;

/** The census a previous build kept in `root`; null when it kept none (or in another format). */
export function readKeptCensus(root: string): KeptCensusT | null {
  const path = join(root, SERIES_CENSUS_FILE);
  if (!existsSync(path)) return null;
  const kept = KeptCensus.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  return kept.success ? kept.data : null;
}

/**
 * Where this build cuts the census it keeps: the month start a month before the oldest day the
 * next night may find changed — the oldest day still aging, or the newest data day when none is
 * (new data is added after it). Any cut is correct; an older one makes the nights read more rows,
 * a newer one makes a night whose boundary is older count every row.
 */
export function keepCut(agingFrom: Day | null, newestDay: Day | null): Day {
  const oldest = [agingFrom, newestDay]
    .filter((d): d is Day => d !== null)
    .reduce((a, b) => (a < b ? a : b), '9999-12-31');
  return oldest === '9999-12-31' ? '0000-01-01' : `${addDays(oldest, -31).slice(0, 7)}-01`;
}

/** Two independent 32-bit mixes of a row number (murmur3 finaliser with different seeds). */
function mix(n: number, seed: number): number {
  let h = Math.imul(n ^ seed, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export const emptyCount = (days: number, months: number): SeriesCount => ({
  total: 0,
  days: new Uint8Array((days + 7) >> 3),
  monthRows: new Uint32Array(months),
  sum: 0,
  xor: 0,
});

function countOf(
  series: Series,
  variant: string,
  market: string,
  source: string,
  days: number,
  months: number,
): SeriesCount {
  let byMarket = series.get(variant);
  if (!byMarket) series.set(variant, (byMarket = new Map()));
  let bySource = byMarket.get(market);
  if (!bySource) byMarket.set(market, (bySource = new Map()));
  let c = bySource.get(source);
  if (!c) bySource.set(source, (c = emptyCount(days, months)));
  return c;
}

/** Adds `from` into `into` (day bits and months of `from` may be fewer: a kept census ends at its cut). */
function addCount(into: SeriesCount, from: SeriesCount): void {
  into.total += from.total;
  for (let i = 0; i < from.days.length; i++) into.days[i]! |= from.days[i]!;
  for (let i = 0; i < from.monthRows.length; i++) into.monthRows[i]! += from.monthRows[i]!;
  into.sum = (into.sum + from.sum) % 2 ** 48;
  into.xor = (into.xor ^ from.xor) >>> 0;
}

function* eachCount(series: Series): Generator<[string, string, string, SeriesCount]> {
  for (const [variant, byMarket] of series)
    for (const [market, bySource] of byMarket) for (const [source, c] of bySource) yield [variant, market, source, c];
}

/**
 * The census of every series of the store, and the census of its rows before `keepBefore` to keep
 * for the next build. `kept`: the previous build's, used when the rows before its cut are the
 * same (`from`, the boundary, is not older than its cut) and its cut is not after `keepBefore`.
 */
export function countSeries(
  db: Db,
  span: Span,
  keepBefore: Day,
  previous: { kept: KeptCensusT | null; from: Day } | null,
): { series: Series; keep: KeptCensusT; counted: number } {
  const first = dayToEpochDays(span.first);
  const spanDays = span.monthOf.length;
  const months = span.monthOf[spanDays - 1]! + 1;
  const kept = previous?.kept;
  const usable =
    kept && kept.first === span.first && kept.before <= previous.from && kept.before <= keepBefore ? kept : null;
  // Rows before the cut to keep, and the others.
  const early: Series = new Map();
  const late: Series = new Map();
  if (usable) {
    for (const [variant, market, source, total, sum, xor, days, monthRows] of usable.series) {
      const c = countOf(early, variant, market, source, spanDays, months);
      addCount(c, { total, sum, xor, days: Buffer.from(days, 'base64'), monthRows: Uint32Array.from(monthRows) });
    }
  }
  const cut = dayToEpochDays(keepBefore) - first;
  const dayIndex = new Map<string, number>();
  const sql = `SELECT o.rowid AS n, o.data_day AS day, o.market_slug AS market, o.source_key AS source, n.variant_slug AS variant
               FROM observations o JOIN source_names n ON n.id = o.source_name_id WHERE n.variant_slug IS NOT NULL`;
  const rows = usable ? db.prepare(`${sql} AND o.data_day >= ?`).iterate(usable.before) : db.prepare(sql).iterate();
  let counted = 0;
  for (const r of rows as IterableIterator<{ n: number; day: Day; market: string; source: string; variant: string }>) {
    counted++;
    let d = dayIndex.get(r.day);
    if (d === undefined) dayIndex.set(r.day, (d = dayToEpochDays(r.day) - first));
    const c = countOf(d < cut ? early : late, r.variant, r.market, r.source, spanDays, months);
    c.total++;
    c.days[d >> 3]! |= 1 << (d & 7);
    c.monthRows[span.monthOf[d]!]!++;
    c.sum = (c.sum + mix(r.n, 0x9e3779b9) * 65536 + (mix(r.n, 0x7f4a7c15) & 0xffff)) % 2 ** 48;
    c.xor = (c.xor ^ mix(r.n, 0x2545f491)) >>> 0;
  }
  const keep = keptOf(early, span, keepBefore, cut);
  const series: Series = new Map();
  for (const part of [early, late])
    for (const [variant, market, source, c] of eachCount(part))
      addCount(countOf(series, variant, market, source, spanDays, months), c);
  return { series, keep, counted };
}

/** The rows before the cut, as the next build reads them: bits and months up to the cut only (sorted: the same store gives the same file). */
function keptOf(early: Series, span: Span, before: Day, cut: number): KeptCensusT {
  const days = Math.max(0, Math.min(cut, span.monthOf.length));
  const months = days === 0 ? 0 : span.monthOf[days - 1]! + 1;
  const series: KeptCensusT['series'] = [];
  for (const [variant, market, source, c] of eachCount(early)) {
    if (c.total === 0) continue;
    const bits = Buffer.from(c.days.buffer, c.days.byteOffset, (days + 7) >> 3).toString('base64');
    series.push([variant, market, source, c.total, c.sum, c.xor, bits, [...c.monthRows.subarray(0, months)]]);
  }
  series.sort((a, b) =>
    a[0] !== b[0]
      ? a[0] < b[0]
        ? -1
        : 1
      : a[1] !== b[1]
        ? a[1] < b[1]
          ? -1
          : 1
        : a[2] < b[2]
          ? -1
          : a[2] > b[2]
            ? 1
            : 0,
  );
  return { format: FORMAT, first: span.first, before, series };
}

/**
 * Rows per (variant, market, source, calendar month `YYYY-MM`): from the kept census for the
 * months before its cut when usable (`from`, the boundary, not older than the cut), the store for the others.
 */
export function* monthCounts(
  db: Db,
  previous: { kept: KeptCensusT | null; from: Day } | null,
): Generator<{ variant: string; market: string; source: string; month: string; rows: number }> {
  const kept = previous?.kept && previous.kept.before <= previous.from ? previous.kept : null;
  if (kept) {
    const firstMonth = Number(kept.first.slice(0, 4)) * 12 + Number(kept.first.slice(5, 7)) - 1;
    for (const [variant, market, source, , , , , monthRows] of kept.series) {
      for (let m = 0; m < monthRows.length; m++) {
        const number = firstMonth + m;
        if (monthRows[m])
          yield {
            variant,
            market,
            source,
            month: `${Math.floor(number / 12)}-${String((number % 12) + 1).padStart(2, '0')}`,
            rows: monthRows[m]!,
          };
      }
    }
  }
  const sql = `SELECT n.variant_slug AS variant, o.market_slug AS market, o.source_key AS source, substr(o.data_day, 1, 7) AS month, count(*) AS rows
               FROM observations o JOIN source_names n ON n.id = o.source_name_id WHERE n.variant_slug IS NOT NULL${kept ? ' AND o.data_day >= ?' : ''} GROUP BY 1, 2, 3, 4`;
  yield* db.prepare(sql).iterate(...(kept ? [kept.before] : [])) as IterableIterator<{
    variant: string;
    market: string;
    source: string;
    month: string;
    rows: number;
  }>;
}
