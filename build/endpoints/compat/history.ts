/**
 * The compatibility prefix's /prices/history/{productSlug}: per series of the main history
 * (a product variant or family, alone or in one market: core/collection-keys.ts
 * `historySeriesOfRow`), one item per data day, oldest first, as a time collection
 * (`compatHistoryKey`) the edge only slices by range and sends as it is:
 *   avgPrice  mean of the day's averages, one per market and variant of the series
 *   minPrice  lowest minimum (a row that prints none counts its average)
 *   maxPrice  highest maximum (likewise)
 * the rule of the main history's weekly and monthly items, with the same exclusion: rows flagged
 * implausible are in no aggregate, so a day with only such rows has no item. Prices as corrected.
 *
 * Streamed family by family in day order, so memory holds one family's open partitions (in the
 * line arena). Partitions are per calendar year (at most 366 items, under the 1,000 of a
 * partition), so no census is needed to cut them and a new day changes only its year's partition.
 * A series' scope and attribution come from the census of all its rows (as the main history's).
 *
 * Incremental (build/incremental/): rows from the daily cut of the main history on
 * (`historyCuts`: the Monday on or before the boundary's month) are read; each series' older items
 * come from the previous build, its partitions taken whole where they are cut the same way again,
 * and a series without a row since the cut is the previous build's as it was.
 */
import { collectionDirectoryPath, compatHistoryKey, historySeriesOfRow } from '../../../core/collection-keys.ts';
import type { Day } from '../../../core/dates.ts';
import { CompatHistoryItem } from '../../../schemas/compat/history.ts';
import type { Db } from '../../../store/db.ts';
import { historyCuts } from '../history.ts';
import { appendOlderRows } from '../../incremental/older-rows.ts';
import type { Incremental, PreviousBuild } from '../../incremental/previous.ts';
import { monthCounts, readKeptCensus } from '../../incremental/series-census.ts';
import { LineArena } from '../../line-arena.ts';
import { attributionOf, type Model } from '../../model.ts';
import {
  BY_FAMILY_OLDEST_FIRST,
  correctedPrices,
  PLAUSIBLE_SQL,
  PUBLISHED_ROWS_SQL,
  type ObservationColumns,
} from '../../price-rows.ts';
import { TimeCollection } from '../../time-collection.ts';
import type { OutputWriter } from '../../writer.ts';

type Raw = ObservationColumns & { variant_slug: string };

const decimal = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

/** One series' rows of one day. */
class DayAggregate {
  private sum = 0;
  private count = 0;
  private min = Infinity;
  private max = -Infinity;

  add(min: number | null, max: number | null, avg: number): void {
    this.sum += avg;
    this.count++;
    this.min = Math.min(this.min, min ?? avg);
    this.max = Math.max(this.max, max ?? avg);
  }

  line(day: Day): string {
    const item = {
      priceDate: day,
      avgPrice: decimal(this.sum / this.count),
      minPrice: decimal(this.min),
      maxPrice: decimal(this.max),
    };
    return JSON.stringify(CompatHistoryItem.parse(item));
  }
}

/** Per series, from the rows per variant, market, source and month (every row, as the main history's census): its family, cities and sources. */
type SeriesCensus = { family: string; cities: Set<string>; sources: Set<string> };

function censusOfSeries(db: Db, model: Model, incremental: Incremental | undefined): Map<string, SeriesCensus> {
  const census = new Map<string, SeriesCensus>();
  const previous = incremental ? { kept: readKeptCensus(incremental.previous.root), from: incremental.from } : null;
  for (const g of monthCounts(db, previous)) {
    const family = model.variants.get(g.variant)!.product;
    for (const key of historySeriesOfRow(family, g.variant, g.market)) {
      let c = census.get(key);
      if (!c) census.set(key, (c = { family, cities: new Set(), sources: new Set() }));
      c.cities.add(model.markets.get(g.market)!.provinceSlug);
      c.sources.add(g.source);
    }
  }
  return census;
}

/** The previous build's items older than the cut, for an incremental build. */
type OlderItems = { cut: Day; previous: PreviousBuild };

/** One product family's series, written as its rows stream by. */
class FamilySeries {
  private readonly series = new Map<string, TimeCollection>();
  private readonly open = new Map<string, DayAggregate>();
  private day: Day | null = null;
  items = 0;

  constructor(
    private readonly family: string,
    private readonly census: Map<string, SeriesCensus>,
    private readonly model: Model,
    private readonly arena: LineArena,
    private readonly writer: OutputWriter,
    private readonly older: OlderItems | null,
  ) {}

  add(raw: Raw): void {
    if (raw.data_day !== this.day) {
      this.closeDay();
      this.day = raw.data_day;
    }
    const { price } = correctedPrices(raw, this.model);
    for (const key of historySeriesOfRow(this.family, raw.variant_slug, raw.market_slug)) {
      let aggregate = this.open.get(key);
      if (!aggregate) this.open.set(key, (aggregate = new DayAggregate()));
      aggregate.add(price.min_price, price.max_price, price.avg_price);
    }
  }

