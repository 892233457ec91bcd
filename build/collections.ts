/**
 * /prices collections: one per canonical filter set (see core/collection-keys.ts), published
 * as time partitions (NDJSON, one serialized row per line, newest first) plus a small index of
 * rows per data day. Partition paths are content hashes: a partition that did not change keeps
 * its object (old data stays immutable), and collections with the same rows (a city with one
 * market, a product with one variant) share their partitions.
 *
 * Granularity per collection, from its density: at least 1,000 rows a day → daily partitions;
 * at least 1,000 rows a month → monthly; up to 1,000 rows in all → one partition; otherwise
 * yearly. A partition holds at most MAX_PARTITION_ROWS rows (a national day has ~7,500): the
 * edge decodes whole partitions, and its CPU per request grows with their size.
 */
import type { Day } from '../core/dates.ts';
import { collectionIndexPath, priceCollectionKeys, type RowDimensions } from '../core/collection-keys.ts';
import { CollectionIndex, type CollectionIndexT } from '../schemas/internal.ts';
import type { Db } from './db.ts';
import { attributionOf, type Model } from './model.ts';
import { publishedRows } from './price-rows.ts';
import { NDJSON_TYPE, type OutputWriter } from './writer.ts';

type Granularity = 'day' | 'month' | 'year' | 'all';
const DAILY_FROM = 1000;
const MONTHLY_FROM = 1000;
const SINGLE_UP_TO = 1000;
/** ≥ the largest page (200), so a page spans at most two partitions */
const MAX_PARTITION_ROWS = 1000;

type Census = {
  total: number;
  months: Set<string>;
  /** data days (the time collections of history do not count them) */
  days?: Set<string>;
  categories: Set<string>;
  cities: Set<string>;
  sources: Set<string>;
  /** order-independent signature of the row set: collections with equal rows share partitions */
  sum: number;
  xor: number;
};

type Open = {
  granularity: Granularity;
  partKey: string | null;
  lines: string[];
  newest: Day | null;
  oldest: Day | null;
  start: number;
  days: [Day, number][];
  partitions: CollectionIndexT['partitions'];
};

export type CollectionsReport = { collections: number; partitions: number; rows: number; aliases: number };

function partitionKey(granularity: Granularity, day: Day): string {
  return granularity === 'day' ? day : granularity === 'month' ? day.slice(0, 7) : granularity === 'year' ? day.slice(0, 4) : 'all';
}

/**
 * A page must come from one or two partitions that the edge can scan quickly: dense collections
 * (a national day is ~7,500 rows) get one partition per day, others per month or year.
 */
function granularityOf(c: Census): Granularity {
  if (c.total <= SINGLE_UP_TO) return 'all';
  if (c.days && c.total / c.days.size >= DAILY_FROM) return 'day';
  return c.total / c.months.size >= MONTHLY_FROM ? 'month' : 'year';
}

/** Pass 1 counts each collection (cheap: no serialization), pass 2 streams rows into partitions. */
export function writePriceCollections(db: Db, model: Model, writer: OutputWriter): CollectionsReport {
  const census = new Map<string, Census>();
  for (const r of censusRows(db, model)) {
    for (const key of priceCollectionKeys(r)) {
      let c = census.get(key);
      if (!c) census.set(key, (c = { total: 0, months: new Set(), days: new Set(), categories: new Set(), cities: new Set(), sources: new Set(), sum: 0, xor: 0 }));
      c.total++;
      c.days!.add(r.day);
      c.sum = (c.sum + r.h1) % 2 ** 48;
      c.xor = (c.xor ^ r.h2) >>> 0;
      c.months.add(r.day.slice(0, 7));
      c.categories.add(r.category);
      c.cities.add(r.city);
      c.sources.add(r.source);
    }
  }
  const open = new Map<string, Open>();
  const canonical = new Map<string, string>();
  const aliasOf = new Map<string, string>();
  for (const [key, c] of [...census].sort(([a], [b]) => a.length - b.length || (a < b ? -1 : 1))) {
    const granularity = granularityOf(c);
    const signature = `${granularity}:${c.total}:${c.sum}:${c.xor}`;
    const first = canonical.get(signature);
    if (first) aliasOf.set(key, first);
    else {
      canonical.set(signature, key);
      open.set(key, { granularity, partKey: null, lines: [], newest: null, oldest: null, start: 0, days: [], partitions: [] });
    }
  }
  const flush = (o: Open) => {
    if (o.lines.length === 0) return;
    const path = writer.writeContentAddressed('api/v1/_p', o.lines.join('\n') + '\n', 'ndjson', NDJSON_TYPE);
    o.partitions.push({ path, start: o.start, rows: o.lines.length, newest: o.newest, oldest: o.oldest });
    o.start += o.lines.length;
    o.lines = [];
  };
  let count = 0;
  for (const r of publishedRows(db, model)) {
    count++;
    for (const key of priceCollectionKeys(r)) {
      const o = open.get(key);
      if (!o) continue; // an alias: its rows are the canonical collection's
      const pk = partitionKey(o.granularity, r.day);
      if (pk !== o.partKey || o.lines.length === MAX_PARTITION_ROWS) {
        flush(o);
        o.partKey = pk;
        o.newest = r.day;
      }
      o.lines.push(r.json);
      o.oldest = r.day;
      const last = o.days[o.days.length - 1];
      if (last && last[0] === r.day) last[1]++;
      else o.days.push([r.day, 1]);
    }
  }
  if (!open.has('all')) open.set('all', { granularity: 'all', partKey: null, lines: [], newest: null, oldest: null, start: 0, days: [], partitions: [] });
  let partitions = 0;
  for (const o of open.values()) {
    flush(o);
    partitions += o.partitions.length;
  }
  for (const [alias, key] of aliasOf) open.set(alias, open.get(key)!);
  for (const [key, o] of [...open].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const c = census.get(key);
    const index: CollectionIndexT = {
      kind: 'prices',
      key,
      order: 'desc',
      scope: {
        category: c && c.categories.size === 1 ? [...c.categories][0]! : null,
        city: c && c.cities.size === 1 ? [...c.cities][0]! : null,
      },
      total: o.start,
      days: o.days,
      partitions: o.partitions,
      attribution: attributionOf(model, c?.sources ?? []),
    };
    writer.writeJson(collectionIndexPath('prices', key), CollectionIndex.parse(index));
  }
  return { collections: open.size, partitions, rows: count, aliases: aliasOf.size };
}

