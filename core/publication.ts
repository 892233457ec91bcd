/**
 * The publication as build, publisher and worker share it: the pointer that names the current
 * build, how a build path resolves to a bucket key under it, and the manifest of a build.
 */
import { PARTITIONS_PREFIX } from './collection-keys.ts';
import type { ContentCoding } from './encodings.ts';

/**
 * The published bucket is versioned: every build lives under its own immutable prefix
 * (`builds/<day>/<release>/`), content-addressed partitions are shared by all builds under
 * `shared.prefix`, and one small pointer object names the current build. Written by
 * publish/ last, after every object of the build was uploaded and verified.
 */
export type Pointer = {
  format: 1;
  buildId: string;
  releaseId: string;
  /** the build day (Europe/Istanbul) */
  day: string;
  /** key prefix of the build's own objects, ending in `/` */
  prefix: string;
  /** paths starting with one of `paths` are read from `shared.prefix` + path: content-addressed, shared by builds */
  shared: { prefix: string; paths: string[] };
  builtAt: string;
  newestDataDay: string | null;
  publishedAt: string;
};

export const POINTER_KEY = 'current.json';

/** Paths the build writes content-addressed (build/writer.ts `writePartition`), shared by every build. */
export const SHARED_PATHS = [PARTITIONS_PREFIX] as const;

/** Where a build path lives in the bucket under a pointer. */
export function resolveKey(pointer: Pointer, path: string): string {
  return pointer.shared.paths.some((p) => path.startsWith(p)) ? pointer.shared.prefix + path : pointer.prefix + path;
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
