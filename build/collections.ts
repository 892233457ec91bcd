/**
 * /prices collections: one per canonical filter set (see core/collection-keys.ts), published
 * as time partitions (NDJSON, one serialized row per line, newest first) plus a small directory of
 * rows per data day. Partition paths are content hashes: a partition that did not change keeps
 * its object (old data stays immutable), and collections with the same rows (a city with one
 * market, a product with one variant) share their partitions.
 *
 * Granularity per collection, from its density (build/time-collection.ts): at least 1,000 rows
 * a day → daily partitions; at least 1,000 rows a month → monthly; up to 1,000 rows in all →
 * one partition; otherwise yearly. A partition holds at most 1,000 rows (a national day has
 * ~7,500): the edge decodes whole partitions, and its CPU per request grows with their size.
 * Cuts are counted from each period's oldest row (the census counts rows per month for it), so
 * a new day changes only the newest partition of its period.
 *
 * Incremental (build/incremental/): only rows from the boundary day on are read from the store
 * and serialized; each collection's older rows come from the previous build, its partitions
 * taken whole where they are cut the same way again. The census covers every row (the previous
 * build's kept census and the rows since its cut: build/incremental/series-census.ts), so
 * granularity, aliases and scope are decided as in a full build, and every collection's total is
 * checked against it.
 */
import { dayToEpochDays, type Day } from '../core/dates.ts';
import { collectionDirectoryPath, priceCollectionKeys } from '../core/collection-keys.ts';
import { CollectionDirectory, type CollectionDirectoryT } from '../schemas/internal.ts';
import type { Db } from '../store/db.ts';
import { appendOlderRows } from './incremental/older-rows.ts';
import type { Incremental } from './incremental/previous.ts';
import {
  countSeries,
  emptyCount,
  keepCut,
  readKeptCensus,
  type KeptCensusT,
  type Series,
  type SeriesCount,
} from './incremental/series-census.ts';
import { LineArena } from './line-arena.ts';
import { attributionOf, type Model } from './model.ts';
import { publishedRows } from './price-rows.ts';
import { granularityOf, isAgeable, TimeCollection, type Granularity } from './time-collection.ts';
import type { OutputWriter } from './writer.ts';

/** A collection's census: the union of its series' counts. */
type Census = SeriesCount & { categories: Set<string>; cities: Set<string>; sources: Set<string> };

/**
 * `serialized`: rows read from the store and serialized; `censusRows`: rows the census read;
 * `keptCensus`: the census of the rows before its cut, for the next build (build/incremental/series-census.ts)
 */
export type CollectionsReport = {
  collections: number;
  partitions: number;
  rows: number;
  aliases: number;
  serialized: number;
  censusRows: number;
  keptCensus: KeptCensusT;
};

/**
 * Pass 1 counts each collection (cheap: no serialization), pass 2 streams rows into partitions.
 * `incremental`: rows older than its `from` are taken from its previous build, and the census of
 * the rows before the previous build's census cut from its kept census. `agingFrom`: the build
 * state's, where the census this build keeps is cut (`keepCut`).
 */
export function writePriceCollections(
  db: Db,
  model: Model,
  writer: OutputWriter,
  { incremental, agingFrom }: { incremental?: Incremental; agingFrom: Day | null },
): CollectionsReport {
  const span = db.prepare('SELECT min(data_day) AS first, max(data_day) AS last FROM observations').get() as {
    first: Day | null;
    last: Day | null;
  };
  const first = span.first === null ? 0 : dayToEpochDays(span.first);
  const spanDays = span.last === null ? 1 : dayToEpochDays(span.last) - first + 1;
  const monthOf = monthIndexer(first, spanDays);
  const previousCensus = incremental
    ? { kept: readKeptCensus(incremental.previous.root), from: incremental.from }
    : null;
  const counted = countSeries(
    db,
    { first: span.first ?? '1970-01-01', monthOf },
    keepCut(agingFrom, span.last),
    previousCensus,
  );
  const census = countCollections(model, counted.series, spanDays, monthOf[spanDays - 1]! + 1);
  const firstMonth = span.first === null ? 0 : monthNumber(span.first);
  const arena = new LineArena();
  const open = new Map<string, TimeCollection>();
  const canonical = new Map<string, string>();
  const aliasOf = new Map<string, string>();
  for (const [key, c] of [...census].sort(([a], [b]) => a.length - b.length || (a < b ? -1 : 1))) {
    const { days, months } = countDays(c.days, monthOf);
    const granularity = granularityOf(c.total, months, days);
    const signature = `${granularity}:${c.total}:${c.sum}:${c.xor}`;
    const same = canonical.get(signature);
    if (same) aliasOf.set(key, same);
    else {
      canonical.set(signature, key);
      // Daily partitions hold their day instead (a count per collection and day would cost more).
      const periodRows = granularity === 'day' ? undefined : periodCounter(granularity, c, firstMonth);
      open.set(key, new TimeCollection(granularity, 'desc', arena, writer, undefined, periodRows));
    }
  }
  if (!open.has('all')) open.set('all', new TimeCollection('all', 'desc', arena, writer, undefined, () => 0));
  let count = 0;
  const rows = incremental
    ? publishedRows(db, model, 'AND o.data_day >= ?', [incremental.from])
    : publishedRows(db, model);
  for (const r of rows) {
    count++;
    const line = arena.add(r.json);
    const ageable = isAgeable(r.row.freshness);
    for (const key of priceCollectionKeys(r)) open.get(key)?.push(r.day, line, ageable); // an alias has no entry: its rows are the canonical collection's
    if (arena.crowded) {
      const pass = arena.compaction();
      for (const collection of open.values()) collection.compact(pass);
      pass.done();
    }
  }
  let partitions = 0;
  const completed = new Set<TimeCollection>();
  for (const key of [...open.keys(), ...aliasOf.keys()].sort()) {
    const collection = open.get(key) ?? open.get(aliasOf.get(key)!)!;
    const c = census.get(key);
    // Once per collection, before whichever of its keys (canonical or alias) is finished first.
    if (incremental && !completed.has(collection)) {
      const canonicalKey = aliasOf.get(key) ?? key;
      const before = incremental.previous.directory('prices', canonicalKey);
      if (before) appendOlderRows(collection, before, incremental.from, incremental.previous, arena);
      completed.add(collection);
    }
    const written = collection.finish({
      kind: 'prices',
      key,
      scope: {
        category: c && c.categories.size === 1 ? [...c.categories][0]! : null,
        city: c && c.cities.size === 1 ? [...c.cities][0]! : null,
      },
      attribution: attributionOf(model, c?.sources ?? []),
    });
    if (written.total !== (c?.total ?? 0))
      throw new Error(`price collection ${key}: ${written.total} rows written, ${c?.total ?? 0} in the store`);
    if (!aliasOf.has(key)) partitions += written.partitions;
  }
  return {
    collections: open.size + aliasOf.size,
    partitions,
    rows: census.get('all')?.total ?? 0,
    aliases: aliasOf.size,
    serialized: count,
    censusRows: counted.counted,
    keptCensus: counted.keep,
  };
}

