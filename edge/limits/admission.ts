/**
 * Admitting one request: without an X-API-Key, the keyless limiter counts it per address; with one,
 * the key's own quota does (edge/keys/), and nothing else (docs/keyed-access.md).
 *
 * Asking the limiter (edge/limits/rate-limiter.ts) about one request. The limiter fails open: when its
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
  SNAPSHOT_RATE_LIMIT,
} from '../../core/routes.ts';
import {
  API_KEY_HEADER,
  BURST_WINDOW_SECONDS,
  isWellFormedKey,
  KEY_CHECK_RETRY_SECONDS,
  KEY_CHECK_TIMEOUT_MS,
  keyHashOf,
  keyInQuery,
  secondsToIstanbulMidnight,
} from '../../core/keyed-access.ts';
import type { ErrorCode } from '../answer/errors.ts';
import type { Counted, RateLimitState } from '../answer/headers.ts';
import { findKey, type KeyRecord, type KeysDatabase } from '../keys/key-lookup.ts';
import type { PlanLimits, QuotaVerdict } from '../keys/quota-window.ts';
import { shardName, shardOf } from './limiter-shard.ts';
import type { Verdict } from './rate-limiter.ts';
import { withTimeout } from '../runtime/timeout.ts';

type LimiterNamespace = {
  idFromName(name: string): unknown;
  get(
    id: never,
    options?: { locationHint?: never },
  ): { hit(nowMs: number, limit: number, windowSeconds: number, address: string): Promise<Verdict> };
};
type Admission = { allowed: boolean; state: RateLimitState; uncounted: boolean };

/** What a request is counted as: the API, a widget page, a snapshot file; each has its own counter per IP. */
export type CountedAs = 'api' | 'widget' | 'snapshot';
const LIMITS = { api: RATE_LIMIT, widget: WIDGET_RATE_LIMIT, snapshot: SNAPSHOT_RATE_LIMIT } as const;

/**
 * Widget pages and snapshot files have their own counters and limits per IP (core/routes.ts).
 * @public the limiter's bench (scripts/bench/limiter.ts) admits through it alone.
 */
