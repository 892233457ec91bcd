/** Routes whose whole response is one precomputed object (markets, openapi.json …). */
import { BROTLI_TWIN, hasBrotliTwin, type ContentCoding } from '../../core/encodings.ts';
import { agingCalendars } from '../answer/aging.ts';
import type { Answer, RouteContext } from '../answer/context.ts';
import { missingFromBuild, type StoredObject } from '../origin/object.ts';

/**
 * The object at `key` as the answer. To a client that accepts a stored coding it goes as stored
 * (core/encodings.ts): the brotli twin, or the gzip bytes the bucket holds, never inflated here.
 * Served on a later day than the build, a JSON answer is re-aged (worker.ts ageAnswer), which
 * needs its text: then it goes as identity and the CDN compresses what it sends.
 */
export async function serveStored(ctx: RouteContext, key: string): Promise<Answer | null> {
  const codings = ctx.codings.length > 0 && (await asStored(ctx, key)) ? ctx.codings : [];
  if (codings[0] === 'br' && hasBrotliTwin(key)) {
    const twin = await ctx.origin.get(key + BROTLI_TWIN);
    if (twin) return answerOf(twin, codings);
  }
  const object = await ctx.origin.get(key);
  return object ? answerOf(object, codings) : null;
}

/** Only JSON ages (worker.ts ageAnswer): a page or script goes as stored on any day. */
async function asStored(ctx: RouteContext, key: string): Promise<boolean> {
  return !key.endsWith('.json') || (await agingCalendars(ctx.origin, ctx.today)) === null;
}

function answerOf(object: StoredObject, codings: readonly ContentCoding[]): Answer {
  const answer = { etag: object.etag, contentType: object.contentType };
  // `aged`: the bytes stay encoded, and nothing needs re-aging on the build day (asStored).
  if (object.encoding && codings.includes(object.encoding))
    return { ...answer, body: object.raw(), encoding: object.encoding, aged: true };
  return { ...answer, body: object.body };
}

export function storedRoute(key: string) {
  return async (ctx: RouteContext): Promise<Answer> => {
    const answer = await serveStored(ctx, key);
    // A build always publishes these objects: their absence is a broken publication, not a 404.
    if (!answer) missingFromBuild(key);
    return answer;
  };
}
