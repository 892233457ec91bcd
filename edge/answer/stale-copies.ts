/**
 * stale-if-error (RFC 5861) at the edge: the worker keeps a copy of each cacheable answer it sends
 * in the location's cache (the Workers Cache API) and, when the bucket fails while answering the
 * same request later the same Istanbul day, sends that copy instead of an error, saying so in
 * `x-stale-copy` (the moment the copy was taken). A copy from an earlier day is never sent: its
 * freshness would claim more than it has, and re-ageing it needs the bucket that just failed.
 *
 * A copy is the answer's bytes exactly as sent (a brotli twin stays brotli), stored as an opaque
 * body with its own headers in `x-copy`, so no cache or runtime re-codes it; it is kept per
 * content coding. A location writes each URL's copy once per ETag (the map below), not per request.
 */
import type { ContentCoding } from '../../core/encodings.ts';
export { STALE_COPY as STALE_COPY_HEADER } from '../../core/extra-headers.ts';
import type { Answer } from './context.ts';
import { locationCache } from '../runtime/location-cache.ts';

const COPY_HOST = 'https://stale-copy.hal-api.invalid';
/** How long a location keeps a copy; it is only ever sent on the day it was taken. */
const COPY_SECONDS = 86_400;
const REMEMBERED = 2_000;

type CopyMeta = {
  contentType: string;
  encoding: ContentCoding | null;
  etag: string;
  link: string | null;
  day: string;
  at: string;
};
export type StaleCopy = { body: ArrayBuffer; meta: CopyMeta };

/** The URLs whose copy this isolate wrote, with the ETag written (oldest first out). */
const written = new Map<string, string>();

const copyKey = (url: URL, coding: ContentCoding | null) =>
  `${COPY_HOST}/${coding ?? 'identity'}${url.pathname}${url.search}`;

/**
 * Keeps a copy of `answer` (sent in `coding`, null: identity) and returns the answer to send: a
 * streamed body is split in two, one half for the client. Does nothing where there is no cache.
 */
export function keepCopy(
  url: URL,
  answer: Answer,
  coding: ContentCoding | null,
  day: string,
  waitUntil: (work: Promise<unknown>) => void,
): Answer {
  const cache = locationCache();
  const key = copyKey(url, coding);
  if (!cache || answer.body === null || written.get(key) === answer.etag) return answer;
  let body = answer.body;
  let copy: BodyInit = body;
  if (body instanceof ReadableStream) [body, copy] = body.tee();
  const meta: CopyMeta = {
    contentType: answer.contentType,
    encoding: coding,
    etag: answer.etag,
    link: answer.link ?? null,
    day,
    at: new Date().toISOString(),
  };
  const headers = {
    'content-type': 'application/octet-stream',
    'cache-control': `max-age=${COPY_SECONDS}`,
    'x-copy': JSON.stringify(meta),
  };
  remember(key, answer.etag);
  waitUntil(cache.put(key, new Response(copy, { headers })).catch(() => written.delete(key)));
  return { ...answer, body };
}

function remember(key: string, etag: string): void {
  written.delete(key);
  written.set(key, etag);
  if (written.size > REMEMBERED) written.delete(written.keys().next().value!);
}

/** A copy of this request's answer taken today, in the first of `codings` that has one (then identity). */
export async function findCopy(url: URL, codings: readonly ContentCoding[], today: string): Promise<StaleCopy | null> {
  const cache = locationCache();
  if (!cache) return null;
  for (const coding of [...codings, null]) {
    const hit = await cache.match(copyKey(url, coding));
    if (!hit) continue;
    const meta = JSON.parse(hit.headers.get('x-copy') ?? 'null') as CopyMeta | null;
    if (meta && meta.day === today) return { body: await hit.arrayBuffer(), meta };
    await hit.body?.cancel();
  }
  return null;
}