export async function admit(
  limiter: LimiterNamespace,
  request: Request,
  countedAs: CountedAs,
  timeoutMs = LIMITER_TIMEOUT_MS,
): Promise<Admission> {
  const ip = request.headers.get('cf-connecting-ip') ?? 'unknown';
  const { requests, windowSeconds } = LIMITS[countedAs];
  const counter = countedAs === 'api' ? ip : `${countedAs}:${ip}`;
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

type QuotaNamespace = {
  idFromName(name: string): unknown;
  get(id: never, options?: { locationHint?: never }): { hit(nowMs: number, plan: PlanLimits): Promise<QuotaVerdict> };
};
/** What admission reads: the keyless limiter, and for keyed requests D1's keys and the keys' quota objects. */
export type AdmissionBindings = { limiter: LimiterNamespace; keys?: KeysDatabase; quotas?: QuotaNamespace };

/** Why a request is not served: its error code, details, and Retry-After when it has one. */
type Refusal = { code: ErrorCode; details: unknown; retryAfter: number | null };
/** `counted`: the headers of the role that counted the request (none when the key was refused before counting). */
export type Decision = { counted: Counted; refusal: null } | { counted: Counted | null; refusal: Refusal };

/**
 * A key in the query string is refused whatever else the request says: answers are kept by URL
 * (edge/answer/cache.ts, edge/answer/stale-copies.ts), and a kept URL would keep the key.
 */
export async function admitRequest(
  bindings: AdmissionBindings,
  request: Request,
  url: URL,
  countedAs: CountedAs,
): Promise<Decision> {
  if (keyInQuery(url.searchParams))
    return { counted: null, refusal: invalidKey('the key was sent in the query string: send it only as X-API-Key') };
  const key = request.headers.get(API_KEY_HEADER);
  if (key !== null) return admitKey(bindings, key);
  const admission = await admit(bindings.limiter, request, countedAs);
  const counted: Counted = { role: 'address', state: admission.state, uncounted: admission.uncounted };
  if (admission.allowed) return { counted, refusal: null };
  const { limit, reset } = admission.state;
  return {
    counted,
    refusal: {
      code: 'RATE_LIMITED',
      details: { limit, windowSeconds: RATE_LIMIT.windowSeconds, resetSeconds: reset },
      retryAfter: RATE_LIMIT.windowSeconds,
    },
  };
}

const invalidKey = (reason: string): Refusal => ({ code: 'INVALID_API_KEY', details: { reason }, retryAfter: null });

/**
 * A key is never anonymous: malformed, unknown or revoked is a 401. When D1 cannot say whether the
 * key is valid, the answer is 503 (serving it would admit any well-formed string past every limit).
 * Once the key is known valid, its quota object fails open as the keyless limiter does: the key's
 * holder is served, uncounted, and told so (x-quota-uncounted).
 */
async function admitKey(bindings: AdmissionBindings, key: string, timeoutMs = KEY_CHECK_TIMEOUT_MS): Promise<Decision> {
  if (!isWellFormedKey(key))
    return { counted: null, refusal: invalidKey('malformed: hal_ and 43 base64url characters') };
  const unavailable = (reason: string): Decision => ({
    counted: null,
    refusal: { code: 'KEY_CHECK_UNAVAILABLE', details: { reason }, retryAfter: KEY_CHECK_RETRY_SECONDS },
  });
  if (!bindings.keys || !bindings.quotas) return unavailable('keyed access is not configured on this installation');
  const hash = await keyHashOf(key);
  let record: KeyRecord | null;
  try {
    record = await withTimeout(
      findKey(bindings.keys, hash),
      timeoutMs,
      () => new Error(`no answer within ${timeoutMs} ms`),
    );
  } catch (error) {
    console.error(`key check unavailable, request refused (503): ${messageOf(error)}`);
    return unavailable('the key store did not answer');
  }
  if (!record) return { counted: null, refusal: invalidKey('unknown key') };
  if (record.revoked) return { counted: null, refusal: invalidKey('revoked key') };
  const { plan, limits } = record;
  try {
    const stub = bindings.quotas.get(bindings.quotas.idFromName(hash) as never, {
      locationHint: LIMITER_LOCATION_HINT as never,
    });
    const verdict = await withTimeout(
      stub.hit(Date.now(), limits),
      timeoutMs,
      () => new Error(`no answer within ${timeoutMs} ms`),
    );
    const counted: Counted = {
      role: 'key',
      quota: { plan, limit: verdict.limit, remaining: verdict.remaining, reset: verdict.reset },
      uncounted: false,
    };
    if (verdict.allowed) return { counted, refusal: null };
    const limit =
      verdict.exceeded === 'burst'
        ? { burst: limits.burst, windowSeconds: BURST_WINDOW_SECONDS }
        : { daily: limits.daily };
    return {
      counted,
      refusal: {
        code: 'QUOTA_EXCEEDED',
        details: { plan, exceeded: verdict.exceeded, ...limit, retryAfterSeconds: verdict.retryAfter },
        retryAfter: verdict.retryAfter,
      },
    };
  } catch (error) {
    console.error(`quota of key ${record.id} unavailable, request served uncounted: ${messageOf(error)}`);
    const reset = secondsToIstanbulMidnight(Date.now());
    return {
      counted: { role: 'key', quota: { plan, limit: limits.daily, remaining: limits.daily, reset }, uncounted: true },
      refusal: null,
    };
  }
}

/** An error's message for the log, with anything shaped like a key or a key's hash taken out. */
const messageOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error))
    .replace(/hal_[A-Za-z0-9_-]+|[0-9a-f]{64}/g, '[redacted]')
    .slice(0, 300);
