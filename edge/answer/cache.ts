/**
 * Whole answers kept at the edge. An answer is a function of the published build, the request's
 * path and query, the codings the client accepts and the serving day (answers are re-aged on a
 * later day), so under a key made of those it never changes: kept in the isolate's memory and in
 * the location's cache (Cache API), a repeated request costs neither a bucket read nor the
 * route's work. What is per request (its id, the limiter's headers, 304) the worker adds on top.
 * An answer the route assembled is kept in the client's best coding (edge/answer/coding.ts), so a
 * repeated request is sent as kept, never encoded again.
 */
import { isCompressible, type ContentCoding } from '../../core/encodings.ts';
import { encodeAnswer } from './coding.ts';
import type { Answer } from './context.ts';
import { locationCache } from '../runtime/location-cache.ts';
import { MemoryLru } from '../runtime/memory-lru.ts';
import type { WaitUntil } from '../origin/caching.ts';

type KeptAnswer = Omit<Answer, 'body' | 'aged'> & { body: Uint8Array };

const MEMORY_BYTES = 24 * 1024 * 1024;
const memory = new MemoryLru<KeptAnswer>(MEMORY_BYTES);

const CACHE_HOST = 'https://answers.hal-api.invalid/';
const CACHE_SECONDS = 86_400;
const META_HEADER = 'x-answer';

/** The key of an answer: `build` names the published build (its prefix), never a moving name. */
export function answerKey(build: string, today: string, codings: readonly ContentCoding[], url: URL): string {
  return `${CACHE_HOST}${build}${today}/${codings.join('+') || 'identity'}${url.pathname}${url.search}`;
}

export async function findAnswer(key: string): Promise<Answer | null> {
  const kept = memory.get(key);
  if (kept) return { ...kept };
  const hit = await locationCache()?.match(key);
  if (!hit) return null;
  const meta = JSON.parse(hit.headers.get(META_HEADER) ?? 'null') as Omit<KeptAnswer, 'body'> | null;
  if (!meta) return null;
  const found = { ...meta, body: new Uint8Array(await hit.arrayBuffer()) };
  memory.set(key, found, found.body.byteLength);
  return { ...found };
}

/**
 * Keeps a 200 answer and returns it with its body in memory (a streamed body is read once, here),
 * in `codings[0]` where the route left it in none: the key's codings, best first.
 */
export async function keepAnswer(
  key: string,
  answer: Answer,
  codings: readonly ContentCoding[],
  waitUntil: WaitUntil,
): Promise<Answer> {
  if ((answer.status ?? 200) !== 200 || answer.body === null) return answer;
  const { body, aged: _aged, ...meta } = answer;
  let bytes =
    typeof body === 'string'
      ? new TextEncoder().encode(body)
      : body instanceof Uint8Array
        ? body
        : new Uint8Array(await new Response(body).arrayBuffer());
  const coding = codings[0];
  if (!meta.encoding && coding && isCompressible(meta.contentType)) {
    bytes = encodeAnswer(bytes, coding);
    meta.encoding = coding;
  }
  memory.set(key, { ...meta, body: bytes }, bytes.byteLength);
  const cache = locationCache();
  if (cache) {
    const headers = {
      'content-type': 'application/octet-stream',
      'cache-control': `max-age=${CACHE_SECONDS}`,
      [META_HEADER]: JSON.stringify(meta),
    };
    waitUntil(cache.put(key, new Response(bytes, { headers })).catch(() => {}));
  }
  return { ...meta, body: bytes };
}

/** For benches and tests that measure a cold isolate. */
export function forgetAnswers(): void {
  memory.clear();
}
