/**
 * How the worker answers a read as the contract says: a preflight, an answer with its headers (304
 * on a matching ETag, HEAD without a body), and a stale copy when the bucket fails.
 */
import { TOKEN_HEADER } from '../../core/alert-routes.ts';
import { isCompressible, type ContentCoding } from '../../core/encodings.ts';
import { API_KEY_HEADER } from '../../core/keyed-access.ts';
import { cacheControl, type CacheValues } from '../../core/routes.ts';
import type { OriginUnavailable } from '../origin/object.ts';
import type { Answer } from './context.ts';
import { errorResponse, READ_METHODS } from './error-response.ts';
import { baseHeaders, etagMatches, setCountedHeaders, type Counted } from './headers.ts';
import { findCopy, STALE_COPY_HEADER } from './stale-copies.ts';

/**
 * A CORS preflight: the read methods, or an alert path's own (which may send a token and a JSON
 * body); a snapshot file also takes the range headers a Parquet reader sends.
 */
export function preflight(requestId: string, alertMethods: string | null, snapshotFile: boolean): Response {
  const headers = baseHeaders(requestId);
  headers.set('access-control-allow-methods', alertMethods ?? READ_METHODS);
  const extra = alertMethods ? `, ${TOKEN_HEADER}, content-type` : snapshotFile ? ', range, if-range' : '';
  headers.set('access-control-allow-headers', `x-request-id, if-none-match, ${API_KEY_HEADER}${extra}`);
  headers.set('access-control-max-age', '86400');
  return new Response(null, { status: 204, headers });
}

/** What one request is: its id, address, path, the client's codings, and its limiter's answer. */
export type Asked = {
  request: Request;
  url: URL;
  requestId: string;
  codings: ContentCoding[];
  counted: Counted;
};

/** The answer as the contract sends it: headers, 304 on a matching ETag, HEAD without a body. */
export function respond(
  asked: Asked,
  answer: Answer,
  cache: CacheValues,
  conditional: boolean,
  staleCopyAt?: string,
): Response {
  const { request, requestId, codings } = asked;
  const headers = baseHeaders(requestId);
  headers.set('etag', answer.etag);
  headers.set('cache-control', staleCopyAt ? 'no-store' : cacheControl(cache));
  if (staleCopyAt) headers.set(STALE_COPY_HEADER, staleCopyAt);
  // One ETag for every coding of an answer: it names the identity bytes, as the manifest does.
  const compressible = isCompressible(answer.contentType);
  if (compressible) headers.set('vary', 'accept-encoding');
  setCountedHeaders(headers, asked.counted);
  for (const [name, value] of Object.entries(answer.headers ?? {})) headers.set(name, value);
  const status = answer.status ?? 200;
  if (status === 200 && conditional && etagMatches(request.headers.get('if-none-match'), answer.etag)) {
    if (answer.body instanceof ReadableStream) void answer.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  headers.set('content-type', answer.contentType);
  // Stored bytes go in their own coding; anything else the runtime encodes on the way out.
  const coding = answer.encoding ?? (compressible ? codings[0] : undefined);
  if (coding) headers.set('content-encoding', coding);
  if (answer.link) headers.set('link', answer.link);
  const body = request.method === 'HEAD' ? null : answer.body;
  if (request.method === 'HEAD' && answer.body instanceof ReadableStream) void answer.body.cancel();
  // `manual`: the body is already in its content coding; the runtime would otherwise encode it again.
  return new Response(body, { status, headers, encodeBody: answer.encoding ? 'manual' : 'automatic' });
}

/** The bucket failed: today's copy of this answer where the location kept one (stale-if-error), else the error. */
export async function staleOrError(
  asked: Asked,
  error: OriginUnavailable,
  today: string,
  cache: CacheValues | null,
): Promise<Response> {
  const copy = cache ? await findCopy(asked.url, asked.codings, today) : null;
  console.error(`request ${asked.requestId}: ${error.message}${copy ? `; stale copy of ${copy.meta.at} sent` : ''}`);
  if (!copy)
    return errorResponse(
      'ORIGIN_UNAVAILABLE',
      asked.requestId,
      { reason: error.message.slice(0, 200) },
      { counted: asked.counted },
    );
  const { meta } = copy;
  const answer: Answer = {
    body: new Uint8Array(copy.body),
    etag: meta.etag,
    contentType: meta.contentType,
    ...(meta.encoding ? { encoding: meta.encoding } : {}),
    ...(meta.link ? { link: meta.link } : {}),
  };
  return respond(asked, answer, cache!, true, meta.at);
}
