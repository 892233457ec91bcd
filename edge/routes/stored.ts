/** Routes whose whole response is one precomputed object (markets, openapi.json …). */
import type { Answer, RouteContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import type { ObjectStore } from '../store.ts';

export async function serveStored(store: ObjectStore, key: string): Promise<Answer | null> {
  const object = await store.get(key);
  return object ? { body: object.body, etag: object.etag, contentType: object.contentType } : null;
}

export function storedRoute(key: string) {
  return async (ctx: RouteContext): Promise<Answer> => {
    const answer = await serveStored(ctx.store, key);
    // A build always publishes these objects: their absence is a broken publication, not a 404.
    if (!answer) throw new Error(`${key} is missing from the published build`);
    return answer;
  };
}

export function notFound(): never {
  throw new ApiError(404, 'NOT_FOUND');
}