const monthNumber = (day: Day) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;

/** A collection's rows in a period of its granularity (month `YYYY-MM`, year `YYYY`, or `all`), from the census. */
function periodCounter(granularity: Granularity, c: SeriesCount, firstMonth: number): (period: string) => number {
  if (granularity === 'all') return () => c.total;
  if (granularity === 'month') return (period) => c.monthRows[monthNumber(`${period}-01`) - firstMonth] ?? 0;
  return (period) => {
    let rows = 0;
    for (let m = Number(period) * 12 - firstMonth, end = m + 12; m < end; m++) rows += c.monthRows[m] ?? 0;
    return rows;
  };
}

/** Calendar month number (0, 1, …) of each day of the span. */
function monthIndexer(first: number, spanDays: number): Uint16Array {
  const months = new Uint16Array(spanDays);
  let month = 0;
  for (let d = 1; d < spanDays; d++) {
    if (new Date((first + d) * 86_400_000).getUTCDate() === 1) month++;
    months[d] = month;
  }
  return months;
}

function countDays(bits: Uint8Array, monthOf: Uint16Array): { days: number; months: number } {
  let days = 0;
  let months = 0;
  let lastMonth = -1;
  for (let d = 0; d < monthOf.length; d++) {
    if (!(bits[d >> 3]! & (1 << (d & 7)))) continue;
    days++;
    if (monthOf[d] !== lastMonth) {
      months++;
      lastMonth = monthOf[d]!;
    }
  }
  return { days, months };
}

/**
 * The census of every collection, without building the rows. Every collection is a union of
 * (variant, market, source) series, so rows are counted per series (one map look-up a row,
 * build/incremental/series-census.ts) and each series is then added to its collections: far
 * fewer look-ups than counting every row into each of its collections, for the same census. An
 * incremental build counts only the rows from the previous build's census cut on.
 */
function countCollections(model: Model, series: Series, spanDays: number, months: number): Map<string, Census> {
  const census = new Map<string, Census>();
  for (const [variant, byMarket] of series) {
    const v = model.variants.get(variant)!;
    for (const [market, bySource] of byMarket) {
      const city = model.markets.get(market)!.provinceSlug;
      for (const [source, s] of bySource) {
        for (const key of priceCollectionKeys({ variant, product: v.product, category: v.category, market, city })) {
          let c = census.get(key);
          if (!c)
            census.set(
              key,
              (c = { ...emptyCount(spanDays, months), categories: new Set(), cities: new Set(), sources: new Set() }),
            );
          c.total += s.total;
          for (let i = 0; i < s.days.length; i++) c.days[i]! |= s.days[i]!;
          for (let i = 0; i < months; i++) c.monthRows[i]! += s.monthRows[i]!;
          c.sum = (c.sum + s.sum) % 2 ** 48;
          c.xor = (c.xor ^ s.xor) >>> 0;
          c.categories.add(v.category);
          c.cities.add(city);
          c.sources.add(source);
        }
      }
    }
  }
  return census;
}

/** A collection that is not in time (/products): one partition, no days in its directory. */
export function writeListCollection(
  writer: OutputWriter,
  kind: 'products',
  key: string,
  lines: string[],
  scope: CollectionDirectoryT['scope'],
  attribution: string,
): void {
  const hash = lines.length ? writer.writePartition(lines.join('\n') + '\n') : null;
  const directory: CollectionDirectoryT = {
    kind,
    key,
    order: 'asc',
    scope,
    total: lines.length,
    days: '',
    ends: [],
    partitions: hash ?? '',
    partitionEnds: hash ? [lines.length] : [],
    agingFrom: null,
    attribution,
  };
  writer.writeJson(collectionDirectoryPath(kind, key), CollectionDirectory.parse(directory));
}
