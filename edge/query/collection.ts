/**
 * Reading a precomputed collection: its directory (rows per day, partitions) and the rows of one
 * page, read from the one or two partitions that hold them. Rows are NDJSON lines that were
 * serialized at build time; the edge slices and joins them, it never parses them.
 */
import { addDays, type Day } from '../../core/dates.ts';
import {
  COLLECTION_KEYS_PATH,
  collectionDirectoryPath,
  latestCollectionKey,
  partitionsBetween,
  priceCollectionKey,
  type PriceFilters,
  type CollectionKeys,
  type CollectionKind,
} from '../../core/collection-keys.ts';
import type { CollectionDirectoryT as CollectionDirectory } from '../../schemas/internal.ts';
import { ager, agingCalendars } from '../answer/aging.ts';
import { missingFromBuild, type Origin } from '../origin/object.ts';

export type { CollectionDirectory };

/**
 * Parsed directories the isolate keeps between requests, by path and ETag (another build's directory
 * has another ETag), least recently used first out, bounded by their JSON size. Decoding and
 * parsing a large directory and collecting the garbage would be most of a dense query's CPU; a
 * cached directory costs its read (I/O, not CPU) and a string comparison. Routes never modify a
 * directory.
 */
const DIRECTORY_CACHE_BYTES = 16 * 2 ** 20;
const parsedDirectories = new Map<string, { etag: string; directory: CollectionDirectory; size: number }>();
let parsedBytes = 0;
/** The build's collection keys (read only when a directory is missing), by their ETag. */
let publishedKeys: { etag: string; keys: Record<CollectionKind, Set<string>> } | null = null;

export function forgetDirectories(): void {
  parsedDirectories.clear();
  parsedBytes = 0;
  publishedKeys = null;
}

/**
 * A collection's directory; null when the build published no such collection (a filter set that
 * selects nothing). A published one the bucket does not give is the origin failing, never null.
 */
export async function readDirectory(
  origin: Origin,
  kind: CollectionDirectory['kind'],
  key: string,
): Promise<CollectionDirectory | null> {
  const path = collectionDirectoryPath(kind, key);
  const object = await origin.get(path);
  if (!object) {
    if (await isPublished(origin, kind, key)) missingFromBuild(path);
    return null;
  }
  const hit = parsedDirectories.get(path);
  if (hit && object.etag !== '' && hit.etag === object.etag) {
    await object.discard();
    parsedDirectories.delete(path);
    parsedDirectories.set(path, hit);
    return hit.directory;
  }
  const text = await object.text();
  const directory = JSON.parse(text) as CollectionDirectory;
  if (object.etag !== '' && text.length <= DIRECTORY_CACHE_BYTES) {
    if (hit) {
      parsedDirectories.delete(path);
      parsedBytes -= hit.size;
    }
    parsedDirectories.set(path, { etag: object.etag, directory, size: text.length });
    parsedBytes += text.length;
    for (const [oldest, entry] of parsedDirectories) {
      if (parsedBytes <= DIRECTORY_CACHE_BYTES) break;
      parsedDirectories.delete(oldest);
      parsedBytes -= entry.size;
    }
  }
  return directory;
}

/** Whether the build published collection `key` (core/collection-keys.ts COLLECTION_KEYS_PATH; read only when a directory is missing). */
async function isPublished(origin: Origin, kind: CollectionKind, key: string): Promise<boolean> {
  const object = await origin.get(COLLECTION_KEYS_PATH);
  if (!object) missingFromBuild(COLLECTION_KEYS_PATH);
  if (publishedKeys?.etag !== object.etag || object.etag === '') {
    const lists = JSON.parse(await object.text()) as CollectionKeys;
    publishedKeys = {
      etag: object.etag,
      keys: { prices: new Set(lists.prices), products: new Set(lists.products), history: new Set(lists.history) },
    };
  } else await object.discard();
  return publishedKeys.keys[kind].has(key);
}

/** Rows [offset, offset + total) of the collection that fall in the day window [from, to]. */
export function window(
  directory: CollectionDirectory,
  from: Day | null,
  to: Day | null,
): { offset: number; total: number } {
  if (from === null && to === null) return { offset: 0, total: directory.total };
  const n = directory.ends.length;
  // Days before the window, then days inside it, then days after: two binary searches.
  const beforeWindow =
    directory.order === 'desc' ? (day: Day) => to !== null && day > to : (day: Day) => from !== null && day < from;
  const notAfter =
    directory.order === 'desc' ? (day: Day) => from === null || day >= from : (day: Day) => to === null || day <= to;
  const first = firstWhere(n, (i) => !beforeWindow(dayAt(directory, i)));
  const end = firstWhere(n, (i) => i >= first && !notAfter(dayAt(directory, i)));
  const rowsBefore = (i: number) => (i === 0 ? 0 : directory.ends[i - 1]!);
  return { offset: rowsBefore(first), total: rowsBefore(end) - rowsBefore(first) };
}

const dayAt = (directory: CollectionDirectory, i: number): Day => directory.days.slice(i * 10, i * 10 + 10);

/** The data day of row `row` of the collection. */
export function dayOfRow(directory: CollectionDirectory, row: number): Day {
  return dayAt(
    directory,
    firstWhere(directory.ends.length, (i) => directory.ends[i]! > row),
  );
}

