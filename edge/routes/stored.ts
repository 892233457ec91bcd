/** Routes whose whole response is one precomputed object (markets, openapi.json …). */
import { BROTLI_TWIN, hasBrotliTwin } from '../../core/encodings.ts';
import { readCalendars } from '../aging.ts';
import type { Answer, RouteContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import type { StoredObject } from '../store.ts';

/**
 * The object at `key` as the answer. To a client that accepts a stored coding it goes as stored
 * (core/encodings.ts): the brotli twin, or the gzip bytes the bucket holds, never inflated here.
 * Served on a later day than the build, a JSON answer is re-aged (worker.ts ageAnswer), which
 * needs its text: then it goes as identity and the CDN compresses what it sends.
 */
export async function serveStored(ctx: RouteContext, key: string): Promise<Answer | null> {
  const codings = (await asStoredToday(ctx, key)) ? ctx.codings : [];
  if (codings[0] === 'br' && hasBrotliTwin(key)) {
    const twin = await ctx.store.get(key + BROTLI_TWIN);
    if (twin) return answerOf(twin, codings);
  }
  const object = await ctx.store.get(key);
  return object ? answerOf(object, codings) : null;
}

async function asStoredToday(ctx: RouteContext, key: string): Promise<boolean> {
  if (!key.endsWith('.json')) return true;
  const calendars = await readCalendars(ctx.store);
  return !calendars || ctx.today <= calendars.today;
}

function answerOf(object: StoredObject, codings: readonly string[]): Answer {
  const answer = { etag: object.etag, contentType: object.contentType, varies: true };
  if (object.encoding && codings.includes(object.encoding)) return { ...answer, body: object.raw(), encoding: object.encoding, aged: true };
  return { ...answer, body: object.body };
}

export function storedRoute(key: string) {
  return async (ctx: RouteContext): Promise<Answer> => {
    const answer = await serveStored(ctx, key);
    // A build always publishes these objects: their absence is a broken publication, not a 404.
    if (!answer) throw new Error(`${key} is missing from the published build`);
    return answer;
  };
}

export function notFound(): never {
  throw new ApiError(404, 'NOT_FOUND');
}
