/**
 * /prices/history/{slug}: per product (variant or family) and per product × market, the whole
 * series in three resolutions, oldest first, as time collections the edge slices by range (and
 * pages only when page or limit is sent).
 *   daily   one item per market, variant and data day (the price row in the legacy shape)
 *   weekly  per market, variant and ISO week (Monday): mean of the daily averages, lowest
 *           minimum, highest maximum; the freshness of the week's last row (rows flagged
 *           implausible are daily items, never part of a period's figures)
 *   monthly the same per calendar month
 *
 * Streamed family by family in (day, variant, market) order, which is every key's order: daily
 * items go straight into their partitions, a week's (a month's) items go into theirs when the
 * family's stream enters the next week (month), so memory holds a family's open partitions (in
 * the line arena), never its whole series (at national scale a family runs to a million rows).
 * An incremental build streams only the rows from its cuts on (`historyCuts`).
 */
import {
  collectionDirectoryPath,
  HISTORY_RESOLUTIONS,
  historyCollectionKey,
  historySeriesOfRow,
  type HistoryResolution,
} from '../../core/collection-keys.ts';
import { isoWeek, type Day } from '../../core/dates.ts';
import { HistoryItem, type HistoryItemT } from '../../schemas/history.ts';
import { isImplausible } from '../../sources/lib/normalise.ts';
import type { Db } from '../../store/db.ts';
import { appendOlderRows } from '../incremental/older-rows.ts';
import type { Incremental, PreviousBuild } from '../incremental/previous.ts';
import { monthCounts, readKeptCensus } from '../incremental/series-census.ts';
import { LineArena } from '../line-arena.ts';
import { attributionOf, type Model } from '../model.ts';
import { BY_FAMILY_OLDEST_FIRST, publishedRows, type PublishedRow } from '../price-rows.ts';
import { granularityOf, isAgeable, MAX_PARTITION_ROWS, TimeCollection } from '../time-collection.ts';
import type { OutputWriter } from '../writer.ts';

const decimal = (v: number | null) => (v === null ? null : v.toFixed(2));

