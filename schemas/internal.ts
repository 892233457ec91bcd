/**
 * Objects the build publishes for the edge to assemble responses from (not responses
 * themselves): a paged collection's directory and the build record. Validated like the rest.
 */
import { z } from 'zod';
import { COLLECTION_KINDS } from '../core/collection-keys.ts';
import { Attribution, Day, Slug, Timestamp } from './common.ts';

/**
 * Cumulative row counts, each above the one before (every day and partition holds a row),
 * checked in one loop: a zod schema per element is slow over a directory of years of days, and the
 * build validates thousands of directories.
 */
const RowEnds = z.custom<number[]>(
  (v) => Array.isArray(v) && v.every((n, i) => Number.isInteger(n) && n > (i === 0 ? 0 : v[i - 1])),
  {
    message: 'expected cumulative row counts: integers from 1, each above the one before',
  },
);

export const CollectionDirectory = z.strictObject({
  kind: z.enum(COLLECTION_KINDS),
  key: z.string(),
  /** row order: newest first (time collections; the edge answers history oldest first by reading backwards), or a list's own order (products) */
  order: z.enum(['desc', 'asc']),
  /** for the edge's check of filters it drops as implied: a product's category, a market's city */
  scope: z.strictObject({ category: Slug.nullable(), city: Slug.nullable() }),
  total: z.int().min(0),
  /**
   * the data days in the collection's order, 10 characters each, one string (empty for
   * collections that are not in time): the edge parses it as one value and finds a date window
   * by binary search, where a list of [day, rows] pairs would be parsed element by element every
   * request
   */
  days: z.string().regex(/^(\d{4}-\d{2}-\d{2})*$/),
  /** rows up to and including each of those days (cumulative, so a window is two look-ups) */
  ends: RowEnds,
  /**
   * the partitions in order as their content hashes, 32 hex characters each (the object is
   * api/v1/_p/{first two}/{hash}.ndjson, core/collection-keys.ts), one string like `days`: the
   * densest collections have thousands of partitions, and a list of objects would cost the
   * edge its parse every request
   */
  partitions: z.string().regex(/^([0-9a-f]{32})*$/),
  /** rows up to and including each partition (cumulative) */
  partitionEnds: RowEnds,
  /**
   * the oldest day (of `days`) holding a row whose freshness can still age — `fresh` or
   * `delayed` on the build day; null when none can (list collections: always null, their
   * answers are re-aged whole). Served on a later day, the edge re-ages only the rows of this
   * day and newer, never a whole long answer.
   */
  agingFrom: Day.nullable(),
  attribution: Attribution,
});
export type CollectionDirectoryT = z.infer<typeof CollectionDirectory>;

/** Every collection the build publishes, by kind (core/collection-keys.ts COLLECTION_KEYS_PATH): sorted keys. */
const SortedKeys = z
  .array(z.string().min(1))
  .refine((keys) => keys.every((k, i) => i === 0 || keys[i - 1]! < k), 'keys sorted, each once');
export const CollectionKeysSchema = z.strictObject({ prices: SortedKeys, products: SortedKeys, history: SortedKeys });

export const BuildRecord = z.strictObject({
  buildId: z.string(),
  today: Day,
  builtAt: Timestamp,
  newestDataDay: Day.nullable(),
  synthetic: z.boolean(),
  attribution: Attribution,
  objects: z.int().min(0),
});

/** A source's publishing weekdays (ISO, Monday 1) and its data lag in days. */
const Calendar = z.strictObject({ days: z.array(z.int().min(1).max(7)).min(1), lag: z.int().min(0) });
/** What the edge re-ages freshness with (edge/answer/aging.ts), published as core/objects.ts CALENDARS_PATH. */
export const EdgeCalendarsSchema = z.strictObject({
  /** the build day */
  today: Day,
  /** for rows that do not name their source */
  fallback: Calendar,
  sources: z.record(z.string(), Calendar),
  /** full holidays around the build day */
  holidays: z.array(Day),
});
export type EdgeCalendarsT = z.infer<typeof EdgeCalendarsSchema>;

/** The market of each /prices/latest item that comes from one market: variant slug → market name (build/endpoints/latest-markets.ts). */
export const LatestMarkets = z.record(Slug, z.string().min(1));
