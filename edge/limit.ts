/**
 * Asking the limiter (edge/rate-limiter.ts) about one request. The limiter fails open: when its
 * Durable Object errs or does not answer in time (an overload, an outage), the request is served
 * uncounted and says so (`x-ratelimit-uncounted`), because the API is read-only and keyless, its
 * answers are cached copies of static files, and refusing every request of an address for as
 * long as the counter is down would take the API away from everyone it serves.
 */
import {
  LIMITER_LOCATION_HINT,
  LIMITER_TIMEOUT_MS,
  RATE_LIMIT,
  RATE_LIMIT_SHARDS,
  WIDGET_RATE_LIMIT,
} from '../core/routes.ts';
import type { RateLimitState } from './headers.ts';
import { shardName, shardOf } from './limiter-shard.ts';
import type { Verdict } from './rate-limiter.ts';
import { withTimeout } from './timeout.ts';

export { UNCOUNTED as UNCOUNTED_HEADER } from '../core/extra-headers.ts';

export type LimiterNamespace = {
  idFromName(name: string): unknown;
  get(
    id: never,
    options?: { locationHint?: never },
  ): { hit(nowMs: number, limit: number, windowSeconds: number, address: string): Promise<Verdict> };
};
export type Admission = { allowed: boolean; state: RateLimitState; uncounted: boolean };

/** Widget pages have their own counter and limit per IP (core/routes.ts WIDGET_RATE_LIMIT). */
export async function admit(
  limiter: LimiterNamespace,
  request: Request,
  widget: boolean,
  timeoutMs = LIMITER_TIMEOUT_MS,
): Promise<Admission> {
  const ip = request.headers.get('cf-connecting-ip') ?? 'unknown';
  const { requests, windowSeconds } = widget ? WIDGET_RATE_LIMIT : RATE_LIMIT;
  const counter = widget ? `widget:${ip}` : ip;
  try {
    const id = limiter.idFromName(shardName(shardOf(counter, RATE_LIMIT_SHARDS)));
    const stub = limiter.get(id as never, { locationHint: LIMITER_LOCATION_HINT as never });
    const verdict = await withTimeout(
      stub.hit(Date.now(), requests, windowSeconds, counter),
      timeoutMs,
      () => new Error(`no answer within ${timeoutMs} ms`),
    );
    return {
      allowed: verdict.allowed,
      state: { limit: verdict.limit, remaining: verdict.remaining, reset: verdict.reset },
      uncounted: false,
    };
  } catch (error) {
    console.error(
      `rate limiter unavailable, request served uncounted: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { allowed: true, state: { limit: requests, remaining: requests, reset: windowSeconds }, uncounted: true };
  }
}