/** The newest data day of a collection's rows, null when it has none. */
export function newestDay(directory: CollectionDirectory): Day | null {
  const n = directory.ends.length;
  if (n === 0) return null;
  return dayAt(directory, directory.order === 'desc' ? 0 : n - 1);
}

/** The first i in [0, n) where `holds` turns true (it stays true after), else n. */
function firstWhere(n: number, holds: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (holds(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function rangeWindow(today: Day, days: number): { from: Day; to: Day } {
  return { from: addDays(today, 1 - days), to: today };
}

/**
 * The /prices collection the filters name (with `latest`, its twin of the newest row per variant ×
 * market); null when the build published none, or when a filter implied by another (a product's
 * category, a market's city) disagrees with the collection's scope.
 */
export async function readPriceCollection(
  origin: Origin,
  filters: PriceFilters,
  latest = false,
): Promise<CollectionDirectory | null> {
  const { key, checkCategory, checkCity } = priceCollectionKey(filters);
  const directory = await readDirectory(origin, 'prices', latest ? latestCollectionKey(key) : key);
  if (!directory) return null;
  if (checkCategory && directory.scope.category !== checkCategory) return null;
  if (checkCity && directory.scope.city !== checkCity) return null;
  return directory;
}

/**
 * The `count` lines starting at line `first` of NDJSON bytes, as views (no copy, no decoding):
 * a partition is up to 1,000 rows, and decoding it whole to a string would cost milliseconds a request.
 */
export function sliceLines(bytes: Uint8Array, first: number, count: number): Uint8Array[] {
  let at = 0;
  for (let i = 0; i < first; i++) {
    at = bytes.indexOf(NEWLINE, at) + 1;
    if (at === 0) return [];
  }
  const lines: Uint8Array[] = [];
  while (lines.length < count && at < bytes.length) {
    const end = bytes.indexOf(NEWLINE, at);
    lines.push(bytes.subarray(at, end === -1 ? bytes.length : end));
    at = end === -1 ? bytes.length : end + 1;
  }
  return lines;
}

const NEWLINE = 0x0a;
const COMMA = 0x2c;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Serialized rows [from, to) of the whole collection, read from the partitions that hold them. */
export async function readRows(
  origin: Origin,
  directory: CollectionDirectory,
  from: number,
  to: number,
): Promise<Uint8Array[]> {
  const wanted = partitionsBetween(directory, from, to);
  const parts = await Promise.all(
    wanted.map(async (p) => {
      const object = await origin.get(p.path);
      if (!object) throw new Error(`partition ${p.path} of ${directory.key} is missing`);
      // Only up to the last line wanted: the rest of the partition is never inflated.
      return { p, bytes: await object.lines(Math.min(to, p.start + p.rows) - p.start) };
    }),
  );
  return parts.flatMap(({ p, bytes }) => {
    const first = Math.max(from, p.start) - p.start;
    const last = Math.min(to, p.start + p.rows) - p.start;
    return sliceLines(bytes, first, last - first);
  });
}

/** `{head}{row},{row}…{tail}` as bytes: the rows are copied once, never decoded. */
export function itemsBody(head: string, rows: readonly Uint8Array[], tail: string): Uint8Array {
  const start = encoder.encode(head);
  const end = encoder.encode(tail);
  let size = start.length + end.length + Math.max(0, rows.length - 1);
  for (const r of rows) size += r.length;
  const out = new Uint8Array(size);
  out.set(start, 0);
  let at = start.length;
  rows.forEach((r, i) => {
    if (i) out[at++] = COMMA;
    out.set(r, at);
    at += r.length;
  });
  out.set(end, at);
  return out;
}

/**
 * Served on a later day than the build (edge/answer/aging.ts): re-ages the rows of a page that can
 * still age — those of the directory's `agingFrom` day and newer — each row alone, so the answer is
 * never parsed whole (a long history's answer would be, every request).
 * `first` is the position of rows[0] in the collection.
 */
export async function ageRows(
  origin: Origin,
  directory: CollectionDirectory,
  rows: Uint8Array[],
  first: number,
  today: Day,
): Promise<Uint8Array[]> {
  if (directory.agingFrom === null || rows.length === 0) return rows;
  const calendars = await agingCalendars(origin, today);
  if (!calendars) return rows;
  const ageable = window(directory, directory.agingFrom, null);
  const from = Math.max(first, ageable.offset);
  const to = Math.min(first + rows.length, ageable.offset + ageable.total);
  if (from >= to) return rows;
  const age = ager(calendars, today);
  const aged = rows.slice();
  for (let p = from; p < to; p++) {
    const value = JSON.parse(decoder.decode(aged[p - first])) as unknown;
    if (age(value)) aged[p - first] = encoder.encode(JSON.stringify(value));
  }
  return aged;
}

/** Rows [from, to) of a JSON answer: read, and re-aged when served after the build day. */
export async function readAgedRows(
  origin: Origin,
  directory: CollectionDirectory,
  from: number,
  to: number,
  today: Day,
): Promise<Uint8Array[]> {
  return ageRows(origin, directory, await readRows(origin, directory, from, to), from, today);
}