function dailyItem(r: PublishedRow): HistoryItemT {
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

const decimal2 = (n: number) => decimal(Math.round(n * 100) / 100);
const weekStarts = new Map<Day, Day>();
/** Memoised: called for every row of the store. */
function weekStart(day: Day): Day {
  let start = weekStarts.get(day);
  if (start === undefined) weekStarts.set(day, (start = isoWeek(day).weekStart));
  return start;
}
const monthStart = (day: Day) => `${day.slice(0, 7)}-01`;

/** A period's aggregate of one market and variant, fed its rows oldest first. */
class PeriodAggregate {
  private count = 0;
  private min = Infinity;
  private max = -Infinity;
  private sum = 0;
  private sameDocument = true;
  last!: PublishedRow;

  constructor(readonly start: Day) {}

  add(r: PublishedRow): void {
    this.min = Math.min(this.min, r.row.minPrice ?? r.row.avgPrice);
    this.max = Math.max(this.max, r.row.maxPrice ?? r.row.avgPrice);
    this.sum += r.row.avgPrice;
    if (this.count > 0 && r.row.documentUrl !== this.last.row.documentUrl) this.sameDocument = false;
    this.last = r;
    this.count++;
  }

  item(): HistoryItemT {
    return {
      ...dailyItem(this.last),
      recordedDate: this.start,
      minPrice: decimal(this.min),
      maxPrice: decimal(this.max),
      avgPrice: decimal2(this.sum / this.count),
      avgPriceMethod: 'mean_of_daily',
      // The period mixes documents: no single document address.
      documentUrl: this.sameDocument ? this.last.row.documentUrl : null,
    };
  }
}

/** Per history key, from the rows per series and month: its product family, rows, months, cities and sources (granularity, scope, attribution). */
type KeyCensus = { family: string; total: number; months: Set<string>; cities: Set<string>; sources: Set<string> };

function censusOfKeys(db: Db, model: Model, incremental: Incremental | undefined): Map<string, KeyCensus> {
  const census = new Map<string, KeyCensus>();
  // An incremental build counts the months before the previous build's census cut from it (build/incremental/series-census.ts).
  const previous = incremental ? { kept: readKeptCensus(incremental.previous.root), from: incremental.from } : null;
  for (const g of monthCounts(db, previous)) {
    const family = model.variants.get(g.variant)!.product;
    for (const key of historySeriesOfRow(family, g.variant, g.market)) {
      let c = census.get(key);
      if (!c) census.set(key, (c = { family, total: 0, months: new Set(), cities: new Set(), sources: new Set() }));
      c.total += g.rows;
      c.months.add(g.month);
      c.cities.add(model.markets.get(g.market)!.provinceSlug);
      c.sources.add(g.source);
    }
  }
  return census;
}

/**
 * Weekly and monthly items are read whole far more often than paged (the legacy contract
 * answers the whole range unpaged), so their partitions are large: an unpaged ten-year answer
 * reads one or two, not one a year. Cut by size only, from the oldest item, so a new week changes
 * only the newest partition.
 */
const PERIOD_ITEMS_PER_PARTITION = 5000;
/**
 * Items held until a family ends (a small key's only partition) pin old slabs: compact above
 * 16 live slabs (512 MB), not the price collections' 64, which bounds the history process's peak
 * memory at national scale.
 */
const HISTORY_ARENA = { maxLiveSlabs: 16, keepSlabs: 4 };

/**
 * An incremental build (build/incremental/) computes each resolution's items again from these days
 * on and takes the older ones from the previous build: from the boundary's month for monthly
 * items, and from the Monday on or before it for weekly and daily ones, so every week and month
 * computed again has all of its rows (at most five weeks more than the boundary asks).
 */
export function historyCuts(from: Day): Record<HistoryResolution, Day> {
  const month = monthStart(from);
  return { daily: weekStart(month), weekly: weekStart(month), monthly: month };
}

/** The most items a partition of a resolution holds (a full one is taken whole by an incremental build). */
export const partitionItems = (resolution: HistoryResolution): number =>
  resolution === 'daily' ? MAX_PARTITION_ROWS : PERIOD_ITEMS_PER_PARTITION;

/** The previous build's items older than the cuts, for an incremental build. */
type OlderItems = { cuts: Record<HistoryResolution, Day>; previous: PreviousBuild };

/** One product family's three resolutions of every key, written as its rows stream by. */
class FamilyHistory {
  /** weekly and monthly items go into their collections as each period closes (the partition size needs no census) */
  private readonly collections = {
    daily: new Map<string, TimeCollection>(),
    weekly: new Map<string, TimeCollection>(),
    monthly: new Map<string, TimeCollection>(),
  };
  private readonly open = { weekly: new Map<string, PeriodAggregate>(), monthly: new Map<string, PeriodAggregate>() };
  private readonly period = { weekly: '', monthly: '' };

  constructor(
    private readonly family: string,
    private readonly census: Map<string, KeyCensus>,
    private readonly model: Model,
    private readonly arena: LineArena,
    private readonly writer: OutputWriter,
    private readonly older: OlderItems | null,
  ) {}

  add(r: PublishedRow): void {
    const line = this.arena.add(JSON.stringify(HistoryItem.parse(dailyItem(r))));
    const ageable = isAgeable(r.row.freshness);
    for (const key of historySeriesOfRow(this.family, r.variant, r.market)) {
      this.collection('daily', key).push(r.day, line, ageable);
    }
    if (!isImplausible(r.row.qualityFlags)) {
      this.aggregate('weekly', weekStart(r.day), r);
      // Rows before the monthly cut stream by for their weeks only (an incremental build).
      if (!this.older || r.day >= this.older.cuts.monthly) this.aggregate('monthly', monthStart(r.day), r);
    }
    if (this.arena.crowded) this.compact();
  }

  /** A key's collection of a resolution, begun with the previous build's older items (an incremental build). */
  private collection(resolution: HistoryResolution, key: string): TimeCollection {
    let collection = this.collections[resolution].get(key);
    if (collection) return collection;
    const full = partitionItems(resolution);
    if (resolution === 'daily') {
      const c = this.census.get(key)!;
      collection = new TimeCollection(granularityOf(c.total, c.months.size), 'asc', this.arena, this.writer, full);
    } else collection = new TimeCollection('all', 'asc', this.arena, this.writer, full);
    this.collections[resolution].set(key, collection);
    const before = this.older?.previous.directory('history', historyCollectionKey(resolution, key));
    if (before) appendOlderRows(collection, before, this.older!.cuts[resolution], this.older!.previous, this.arena);
    return collection;
  }

  /** Moves the lines its open partitions hold in old slabs into the current one (build/line-arena.ts). */
  private compact(): void {
    const pass = this.arena.compaction();
    for (const resolution of HISTORY_RESOLUTIONS) {
      for (const collection of this.collections[resolution].values()) collection.compact(pass);
    }
    pass.done();
  }

  /**
   * Writes the family's collections (`keys`: every key the census counted for it, which in an
   * incremental build includes keys without a row since the cuts: all their items are older);
   * returns how many keys it has.
   */
  finish(keys: readonly string[]): number {
    this.close('weekly');
    this.close('monthly');
    for (const resolution of HISTORY_RESOLUTIONS) {
      for (const key of keys) {
        if (!this.collections[resolution].has(key) && this.takeUnchanged(resolution, key)) continue;
        this.collection(resolution, key).finish(this.directory(historyCollectionKey(resolution, key), key));
      }
    }
    return keys.length;
  }

  /**
   * A key of a resolution without an item since its cut (an incremental build) whose previous items
   * all end before the cut is the previous build's as it was: the same items cut the same way
   * (its census is unchanged), none of them re-aged. Its directory and partitions are taken by name,
   * never read. False when it must be built (a full build, or an item at or after the cut gone).
   */
  private takeUnchanged(resolution: HistoryResolution, key: string): boolean {
    if (!this.older) return false;
    const collectionKey = historyCollectionKey(resolution, key);
    const before = this.older.previous.directory('history', collectionKey);
    if (!before || before.days.slice(0, 10) >= this.older.cuts[resolution] || before.agingFrom !== null) return false;
    this.writer.adoptObject(collectionDirectoryPath('history', collectionKey));
    for (let at = 0; at < before.partitions.length; at += 32)
      this.writer.adoptPartition(before.partitions.slice(at, at + 32));
    return true;
  }

  private directory(collectionKey: string, key: string) {
    const c = this.census.get(key)!;
    return {
      kind: 'history' as const,
      key: collectionKey,
      scope: {
        category: this.model.products.get(this.family)!.category,
        city: c.cities.size === 1 ? [...c.cities][0]! : null,
      },
      attribution: attributionOf(this.model, c.sources),
    };
  }

  private aggregate(resolution: 'weekly' | 'monthly', start: Day, r: PublishedRow): void {
    if (start !== this.period[resolution]) {
      this.close(resolution);
      this.period[resolution] = start;
    }
    const series = `${r.variant}|${r.market}`;
    let a = this.open[resolution].get(series);
    if (!a) this.open[resolution].set(series, (a = new PeriodAggregate(start)));
    a.add(r);
  }

  /** The period ended for every series of the family: its items, in (variant, market) order. */
  private close(resolution: 'weekly' | 'monthly'): void {
    const closing = [...this.open[resolution].values()].sort(
      (a, b) => compare(a.last.variant, b.last.variant) || compare(a.last.market, b.last.market),
    );
    this.open[resolution].clear();
    for (const period of closing) {
      const item = HistoryItem.parse(period.item());
      const line = this.arena.add(JSON.stringify(item));
      const ageable = isAgeable(item.freshness);
      for (const key of historySeriesOfRow(this.family, period.last.variant, period.last.market)) {
        this.collection(resolution, key).push(period.start, line, ageable);
      }
    }
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * One product family at a time, streamed (see the top of this file). `incremental`: rows from the
 * cuts of its boundary on are read (`historyCuts`), older items are taken from its previous build.
 * `arena`: when the line arena compacts (tests make it compact often).
 */
export function writeHistory(
  db: Db,
  model: Model,
  writer: OutputWriter,
  {
    incremental,
    arena: arenaOptions = HISTORY_ARENA,
  }: { incremental?: Incremental; arena?: typeof HISTORY_ARENA } = {},
): { keys: number; compactions: number } {
  const census = censusOfKeys(db, model, incremental);
  const keysOf = new Map<string, string[]>();
  for (const [key, c] of census) {
    const keys = keysOf.get(c.family);
    if (keys) keys.push(key);
    else keysOf.set(c.family, [key]);
  }
  const older = incremental ? { cuts: historyCuts(incremental.from), previous: incremental.previous } : null;
  const arena = new LineArena(arenaOptions);
  const familyOf = (product: string) => new FamilyHistory(product, census, model, arena, writer, older);
  let keys = 0;
  let family: FamilyHistory | null = null;
  let current: string | null = null;
  const streamed = new Set<string>();
  for (const r of publishedRows(
    db,
    model,
    older ? 'AND o.data_day >= ?' : '',
    older ? [older.cuts.daily] : [],
    BY_FAMILY_OLDEST_FIRST,
  )) {
    if (r.product !== current) {
      if (family) keys += family.finish(keysOf.get(current!)!);
      streamed.add((current = r.product));
      family = familyOf(current);
    }
    family!.add(r);
  }
  if (family) keys += family.finish(keysOf.get(current!)!);
  // Families without a row since the cuts (an incremental build): every item is the previous build's.
  for (const [product, familyKeys] of keysOf) if (!streamed.has(product)) keys += familyOf(product).finish(familyKeys);
  return { keys, compactions: arena.compactions };
}
