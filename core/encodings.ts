/**
 * Whole responses stored precompressed. Every text object is stored gzip-encoded in the bucket
 * (publish/), and the objects the worker can answer exactly as stored also get a brotli
 * twin `<path>.br` from the build (build/writer.ts): a client that accepts one of those codings
 * gets the stored bytes as they are, with `content-encoding` and `vary: accept-encoding`, and the
 * worker never inflates them (edge/routes/stored.ts). Build and edge read this one list, so the
 * edge asks for a twin only where the build wrote one.
 */
import { COMPAT_INDEX_BASKET_PATH, COMPAT_INDEX_LATEST_PATH } from './compat/objects.ts';
import {
  aliasesPath,
  BASKET_INDEX_OBJECTS,
  LATEST_PATH,
  latestGroupPath,
  MARKETS_PATH,
  NEWEST_WEEKLY_SUMMARY_PATH,
  OPENAPI_PATH,
  PAGES_PREFIX,
  SEARCH_INDEX_PATH,
  SOURCES_STATUS_PATH,
  weeklySummaryPath,
} from './objects.ts';

export type ContentCoding = 'br' | 'gzip';

export const BROTLI_TWIN = '.br';

/** A builder's paths as a pattern: `segment` (a regular expression) where the builder puts its argument. */
function pathPattern(build: (slot: string) => string, segment: string): RegExp {
  const SLOT = '\u0000';
  const [before, after] = build(SLOT)
    .split(SLOT)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return new RegExp(`^${before}${segment}${after}$`);
}

const SLUG = '[a-z0-9-]+';

/**
 * The paths a route may serve whole (edge/routes/*: serveStored). Collection directories, partitions,
 * evidence shards and `_meta` objects are read by the worker, never sent as they are; health and
 * trending are always rewritten by their routes (late build, `limit`).
 */
const WHOLE_PATHS: ReadonlySet<string> = new Set([
  MARKETS_PATH,
  OPENAPI_PATH,
  SEARCH_INDEX_PATH,
  SOURCES_STATUS_PATH,
  BASKET_INDEX_OBJECTS.latest,
  BASKET_INDEX_OBJECTS.basket,
  BASKET_INDEX_OBJECTS.history.nominal,
  BASKET_INDEX_OBJECTS.history.real,
  LATEST_PATH,
  NEWEST_WEEKLY_SUMMARY_PATH,
  COMPAT_INDEX_LATEST_PATH,
  COMPAT_INDEX_BASKET_PATH,
]);
const WHOLE_PATTERNS = [
  pathPattern(BASKET_INDEX_OBJECTS.series, SLUG),
  pathPattern((slug) => latestGroupPath('product', slug), SLUG),
  pathPattern((slug) => latestGroupPath('category', slug), SLUG),
  pathPattern(weeklySummaryPath, '\\d{4}-\\d{2}'),
  pathPattern(aliasesPath, SLUG),
  pathPattern((name) => `${PAGES_PREFIX}${name}`, '[a-z0-9/-]+\\.(html|css|js)'),
];

export function hasBrotliTwin(path: string): boolean {
  return WHOLE_PATHS.has(path) || WHOLE_PATTERNS.some((pattern) => pattern.test(path));
}

export const isBrotliTwin = (path: string): boolean => path.endsWith(BROTLI_TWIN);

/**
 * Content types whose answers go compressed to a client that accepts a coding (every text the
 * worker sends); their coding depends on Accept-Encoding, so they carry `vary: accept-encoding`.
 */
const COMPRESSIBLE = new Set([
  'application/json',
  'text/html',
  'text/css',
  'text/javascript',
  'text/csv',
  'image/svg+xml',
  'image/x-icon',
]);

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.has(contentType.split(';')[0]!.trim().toLowerCase());
}