type CensusRow = RowDimensions & { day: Day; source: string; h1: number; h2: number };

/** Two independent 32-bit mixes of a row number (murmur3 finaliser with different seeds). */
function mix(n: number, seed: number): number {
  let h = Math.imul(n ^ seed, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The dimensions of every published row, without building the rows (the census pass). */
function* censusRows(db: Db, model: Model): Generator<CensusRow> {
  const sql = `SELECT o.rowid AS n, o.data_day AS day, o.source_key AS source, o.market_slug AS market, n.variant_slug AS variant
               FROM observations o JOIN source_names n ON n.id = o.source_name_id WHERE n.variant_slug IS NOT NULL`;
  for (const r of db.prepare(sql).iterate() as IterableIterator<{ n: number; day: Day; source: string; market: string; variant: string }>) {
    const v = model.variants.get(r.variant)!;
    const h1 = mix(r.n, 0x9e3779b9) * 65536 + (mix(r.n, 0x7f4a7c15) & 0xffff);
    yield { ...r, product: v.product, category: v.category, city: model.markets.get(r.market)!.provinceSlug, h1, h2: mix(r.n, 0x2545f491) };
  }
}

/** A collection that is not in time (/products): one partition, no day index. */
export function writeListCollection(writer: OutputWriter, kind: 'products', key: string, lines: string[], scope: CollectionIndexT['scope'], attribution: string): void {
  const partitions: CollectionIndexT['partitions'] = lines.length
    ? [{ path: writer.writeContentAddressed('api/v1/_p', lines.join('\n') + '\n', 'ndjson', NDJSON_TYPE), start: 0, rows: lines.length, newest: null, oldest: null }]
    : [];
  const index: CollectionIndexT = { kind, key, order: 'asc', scope, total: lines.length, days: [], partitions, attribution };
  writer.writeJson(collectionIndexPath(kind, key), CollectionIndex.parse(index));
}

/**
 * A small time collection held in memory (one product's history): rows already in the
 * collection's order, partitioned by the same density rule as /prices.
 */
export function writeTimeCollection(
  writer: OutputWriter,
  kind: 'history',
  key: string,
  rows: { day: Day; line: string }[],
  order: 'asc' | 'desc',
  scope: CollectionIndexT['scope'],
  attribution: string,
): void {
  const months = new Set(rows.map((r) => r.day.slice(0, 7)));
  const granularity = granularityOf({ total: rows.length, months } as Census);
  const days: [Day, number][] = [];
  const partitions: CollectionIndexT['partitions'] = [];
  let lines: string[] = [];
  let partKey: string | null = null;
  let first: Day | null = null;
  let last: Day | null = null;
  let start = 0;
  const flush = () => {
    if (!lines.length) return;
    const path = writer.writeContentAddressed('api/v1/_p', lines.join('\n') + '\n', 'ndjson', NDJSON_TYPE);
    const [newest, oldest] = order === 'desc' ? [first, last] : [last, first];
    partitions.push({ path, start, rows: lines.length, newest, oldest });
    start += lines.length;
    lines = [];
  };
  for (const r of rows) {
    const pk = partitionKey(granularity, r.day);
    if (pk !== partKey || lines.length === MAX_PARTITION_ROWS) {
      flush();
      partKey = pk;
      first = r.day;
    }
    lines.push(r.line);
    last = r.day;
    const d = days[days.length - 1];
    if (d && d[0] === r.day) d[1]++;
    else days.push([r.day, 1]);
  }
  flush();
  const index: CollectionIndexT = { kind, key, order, scope, total: rows.length, days, partitions, attribution };
  writer.writeJson(collectionIndexPath(kind, key), CollectionIndex.parse(index));
}
