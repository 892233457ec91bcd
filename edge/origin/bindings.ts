/**
 * The origin a worker's bindings name: production reads the published bucket through its pointer
 * (edge/origin/pointer.ts, publish/); locally and for S3-compatible origins a fetcher serves the
 * build's objects, through a pointer only when POINTER_KEY names one.
 */
import { POINTER_KEY } from '../../core/publication.ts';
import { CachingOrigin, type WaitUntil } from './caching.ts';
import { FetcherRangeOrigin, FetcherOrigin } from './http.ts';
import { ORIGIN_TIMEOUT_MS, type Origin, type RangeOrigin } from './object.ts';
import { PointerOrigin, type PointerCache } from './pointer.ts';
import { R2RangeOrigin, R2Origin } from './r2.ts';

export type OriginEnv = {
  /** production: the bucket the publisher writes */
  BUCKET?: R2Bucket;
  /** locally and for S3-compatible origins: a fetcher serving the build's objects */
  ORIGIN?: Fetcher;
  /** an S3-compatible origin over HTTP without a binding, e.g. `https://s3.example/bucket` */
  ORIGIN_URL?: string;
  /** read ORIGIN / ORIGIN_URL through this publication pointer (the BUCKET always is) */
  POINTER_KEY?: string;
  /** how long one read of the bucket may take, in ms (default ORIGIN_TIMEOUT_MS, edge/origin/object.ts) */
  ORIGIN_TIMEOUT_MS?: string;
};

type Fetching = Fetcher | { fetch(input: string, init?: RequestInit): Promise<Response> };

const timeoutOf = (env: OriginEnv): number => Number(env.ORIGIN_TIMEOUT_MS) || ORIGIN_TIMEOUT_MS;

/** The ORIGIN binding, else the runtime's fetch to ORIGIN_URL; null without either. */
function fetcherOf(env: OriginEnv): Fetching | null {
  return env.ORIGIN ?? (env.ORIGIN_URL ? { fetch: (input: string, init?: RequestInit) => fetch(input, init) } : null);
}

function requiredFetcher(env: OriginEnv): Fetching {
  const fetcher = fetcherOf(env);
  if (!fetcher) throw new Error('no BUCKET, ORIGIN or ORIGIN_URL binding');
  return fetcher;
}

const pointerCache: PointerCache = { pointer: null, at: 0 };

/**
 * A request's origin, which keeps what it read at the edge (edge/origin/caching.ts: below the
 * pointer every key is immutable). An origin without POINTER_KEY serves a build folder as it is,
 * whose keys a new build rewrites: nothing of it is kept, and `published` is null.
 */
export function requestOrigin(
  env: OriginEnv,
  waitUntil: WaitUntil,
): { origin: Origin; published: PointerOrigin | null } {
  const through = (origin: Origin, key = POINTER_KEY) =>
    new PointerOrigin(new CachingOrigin(origin, waitUntil), { key, cache: pointerCache });
  const timeoutMs = timeoutOf(env);
  if (env.BUCKET) {
    const published = through(new R2Origin(env.BUCKET, timeoutMs), env.POINTER_KEY);
    return { origin: published, published };
  }
  const origin = new FetcherOrigin(requiredFetcher(env), env.ORIGIN_URL, timeoutMs);
  const published = env.POINTER_KEY ? through(origin, env.POINTER_KEY) : null;
  return { origin: published ?? origin, published };
}

/** Snapshot files are read by their bucket key, outside any build's pointer, in parts. */
export function rangeOrigin(env: OriginEnv): RangeOrigin {
  const timeoutMs = timeoutOf(env);
  return env.BUCKET
    ? new R2RangeOrigin(env.BUCKET, timeoutMs)
    : new FetcherRangeOrigin(requiredFetcher(env), env.ORIGIN_URL, timeoutMs);
}

/**
 * The published build as the alert notifier reads it: without the worker's per-isolate pointer
 * cache, so a run sees the build published a moment ago; null without a pointer (a bare build
 * folder has no build id to record).
 */
export function publishedOrigin(env: OriginEnv): PointerOrigin | null {
  const timeoutMs = timeoutOf(env);
  const key = env.POINTER_KEY ?? POINTER_KEY;
  if (env.BUCKET) return new PointerOrigin(new R2Origin(env.BUCKET, timeoutMs), { key });
  const fetcher = fetcherOf(env);
  if (!fetcher || !env.POINTER_KEY) return null;
  return new PointerOrigin(new FetcherOrigin(fetcher, env.ORIGIN_URL, timeoutMs), { key });
}
