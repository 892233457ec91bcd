/**
 * Whole responses stored precompressed. Every text object is stored gzip-encoded in the bucket
 * (publish/), and the objects the worker can answer exactly as stored also get a brotli
 * twin `<path>.br` from the build (build/writer.ts): a client that accepts one of those codings
 * gets the stored bytes as they are, with `content-encoding` and `vary: accept-encoding`, and the
 * worker never inflates them (edge/routes/stored.ts). Build and edge read this one list, so the
 * edge asks for a twin only where the build wrote one.
 */
export type ContentCoding = 'br' | 'gzip';

export const BROTLI_TWIN = '.br';

/**
 * The paths a route may serve whole (edge/routes/*: serveStored). Collection indexes, partitions,
 * evidence shards and `_meta` objects are read by the worker, never sent as they are; health and
 * trending are always rewritten by their routes (late build, `limit`).
 */
const WHOLE = [
  /^api\/v1\/(markets|openapi|search-index)\.json$/,
  /^api\/v1\/sources\/status\.json$/,
  /^api\/v1\/index\/(latest|basket|history|history-real)\.json$/,
  /^api\/v1\/index\/series\/[a-z0-9-]+\.json$/,
  /^api\/v1\/prices\/latest(\/(product|category)\/[a-z0-9-]+)?\.json$/,
  /^api\/v1\/prices\/weekly-summary(\/\d{4}-\d{2})?\.json$/,
  /^api\/v1\/products\/[a-z0-9-]+\/aliases\.json$/,
  /^pages\/[a-z0-9/-]+\.(html|css|js)$/,
];

export function hasBrotliTwin(path: string): boolean {
  return WHOLE.some((pattern) => pattern.test(path));
}

export const isBrotliTwin = (path: string): boolean => path.endsWith(BROTLI_TWIN);

/**
 * Content types whose answers go compressed to a client that accepts a coding (every text the
 * worker sends); their coding depends on Accept-Encoding, so they carry `vary: accept-encoding`.
 */
const COMPRESSIBLE = new Set(['application/json', 'text/html', 'text/css', 'text/javascript', 'text/csv', 'image/svg+xml', 'image/x-icon']);

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.has(contentType.split(';')[0]!.trim().toLowerCase());
}