  /**
   * Writes the family's series: those with an item since the cut, and (`earlier`: an incremental
   * build) those the previous build had; returns how many.
   */
  finish(earlier: readonly string[]): number {
    this.closeDay();
    const keys = [...new Set([...this.series.keys(), ...earlier])].sort();
    for (const key of keys) {
      if (!this.series.has(key) && this.takeUnchanged(key)) continue;
      const c = this.census.get(key)!;
      this.collection(key).finish({
        kind: 'history',
        key: compatHistoryKey(key),
        scope: {
          category: this.model.products.get(this.family)!.category,
          city: c.cities.size === 1 ? [...c.cities][0]! : null,
        },
        attribution: attributionOf(this.model, c.sources),
      });
    }
    return keys.length;
  }

  /** A series' collection, begun with the previous build's older items (an incremental build). */
  private collection(key: string): TimeCollection {
    let collection = this.series.get(key);
    if (collection) return collection;
    collection = new TimeCollection('year', 'asc', this.arena, this.writer);
    this.series.set(key, collection);
    const before = this.older?.previous.directory('history', compatHistoryKey(key));
    if (before) appendOlderRows(collection, before, this.older!.cut, this.older!.previous, this.arena);
    return collection;
  }

  /**
   * A series without an item since the cut whose previous items all end before it is the
   * previous build's as it was: its directory and partitions are taken by name, never read.
   */
  private takeUnchanged(key: string): boolean {
    if (!this.older) return false;
    const before = this.older.previous.directory('history', compatHistoryKey(key));
    if (!before || before.days.slice(0, 10) >= this.older.cut) return false;
    this.writer.adoptObject(collectionDirectoryPath('history', compatHistoryKey(key)));
    for (let at = 0; at < before.partitions.length; at += 32)
      this.writer.adoptPartition(before.partitions.slice(at, at + 32));
    return true;
  }

  /** The day ended for every series of the family: its items, in key order. */
  private closeDay(): void {
    if (this.day === null) return;
    for (const key of [...this.open.keys()].sort()) {
      this.collection(key).push(this.day, this.arena.add(this.open.get(key)!.line(this.day)), false);
      this.items++;
    }
    this.open.clear();
    if (this.arena.crowded) {
      const pass = this.arena.compaction();
      for (const collection of this.series.values()) collection.compact(pass);
      pass.done();
    }
  }
}

/**
 * One product family at a time. `incremental`: rows from the daily cut of its boundary on are read,
 * older items are taken from its previous build. `arena`: when the line arena compacts (tests make
 * it compact often).
 */
export function writeCompatHistory(
  db: Db,
  model: Model,
  writer: OutputWriter,
  {
    incremental,
    arena: arenaOptions,
  }: { incremental?: Incremental; arena?: ConstructorParameters<typeof LineArena>[0] } = {},
): { collections: number; items: number; compactions: number } {
  const census = censusOfSeries(db, model, incremental);
  const older = incremental ? { cut: historyCuts(incremental.from).daily, previous: incremental.previous } : null;
  // The series the previous build has, by family (an incremental build).
  const earlier = new Map<string, string[]>();
  if (older)
    for (const [key, c] of census) {
      if (!older.previous.entries.has(collectionDirectoryPath('history', compatHistoryKey(key)))) continue;
      const keys = earlier.get(c.family);
      if (keys) keys.push(key);
      else earlier.set(c.family, [key]);
    }
  const arena = new LineArena(arenaOptions);
  const where = older ? ' AND o.data_day >= ?' : '';
  const sql = `${PUBLISHED_ROWS_SQL} AND ${PLAUSIBLE_SQL}${where} ORDER BY ${BY_FAMILY_OLDEST_FIRST}`;
  let collections = 0;
  let items = 0;
  const done = (family: FamilySeries, product: string) => {
    collections += family.finish(earlier.get(product) ?? []);
    items += family.items;
  };
  let family: FamilySeries | null = null;
  let current: string | null = null;
  const streamed = new Set<string>();
  for (const raw of db.prepare(sql).iterate(...(older ? [older.cut] : [])) as IterableIterator<Raw>) {
    const product = model.variants.get(raw.variant_slug)!.product;
    if (product !== current) {
      if (family) done(family, current!);
      streamed.add((current = product));
      family = new FamilySeries(product, census, model, arena, writer, older);
    }
    family!.add(raw);
  }
  if (family) done(family, current!);
  // Families without a row since the cut (an incremental build): every item is the previous build's.
  for (const [product] of earlier)
    if (!streamed.has(product)) done(new FamilySeries(product, census, model, arena, writer, older), product);
  return { collections, items, compactions: arena.compactions };
}
