/**
 * The origin a worker's bindings name: production reads the published bucket through its pointer
 * (edge/origin/pointer.ts, publish/); locally and for S3-compatible origins a fetcher serves the
 * build's objects, through a pointer only when POINTER_KEY names one.
 */
import { POINTER_KEY } from '../../core/publication.ts';
import { CachingStore, type WaitUntil } from './caching.ts';
import { FetcherRangeStore, FetcherStore } from './http.ts';
import { ORIGIN_TIMEOUT_MS, type ObjectStore, type RangeStore } from './object.ts';
import { PointerStore, type PointerCache } from './pointer.ts';
import { R2RangeStore, R2Store } from './r2.ts';

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
): { store: ObjectStore; published: PointerStore | null } {
  const through = (store: ObjectStore, key = POINTER_KEY) =>
    new PointerStore(new CachingStore(store, waitUntil), { key, cache: pointerCache });
  const timeoutMs = timeoutOf(env);
  if (env.BUCKET) {
    const published = through(new R2Store(env.BUCKET, timeoutMs), env.POINTER_KEY);
    return { store: published, published };
  }
  const store = new FetcherStore(requiredFetcher(env), env.ORIGIN_URL, timeoutMs);
  const published = env.POINTER_KEY ? through(store, env.POINTER_KEY) : null;
  return { store: published ?? store, published };
}

/** Snapshot files are read by their bucket key, outside any build's pointer, in parts. */
export function rangeOrigin(env: OriginEnv): RangeStore {
  const timeoutMs = timeoutOf(env);
  return env.BUCKET
    ? new R2RangeStore(env.BUCKET, timeoutMs)
    : new FetcherRangeStore(requiredFetcher(env), env.ORIGIN_URL, timeoutMs);
}

/**
 * The published build as the alert notifier reads it: without the worker's per-isolate pointer
 * cache, so a run sees the build published a moment ago; null without a pointer (a bare build
 * folder has no build id to record).
 */
export function publishedOrigin(env: OriginEnv): PointerStore | null {
  const timeoutMs = timeoutOf(env);
  const key = env.POINTER_KEY ?? POINTER_KEY;
  if (env.BUCKET) return new PointerStore(new R2Store(env.BUCKET, timeoutMs), { key });
  const fetcher = fetcherOf(env);
  if (!fetcher || !env.POINTER_KEY) return null;
  return new PointerStore(new FetcherStore(fetcher, env.ORIGIN_URL, timeoutMs), { key });
}
