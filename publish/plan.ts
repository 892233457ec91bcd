/**
 * What a release needs, decided by comparing manifests (never by listing the bucket): an
 * object whose ETag is unchanged since the current release is kept where that release stored it
 * (content-addressed: `objects/…` or `shared/…`), with no request at all; anything new or
 * changed is sent. Snapshot files keep their own dated prefix (researchers download them by
 * name): an unchanged one is copied inside the bucket from the current release's snapshot.
 */
import { basename, join } from 'node:path';
import type { ContentCoding } from '../core/encodings.ts';
import { CACHE, SHARED_PREFIX, isContentAddressed, isShared } from './layout.ts';
import { type DistManifest } from '../core/publication.ts';

/** An object as the bucket holds it; a release lists every one of them. */
export type StoredEntry = {
  key: string;
  /** the build path (dist/…), null for snapshot files */
  path: string | null;
  etag: string;
  /** identity bytes */
  bytes: number;
  type: string;
  encoding: ContentCoding | null;
  /** MD5 of the stored bytes: the bucket's ETag */
  md5: string;
  /** stored bytes (after encoding) */
  stored: number;
  cacheControl: string;
};

/**
 * A file on this machine to send. `encode` false keeps the bytes as they are (snapshot files must
 * match their checksums). `key` null: a build object, whose key names how it is stored
 * (layout.ts `objectKey`), known once it is encoded.
 */
export type LocalObject = {
  key: string | null;
  path: string | null;
  file: string;
  etag: string;
  bytes: number;
  type: string;
  cacheControl: string;
  shared: boolean;
  encode: boolean;
  encoded?: ContentCoding;
};

/** A file with its own key: a snapshot file, under its snapshot's prefix. */
export type LocalFile = LocalObject & { key: string };

/** A copy with a `fallback` sends the local file when the source is gone (a snapshot pruned before its build). */
export type Action =
  | { op: 'put'; object: LocalObject }
  | { op: 'copy'; key: string; from: StoredEntry; fallback?: LocalObject }
  | { op: 'keep'; entry: StoredEntry };

/** A build's objects against the current release's (a release of the layout before, format 1, kept its objects under its prefix: those are sent). */
export function planBuild(manifest: DistManifest, distDir: string, previous: readonly StoredEntry[]): Action[] {
  const before = new Map(previous.filter((o) => o.path !== null && isContentAddressed(o.key)).map((o) => [o.path!, o]));
  return Object.entries(manifest.objects).map(([path, entry]): Action => {
    const old = before.get(path);
    const shared = isShared(path);
    if (shared) assertContentAddressed(path, entry.etag);
    if (old !== undefined && old.etag === entry.etag) return { op: 'keep', entry: old };
    const key = shared ? SHARED_PREFIX + path : null;
    return {
      op: 'put',
      object: {
        key,
        path,
        file: join(distDir, path),
        etag: entry.etag,
        bytes: entry.bytes,
        type: entry.type,
        cacheControl: CACHE.immutable,
        shared,
        encode: true,
        ...(entry.encoding ? { encoded: entry.encoding } : {}),
      },
    };
  });
}

/**
 * Snapshot files: each day's snapshot has its own prefix, but most of its files are the same as
 * the day before (tables that did not change): those are copied from the current release's snapshot.
 */
export function planFiles(objects: readonly LocalFile[], previous: readonly StoredEntry[]): Action[] {
  const name = (key: string) => key.split('/').slice(3).join('/');
  const before = new Map(previous.filter((o) => o.path === null).map((o) => [name(o.key), o]));
  return objects.map((object): Action => {
    const old = before.get(name(object.key));
    return old && old.etag === object.etag
      ? { op: 'copy', key: object.key, from: old, fallback: object }
      : { op: 'put', object };
  });
}

/** A shared key is written by every build that has it, so its name must be its content (build/writer.ts). */
function assertContentAddressed(path: string, etag: string): void {
  const hash = basename(path).split('.')[0];
  if (`"${hash}"` !== etag)
    throw new Error(`${path} is under a shared prefix but is not content-addressed (ETag ${etag})`);
}
