/**
 * /prices collections: one per canonical filter set (see core/collection-keys.ts), published
 * as time partitions (NDJSON, one serialized row per line, newest first) plus a small index of
 * rows per data day. Partition paths are content hashes: a partition that did not change keeps
 * its object (old data stays immutable), and collections with the same rows (a city with one
 * market, a product with one variant) share their partitions.
 *
 * Granularity per collection, from its density (build/time-collection.ts): at least 1,000 rows
 * a day → daily partitions; at least 1,000 rows a month → monthly; up to 1,000 rows in all →
 * one partition; otherwise yearly. A partition holds at most 1,000 rows (a national day has
 * ~7,500): the edge decodes whole partitions, and its CPU per request grows with their size.
 */
import { dayToEpochDays, type Day } from '../core/dates.ts';
import { collectionIndexPath, priceCollectionKeys, type RowDimensions } from '../core/collection-keys.ts';
import { CollectionIndex, type CollectionIndexT } from '../schemas/internal.ts';
import type { Db } from './db.ts';
import { LineArena } from './line-arena.ts';
import { attributionOf, type Model } from './model.ts';
import { publishedRows } from './price-rows.ts';
import { granularityOf, isAgeable, TimeCollection } from './time-collection.ts';
import type { OutputWriter } from './writer.ts';

type Census = {
  total: number;
  /** one bit per calendar day of the store's span: the data days (a Set of day strings per collection grew with the years) */
  days: Uint8Array;
  categories: Set<string>;
  cities: Set<string>;
  sources: Set<string>;
  /** order-independent signature of the row set: collections with equal rows share partitions */
  sum: number;
  xor: number;
};

export type CollectionsReport = { collections: number; partitions: number; rows: number; aliases: number };

/** Pass 1 counts each collection (cheap: no serialization), pass 2 streams rows into partitions. */
export function writePriceCollections(db: Db, model: Model, writer: OutputWriter): CollectionsReport {
  const span = db.prepare('SELECT min(data_day) AS first, max(data_day) AS last FROM observations').get() as { first: Day | null; last: Day | null };
  const first = span.first === null ? 0 : dayToEpochDays(span.first);
  const spanDays = span.last === null ? 1 : dayToEpochDays(span.last) - first + 1;
  const census = new Map<string, Census>();
  for (const r of censusRows(db, model)) {
    const d = dayToEpochDays(r.day) - first;
    for (const key of priceCollectionKeys(r)) {
      let c = census.get(key);
      if (!c) census.set(key, (c = { total: 0, days: new Uint8Array((spanDays + 7) >> 3), categories: new Set(), cities: new Set(), sources: new Set(), sum: 0, xor: 0 }));
      c.total++;
      c.days[d >> 3]! |= 1 << (d & 7);
      c.sum = (c.sum + r.h1) % 2 ** 48;
      c.xor = (c.xor ^ r.h2) >>> 0;
      c.categories.add(r.category);
      c.cities.add(r.city);
      c.sources.add(r.source);
    }
  }
  const monthOf = monthIndexer(first, spanDays);
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
      open.set(key, new TimeCollection(granularity, 'desc', arena, writer));
    }
  }
  if (!open.has('all')) open.set('all', new TimeCollection('all', 'desc', arena, writer));
  let count = 0;
  for (const r of publishedRows(db, model)) {
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
  for (const key of [...open.keys(), ...aliasOf.keys()].sort()) {
    const collection = open.get(key) ?? open.get(aliasOf.get(key)!)!;
    const c = census.get(key);
    const written = collection.finish({
      kind: 'prices',
      key,
      scope: {
        category: c && c.categories.size === 1 ? [...c.categories][0]! : null,
        city: c && c.cities.size === 1 ? [...c.cities][0]! : null,
      },
      attribution: attributionOf(model, c?.sources ?? []),
    });
    if (!aliasOf.has(key)) partitions += written.partitions;
  }
  return { collections: open.size + aliasOf.size, partitions, rows: count, aliases: aliasOf.size };
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
  const hash = lines.length ? writer.writePartition(lines.join('\n') + '\n') : null;
  const index: CollectionIndexT = {
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
  writer.writeJson(collectionIndexPath(kind, key), CollectionIndex.parse(index));
}
