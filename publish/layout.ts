/**
 * Where a publication lives in the bucket. Every object of a build is stored once, under a key
 * named by its content and how it is stored (`objects/…`), and never copied; content-addressed
 * partitions are shared by all builds under `shared/`. Each build has its own immutable prefix
 * `builds/<build day>/<release>/` with its path map (path → object key, in shards), its release
 * record and its build inputs; one small pointer object (`current.json`, read by the worker
 * through edge/origin/pointer.ts) names the current build and moves last. Snapshots for researchers live under
 * `snapshots/<day>/<content hash>/`; the working store between nightly runs under `state/`.
 */
import { MANIFEST_FILE } from '../core/objects.ts';
import { cacheControl } from '../core/routes.ts';
import { SHARED_PATHS, type DistManifest } from '../core/publication.ts';
import { sha256HexSync } from '../core/digest-sync.ts';
import { STATE_FILE } from '../build/incremental/state.ts';
import { SERIES_CENSUS_FILE } from '../build/incremental/series-census.ts';

export const SHARED_PREFIX = 'shared/';
export const OBJECTS_PREFIX = 'objects/';
export const BUILDS_PREFIX = 'builds/';
export const BUILDS_LIST_KEY = 'builds/index.json';
export const RELEASE_FILE = 'release.json';
export const SNAPSHOTS_PREFIX = 'snapshots/';
export const SNAPSHOTS_LIST_KEY = 'snapshots/index.json';
export const STATE_DB_KEY = 'state/hal.sqlite.gz';
/** Beside a build's objects, not served: what the next night's incremental build starts from (publish/fetch-previous.ts). */
export const BUILD_INPUT_FILES = [MANIFEST_FILE, STATE_FILE, SERIES_CENSUS_FILE] as const;
export const buildInputKey = (prefix: string, file: (typeof BUILD_INPUT_FILES)[number]): string =>
  `${prefix}_build/${file}`;
const EVIDENCE_PREFIX = 'evidence/';

/**
 * Immutable objects are cached for a year; the pointer gets the contract's shortest cache value
 * (60 s, as /sources/status) and the lists of builds and snapshots that of /search-index.
 */
export const CACHE = {
  immutable: 'public, max-age=31536000, immutable',
  pointer: cacheControl({ sMaxAge: 60, staleWhileRevalidate: 0 }),
  list: cacheControl({ sMaxAge: 300, staleWhileRevalidate: 600 }),
  state: 'no-store',
} as const;

export const isShared = (path: string): boolean => SHARED_PATHS.some((p) => path.startsWith(p));

/**
 * The release id names the content of a build: the build id's hash (the rows) and a hash of
 * every object's ETag (the rest: status, health, build moment). The same build id published
 * twice with different bytes gets two prefixes, so a published prefix is never written again.
 */
export function releaseIdOf(manifest: DistManifest): string {
  const rows = manifest.buildId.startsWith(`${manifest.today}-`)
    ? manifest.buildId.slice(manifest.today.length + 1)
    : manifest.buildId;
  const objects = Object.entries(manifest.objects)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([path, e]) => `${path} ${e.etag}`)
    .join('\n');
  return `${rows}-${sha256HexSync(objects).slice(0, 8)}`;
}

/** Where a build's path map shards go under its prefix. */
export const PATH_MAP_DIR = '_index/';

/** Paths per path map shard, about: a shard of a national build is then some 50 KB of JSON (16 KB stored). */
const PATHS_PER_SHARD = 1000;

/** The shard count of a build of `paths` paths: a power of two, so that a shard holds at most PATHS_PER_SHARD. */
export function shardCountOf(paths: number): number {
  let shards = 1;
  while (shards * PATHS_PER_SHARD < paths) shards *= 2;
  return shards;
}

/** Objects stored once and shared by every build that lists them: never copied, pruned when no retained build lists them. */
export const isContentAddressed = (key: string): boolean =>
  key.startsWith(OBJECTS_PREFIX) || key.startsWith(SHARED_PREFIX);

/**
 * The key of a build object: a hash of what a reader gets from it (the identity's ETag, the
 * content type, the stored encoding, the cache policy), so equal objects of two builds, or of
 * two paths, are one. The path's extension stays, so a reader can still tell the object's type
 * from its key (edge/origin/http.ts checks what an origin answers against it).
 */
export function objectKey(
  path: string,
  stored: { etag: string; type: string; encoding: string | null; cacheControl: string },
): string {
  const hash = sha256HexSync([stored.etag, stored.type, stored.encoding ?? 'identity', stored.cacheControl].join('\n'));
  return `${OBJECTS_PREFIX}${hash.slice(0, 32)}${extensionOf(path)}`;
}

/** `a/b.json` → `.json`, `a/b.json.br` → `.json.br`, `a/b` → `` */
function extensionOf(path: string): string {
  const twin = path.endsWith('.br') ? '.br' : '';
  const name = path.slice(path.lastIndexOf('/') + 1, path.length - twin.length);
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(dot) : '') + twin;
}

export const buildPrefix = (day: string, releaseId: string): string => `${BUILDS_PREFIX}${day}/${releaseId}/`;
export const snapshotPrefix = (day: string, contentHash: string): string => `${SNAPSHOTS_PREFIX}${day}/${contentHash}/`;
export const evidenceKey = (sha256: string): string => `${EVIDENCE_PREFIX}${sha256.slice(0, 2)}/${sha256}`;

/** Text objects are stored gzip-encoded (Content-Encoding: gzip); binary ones as they are. */
export const compressible = (type: string): boolean => /^text\/|json|javascript|xml|svg/.test(type);
