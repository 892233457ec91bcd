/**
 * Filter sets → collection keys, shared by the build (which precomputes every key) and the
 * edge (which maps a request's filters to one key). Dimensions in canonical order: product
 * (variant slug or product family slug), then market or city, then category. Filters implied
 * by another are dropped by the edge and checked against the collection's scope instead:
 * category when a product is given, city when a market is given.
 */
export type PriceFilters = { product?: string; market?: string; city?: string; category?: string };

export type RowDimensions = { variant: string; product: string; market: string; city: string; category: string };

export function priceCollectionKeys(r: RowDimensions): string[] {
  return [
    'all',
    `product/${r.variant}`,
    `product/${r.product}`,
    `market/${r.market}`,
    `city/${r.city}`,
    `category/${r.category}`,
    `product/${r.variant}/market/${r.market}`,
    `product/${r.product}/market/${r.market}`,
    `product/${r.variant}/city/${r.city}`,
    `product/${r.product}/city/${r.city}`,
    `market/${r.market}/category/${r.category}`,
    `city/${r.city}/category/${r.category}`,
  ];
}

/** The key a request reads, and the implied filters to check against that collection's scope. */
export function priceCollectionKey(f: PriceFilters): { key: string; checkCategory?: string; checkCity?: string } {
  const parts: string[] = [];
  if (f.product) parts.push('product', f.product);
  if (f.market) parts.push('market', f.market);
  else if (f.city) parts.push('city', f.city);
  if (f.category && !f.product) parts.push('category', f.category);
  return {
    key: parts.length ? parts.join('/') : 'all',
    ...(f.product && f.category ? { checkCategory: f.category } : {}),
    ...(f.market && f.city ? { checkCity: f.city } : {}),
  };
}

/**
 * `latestOnly` of the compatibility prefix: for every /prices collection, the collection of its
 * rows that are the newest of their variant × market, in the same order, so `range` windows it.
 */
export const latestCollectionKey = (key: string): string => `${LATEST_KEY_PREFIX}${key}`;
const LATEST_KEY_PREFIX = 'latest/';

/** A `latestOnly` collection: rebuilt whole by every build, so an incremental build reads nothing of it. */
export const isLatestCollectionKey = (key: string): boolean => key.startsWith(LATEST_KEY_PREFIX);

/**
 * History collections: per product (variant or product family) and per product × market, each
 * in three resolutions. A key is `{resolution}/{series}`.
 */
export const HISTORY_RESOLUTIONS = ['daily', 'weekly', 'monthly'] as const;
export type HistoryResolution = (typeof HISTORY_RESOLUTIONS)[number];

/** The series a request reads: a product, optionally in one market. */
export const historySeries = (product: string, market?: string): string =>
  market ? `product/${product}/market/${market}` : `product/${product}`;

/** The series a row of a variant of a product family in a market belongs to, each once. */
export function historySeriesOfRow(family: string, variant: string, market: string): string[] {
  const alone = [historySeries(family), historySeries(variant)];
  return [...new Set([...alone, historySeries(variant, market), historySeries(family, market)])];
}

export const historyCollectionKey = (resolution: HistoryResolution, series: string): string =>
  `${resolution}/${series}`;

/**
 * The compatibility prefix's history of a series: one item per data day, aggregated across the
 * series' markets and variants. Its key reads as a daily one: one item a day at most.
 */
export const compatHistoryKey = (series: string): string => historyCollectionKey('daily', `compat/${series}`);

/** The resolution of a history collection key. */
export const resolutionOfHistoryKey = (key: string): HistoryResolution =>
  key.slice(0, key.indexOf('/')) as HistoryResolution;

export const COLLECTION_KINDS = ['prices', 'products', 'history'] as const;
export type CollectionKind = (typeof COLLECTION_KINDS)[number];

export const collectionDirectoryPrefix = (kind: CollectionKind): string => `api/v1/_c/${kind}/`;

export function collectionDirectoryPath(kind: CollectionKind, key: string): string {
  return `${collectionDirectoryPrefix(kind)}${key}.json`;
}

/**
 * Every collection a build publishes, by kind (sorted keys): the worker reads it only when an
 * directory is missing, to tell a filter set that selects nothing (an answer with no rows) from a
 * published directory the bucket failed to give (an error, never a cached empty answer).
 */
export const COLLECTION_KEYS_PATH = 'api/v1/_meta/collections.json';
export type CollectionKeys = Record<CollectionKind, string[]>;

/** The collection keys of a build's object paths. */
export function collectionKeysOf(paths: Iterable<string>): CollectionKeys {
  const keys: CollectionKeys = { prices: [], products: [], history: [] };
  for (const path of paths) {
    for (const kind of COLLECTION_KINDS) {
      const prefix = collectionDirectoryPrefix(kind);
      if (path.startsWith(prefix) && path.endsWith('.json'))
        keys[kind].push(path.slice(prefix.length, -'.json'.length));
    }
  }
  for (const kind of COLLECTION_KINDS) keys[kind].sort();
  return keys;
}

/** A collection directory's partitions: content hashes (32 hex characters each) and cumulative rows. */
export type PartitionList = { partitions: string; partitionEnds: number[] };
export type PartitionRef = { path: string; start: number; rows: number };

/** Partitions are content-addressed, so builds share them (core/publication.ts `SHARED_PATHS`). */
export const PARTITIONS_PREFIX = 'api/v1/_p/';
export const partitionPath = (hash: string): string => `${PARTITIONS_PREFIX}${hash.slice(0, 2)}/${hash}.ndjson`;

/** Partition i of the list. */
export function partitionAt(list: PartitionList, i: number): PartitionRef {
  const start = i === 0 ? 0 : list.partitionEnds[i - 1]!;
  return {
    path: partitionPath(list.partitions.slice(i * 32, i * 32 + 32)),
    start,
    rows: list.partitionEnds[i]! - start,
  };
}

/** The partitions holding rows [from, to): found by binary search, never listing the others. */
export function partitionsBetween(list: PartitionList, from: number, to: number): PartitionRef[] {
  let lo = 0;
  let hi = list.partitionEnds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list.partitionEnds[mid]! > from) hi = mid;
    else lo = mid + 1;
  }
  const out: PartitionRef[] = [];
  for (let i = lo; i < list.partitionEnds.length; i++) {
    const p = partitionAt(list, i);
    if (p.start >= to) break;
    out.push(p);
  }
  return out;
}

/** Every partition (tests and tools; the edge reads only the ones it needs). */
export function allPartitions(list: PartitionList): PartitionRef[] {
  return list.partitionEnds.map((_, i) => partitionAt(list, i));
}
