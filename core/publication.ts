/**
 * The publication as build, publisher and worker share it: the pointer that names the current
 * build, how a build path resolves to a bucket key under it, and the manifest of a build.
 */
import { PARTITIONS_PREFIX } from './collection-keys.ts';
import type { ContentCoding } from './encodings.ts';

/**
 * The published bucket is versioned: one small pointer object names the current build, written by
 * publish/ last, after every object the build stores was uploaded and verified. Content-addressed
 * partitions are shared by all builds under `shared.prefix`. Format 2: every other object is
 * stored once under a key named by its content (`objects/…`, never copied), and each build has an
 * path map (path → object key), sharded by a hash of the path (`index`), under its own immutable prefix
 * (`builds/<day>/<release>/`). Format 1, the layout before: a build's objects under its prefix.
 */
type PointerFields = {
  buildId: string;
  releaseId: string;
  /** the build day (Europe/Istanbul) */
  day: string;
  /** key prefix of the build's own objects (its path map, record and build inputs), ending in `/` */
  prefix: string;
  /** paths starting with one of `paths` are read from `shared.prefix` + path: content-addressed, shared by builds */
  shared: { prefix: string; paths: string[] };
  builtAt: string;
  newestDataDay: string | null;
  publishedAt: string;
};
/** Where a build's path map lives: shard n of `shards` at `prefix` + n + `.json`, a JSON object path → object key. */
export type PathMapLocation = { prefix: string; shards: number };
export type Pointer = PointerFields & ({ format: 1 } | { format: 2; index: PathMapLocation });

/** One shard of a build's path map: every path of the build whose `shardOf` is this shard, and the key of its object. */
export type PathMapShard = Record<string, string>;

export const POINTER_KEY = 'current.json';

/** Paths the build writes content-addressed (build/writer.ts `writePartition`), shared by every build. */
export const SHARED_PATHS = [PARTITIONS_PREFIX] as const;

/** The key of a shared path under a pointer; null for a path the build's own path map resolves. */
function sharedKey(pointer: Pointer, path: string): string | null {
  return pointer.shared.paths.some((p) => path.startsWith(p)) ? pointer.shared.prefix + path : null;
}

const UTF8 = new TextEncoder();

/**
 * The shard of a path: FNV-1a (32 bits) of its UTF-8 bytes, modulo the shard count. Cheap and the
 * same in Node and workerd, which has no synchronous hash of its own.
 */
export function shardOf(path: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (const byte of UTF8.encode(path)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash % shards;
}

export const shardKey = (pathMap: PathMapLocation, shard: number): string => `${pathMap.prefix}${shard}.json`;

/**
 * Where a build path lives in the bucket under a pointer: shared paths under the shared prefix, a
 * format 1 build's under its prefix, a format 2 build's where its path map's shard says (`readShard`,
 * called with the shard's key); null when the build has no such path.
 */
export async function resolveKey(
  pointer: Pointer,
  path: string,
  readShard: (key: string) => Promise<PathMapShard>,
): Promise<string | null> {
  const shared = sharedKey(pointer, path);
  if (shared !== null) return shared;
  if (pointer.format === 1) return pointer.prefix + path;
  const shard = await readShard(shardKey(pointer.index, shardOf(path, pointer.index.shards)));
  return Object.hasOwn(shard, path) ? shard[path]! : null;
}

/**
 * `encoding`: the file in dist/ holds the gzip- or brotli-encoded bytes (`stored` of them); `bytes`
 * and `etag` are the identity's. A brotli twin `<path>.br` encodes the object at `<path>` (core/encodings.ts).
 */
export type ManifestEntry = { etag: string; bytes: number; type: string; encoding?: ContentCoding; stored?: number };
export type DistManifest = {
  buildId: string;
  today: string;
  builtAt: string;
  newestDataDay: string | null;
  objects: Record<string, ManifestEntry>;
};
