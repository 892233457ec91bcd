/**
 * Snapshot files (docs/snapshots.md) served from the bucket at the path they have there, with
 * HTTP range requests, so a Parquet reader (DuckDB, Polars, arrow, hyparquet) queries a file in
 * place and fetches only the row groups its filter needs. The same URL path answers the same
 * through the worker as through the bucket's public URL. Every key under a snapshot's prefix is
 * named by its content: its ETag is strong and its cache immutable.
 */
import { ApiError } from '../answer/errors.ts';
import { baseHeaders, etagMatches, setCountedHeaders, type Counted } from '../answer/headers.ts';
import type { ByteSpan, RangeOrigin } from '../origin/object.ts';

/** As the bucket stores snapshot files (publish/layout.ts CACHE.immutable): the prefix names the content. */
export const SNAPSHOT_FILE_CACHE = 'public, max-age=31536000, immutable';

/** What a browser reader must see of a ranged answer besides the API's headers (Content-Length is always visible). */
const RANGE_HEADERS = 'accept-ranges, content-range';

/**
 * `/snapshots/<day>/<hash>/<path>` → the bucket key `snapshots/<day>/<hash>/<path>`; null for any
 * other path. Segments are plain file names (no dot first), so no path reaches outside a snapshot;
 * a folder may be a hive partition (`year=2025`), as the Parquet observations are.
 */
const SNAPSHOT_FILE = /^\/(snapshots\/\d{4}-\d{2}-\d{2}\/[0-9a-f]{8,64}\/(?:[\w-][\w.=-]*\/)*[\w-][\w.-]*)$/;

export function snapshotFileKey(path: string): string | null {
  return SNAPSHOT_FILE.exec(path)?.[1] ?? null;
}

/** What a Range header asks of an object of `size` bytes: all of it, one span, or nothing it has. */
export type Wanted = { span: ByteSpan | null } | 'unsatisfiable';

/**
 * One byte range (RFC 9110 §14): `a-b`, `a-`, `-n`. A header that is not a valid `bytes` range is
 * ignored (the whole object, as the RFC allows); so is a request for several ranges, as S3 and the
 * bucket's public URL do: every client can take the whole, and Parquet readers ask one range at a time.
 */
export function wantedOf(range: string | null, size: number): Wanted {
  const whole = { span: null };
  const specs = range ? /^\s*bytes\s*=(.*)$/i.exec(range)?.[1]?.split(',') : undefined;
  if (specs?.length !== 1) return whole;
  const spec = specs[0]!.trim();
  const suffix = /^-(\d+)$/.exec(spec);
  if (suffix) {
    const length = Math.min(Number(suffix[1]), size);
    return length === 0 ? 'unsatisfiable' : { span: { offset: size - length, length } };
  }
  const bounded = /^(\d+)-(\d*)$/.exec(spec);
  if (!bounded) return whole;
  const first = Number(bounded[1]);
  const last = bounded[2] === '' ? Infinity : Number(bounded[2]);
  if (last < first) return whole;
  if (first >= size) return 'unsatisfiable';
  return { span: { offset: first, length: Math.min(last, size - 1) - first + 1 } };
}

/** If-Range names the representation a partial answer may come from: ours, compared strongly, or the Range is ignored. */
export function rangeApplies(ifRange: string | null, etag: string): boolean {
  if (ifRange === null) return true;
  const tag = ifRange.trim();
  return etag !== '' && !tag.startsWith('W/') && tag === etag;
}

/**
 * The file at `key`: 200 (whole), 206 (one span, Content-Range), 416 (Content-Range `bytes *\/size`,
 * no body: a client reads the status and the size, and the API's error body is for its JSON
 * answers), 304 on a matching If-None-Match. HEAD answers as a GET without a Range would.
 */
export async function answerSnapshotFile(
  request: Request,
  key: string,
  origin: RangeOrigin,
  asked: { requestId: string; counted: Counted },
): Promise<Response> {
  const head = await origin.head(key);
  if (!head) throw new ApiError(404, 'NOT_FOUND', { path: `/${key}`.slice(0, 200) });
  const headers = baseHeaders(asked.requestId);
  headers.set('access-control-expose-headers', `${headers.get('access-control-expose-headers')}, ${RANGE_HEADERS}`);
  setCountedHeaders(headers, asked.counted);
  if (head.etag) headers.set('etag', head.etag);
  headers.set('cache-control', SNAPSHOT_FILE_CACHE);
  headers.set('accept-ranges', 'bytes');
  if (etagMatches(request.headers.get('if-none-match'), head.etag)) return new Response(null, { status: 304, headers });
  headers.set('content-type', head.contentType);
  const ranged = request.method === 'GET' && rangeApplies(request.headers.get('if-range'), head.etag);
  const wanted = ranged ? wantedOf(request.headers.get('range'), head.size) : { span: null };
  if (wanted === 'unsatisfiable') {
    headers.set('content-range', `bytes */${head.size}`);
    headers.set('content-length', '0');
    return new Response(null, { status: 416, headers });
  }
  const { span } = wanted;
  if (span) headers.set('content-range', `bytes ${span.offset}-${span.offset + span.length - 1}/${head.size}`);
  headers.set('content-length', String(span ? span.length : head.size));
  const body = request.method === 'HEAD' ? null : await origin.read(key, span);
  return new Response(body, { status: span ? 206 : 200, headers });
}
