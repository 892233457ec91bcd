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
 * Computed whole every build: an incremental build gives the same objects as a full one, and
 * unchanged partitions keep their names (content hashes) and are taken from the previous build.
 */
import { compatHistoryKey, historySeriesOfRow } from '../core/collection-keys.ts';
import type { Day } from '../core/dates.ts';
import { CompatHistoryItem } from '../schemas/compat/history.ts';
import type { Db } from '../store/db.ts';
import { LineArena } from './line-arena.ts';
import { attributionOf, type Model } from './model.ts';
import {
  BY_FAMILY_OLDEST_FIRST,
  correctedPrices,
  PLAUSIBLE_SQL,
  PUBLISHED_ROWS_SQL,
  type ObservationColumns,
} from './price-rows.ts';
import { TimeCollection } from './time-collection.ts';
import type { OutputWriter } from './writer.ts';

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

type Series = { collection: TimeCollection; cities: Set<string>; sources: Set<string> };

/** One product family's series, written as its rows stream by. */
class FamilySeries {
  private readonly series = new Map<string, Series>();
  private readonly open = new Map<string, DayAggregate>();
  private day: Day | null = null;
  items = 0;

  constructor(
    private readonly family: string,
    private readonly model: Model,
    private readonly arena: LineArena,
    private readonly writer: OutputWriter,
  ) {}

  add(raw: Raw): void {
    if (raw.data_day !== this.day) {
      this.closeDay();
      this.day = raw.data_day;
    }
    const { price } = correctedPrices(raw, this.model);
    const city = this.model.markets.get(raw.market_slug)!.provinceSlug;
    for (const key of historySeriesOfRow(this.family, raw.variant_slug, raw.market_slug)) {
      let aggregate = this.open.get(key);
      if (!aggregate) this.open.set(key, (aggregate = new DayAggregate()));
      aggregate.add(price.min_price, price.max_price, price.avg_price);
      const s = this.seriesOf(key);
      s.cities.add(city);
      s.sources.add(raw.source_key);
    }
  }

  /** Writes every series of the family; returns how many. */
  finish(): number {
    this.closeDay();
    for (const key of [...this.series.keys()].sort()) {
      const s = this.series.get(key)!;
      s.collection.finish({
        kind: 'history',
        key: compatHistoryKey(key),
        scope: {
          category: this.model.products.get(this.family)!.category,
          city: s.cities.size === 1 ? [...s.cities][0]! : null,
        },
        attribution: attributionOf(this.model, s.sources),
      });
    }
    return this.series.size;
  }

  private seriesOf(key: string): Series {
    let s = this.series.get(key);
    if (!s) {
      const collection = new TimeCollection('year', 'asc', this.arena, this.writer);
      this.series.set(key, (s = { collection, cities: new Set(), sources: new Set() }));
    }
    return s;
  }

  /** The day ended for every series of the family: its items, in key order. */
  private closeDay(): void {
    if (this.day === null) return;
    for (const key of [...this.open.keys()].sort()) {
      this.series.get(key)!.collection.push(this.day, this.arena.add(this.open.get(key)!.line(this.day)), false);
      this.items++;
    }
    this.open.clear();
    if (this.arena.crowded) {
      const pass = this.arena.compaction();
      for (const s of this.series.values()) s.collection.compact(pass);
      pass.done();
    }
  }
}

/** `arena`: when the line arena compacts (tests make it compact often). */
export function writeCompatHistory(
  db: Db,
  model: Model,
  writer: OutputWriter,
  arenaOptions?: ConstructorParameters<typeof LineArena>[0],
): { collections: number; items: number; compactions: number } {
  const arena = new LineArena(arenaOptions);
  const sql = `${PUBLISHED_ROWS_SQL} AND ${PLAUSIBLE_SQL} ORDER BY ${BY_FAMILY_OLDEST_FIRST}`;
  let collections = 0;
  let items = 0;
  let family: FamilySeries | null = null;
  let current: string | null = null;
  const done = () => {
    if (!family) return;
    collections += family.finish();
    items += family.items;
  };
  for (const raw of db.prepare(sql).iterate() as IterableIterator<Raw>) {
    const product = model.variants.get(raw.variant_slug)!.product;
    if (product !== current) {
      done();
      current = product;
      family = new FamilySeries(product, model, arena, writer);
    }
    family!.add(raw);
  }
  done();
  return { collections, items, compactions: arena.compactions };
}
