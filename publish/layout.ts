/**
 * Where a publication lives in the bucket. Every build goes under its own immutable prefix
 * `builds/<build day>/<release>/`; content-addressed partitions are shared by all builds under
 * `shared/`; one small pointer object (`current.json`, read by the worker through
 * edge/store.ts) names the current build and moves last. Snapshots for researchers live under
 * `snapshots/<day>/<content hash>/`; the working store between nightly runs under `state/`.
 */
import { MANIFEST_FILE } from '../core/objects.ts';
import { cacheControl } from '../core/routes.ts';
import { SHARED_PATHS, type DistManifest } from '../core/publication.ts';
import { sha256Hex } from '../core/digest.ts';
import { STATE_FILE } from '../build/incremental/state.ts';
import { SERIES_CENSUS_FILE } from '../build/incremental/series-census.ts';

export const SHARED_PREFIX = 'shared/';
export const BUILDS_PREFIX = 'builds/';
export const BUILDS_INDEX_KEY = 'builds/index.json';
export const RELEASE_FILE = 'release.json';
export const SNAPSHOTS_PREFIX = 'snapshots/';
export const SNAPSHOTS_INDEX_KEY = 'snapshots/index.json';
export const STATE_DB_KEY = 'state/hal.sqlite.gz';
/** Beside a build's objects, not served: what the next night's incremental build starts from (publish/fetch-previous.ts). */
export const BUILD_INPUT_FILES = [MANIFEST_FILE, STATE_FILE, SERIES_CENSUS_FILE] as const;
export const buildInputKey = (prefix: string, file: (typeof BUILD_INPUT_FILES)[number]): string =>
  `${prefix}_build/${file}`;
const EVIDENCE_PREFIX = 'evidence/';

/**
 * Immutable objects are cached for a year; the pointer gets the contract's shortest cache value
 * (60 s, as /sources/status) and the indexes of builds and snapshots that of /search-index.
 */
export const CACHE = {
  immutable: 'public, max-age=31536000, immutable',
  pointer: cacheControl({ sMaxAge: 60, staleWhileRevalidate: 0 }),
  index: cacheControl({ sMaxAge: 300, staleWhileRevalidate: 600 }),
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
  return `${rows}-${sha256Hex(objects).slice(0, 8)}`;
}

export const buildPrefix = (day: string, releaseId: string): string => `${BUILDS_PREFIX}${day}/${releaseId}/`;
export const snapshotPrefix = (day: string, contentHash: string): string => `${SNAPSHOTS_PREFIX}${day}/${contentHash}/`;
export const evidenceKey = (sha256: string): string => `${EVIDENCE_PREFIX}${sha256.slice(0, 2)}/${sha256}`;

/** Text objects are stored gzip-encoded (Content-Encoding: gzip); binary ones as they are. */
export const compressible = (type: string): boolean => /^text\/|json|javascript|xml|svg/.test(type);
