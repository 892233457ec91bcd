/**
 * The previous build as the nightly finds it: in the bucket, not on the runner (a GitHub runner
 * starts empty, and at national scale the published build is some 5 GB). Of it the incremental
 * build reads only its state, its manifest, the directories of its price and history collections and
 * the partitions the boundary day falls in; everything else it takes by name (content-addressed
 * partitions, evidence shards), and the publisher finds those in the bucket already (kept where
 * they are stored, by their unchanged ETags, never sent). So `fetchPrevious` downloads just those into a
 * directory marked with the pointer it read (`bucket.json`), the writer leaves in the bucket
 * what it takes and has no file of (build/writer.ts), and whatever else the build turns out to
 * read (a partition of a collection whose cut changed) is fetched on the spot (previous.ts).
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  collectionDirectoryPrefix,
  isLatestCollectionKey,
  partitionPath,
  resolutionOfHistoryKey,
} from '../core/collection-keys.ts';
import type { Day } from '../core/dates.ts';
import { isGzip } from '../core/gzip.ts';
import { type Pointer, type ManifestEntry } from '../core/publication.ts';
import type { Db } from '../store/db.ts';
import { historyCuts, partitionItems } from '../build/endpoints/history.ts';
import { loadModel } from '../build/model.ts';
import type { ObjectBucket } from './bucket.ts';
import { BUILD_INPUT_FILES, buildInputKey } from './layout.ts';
import { forEachLimit } from './pool.ts';
import { PublishedPathMap } from './published-path-map.ts';
import { readPointer } from './release.ts';
import { etagOfSync } from '../core/digest-sync.ts';
import { olderPartitions } from '../build/incremental/older-rows.ts';
import { PreviousBuild, REMOTE_FILE } from '../build/incremental/previous.ts';
import { boundary, currentState, type Boundary } from '../build/incremental/state.ts';

export type FetchReport = {
  /** the published build's prefix; null when nothing is published */
  prefix: string | null;
  /** what a build of this store and day would take (null: no previous build to take from, see `reason`) */
  boundary: Boundary | null;
  reason: string | null;
  directories: number;
  partitions: number;
  /** identity bytes downloaded */
  bytes: number;
};

const PRICE_DIRECTORIES = collectionDirectoryPrefix('prices');
const HISTORY_DIRECTORIES = collectionDirectoryPrefix('history');

/**
 * Downloads into `into` (replaced) what a build of `db` on `today` reads of the published build.
 * Leaves `into` absent when there is nothing to take (nothing published, or published without
 * a build state): the build is then a full one.
 */
export async function fetchPrevious(
  bucket: ObjectBucket,
  into: string,
  db: Db,
  today: Day,
  concurrency = 16,
): Promise<FetchReport> {
  const report: FetchReport = { prefix: null, boundary: null, reason: null, directories: 0, partitions: 0, bytes: 0 };
  rmSync(into, { recursive: true, force: true });
  const pointer = await readPointer(bucket);
  if (!pointer) return { ...report, reason: 'nothing is published yet' };
  report.prefix = pointer.prefix;
  // Written whole, then renamed: a run that dies half-way leaves no directory a build would trust.
  const partial = `${into}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  for (const file of BUILD_INPUT_FILES) {
    const object = await bucket.get(buildInputKey(pointer.prefix, file));
    if (!object) {
      rmSync(partial, { recursive: true, force: true });
      return {
        ...report,
        reason: `the published build ${pointer.prefix} has no ${file} (published before incremental builds)`,
      };
    }
    writeFileSync(join(partial, file), object.bytes);
  }
  writeFileSync(join(partial, REMOTE_FILE), JSON.stringify(pointer));
  const previous = PreviousBuild.read(partial);
  if (!previous) throw new Error(`the build state of ${pointer.prefix} is not one this code reads`);
  report.boundary = boundary(db, currentState(db, loadModel(db, today)), previous.state);
  if ('from' in report.boundary) {
    const directories = directoriesRead(previous.entries.keys(), report.boundary.from);
    report.bytes += await download(
      bucket,
      pointer,
      partial,
      previous.entries,
      directories.map((d) => d.path),
      concurrency,
    );
    const partitions = partitionsRead(directories, (path) => readFileSync(join(partial, path), 'utf8'));
    report.bytes += await download(bucket, pointer, partial, previous.entries, partitions, concurrency);
    Object.assign(report, { directories: directories.length, partitions: partitions.length });
  }
  renameSync(partial, into);
  return report;
}

/**
 * A directory an incremental build reads of the previous build, with the day its older rows end;
 * `full`: for an oldest-first collection (history), the rows of a full partition.
 */
export type DirectoryRead = { path: string; cut: Day; full: number | null };

/**
 * What an incremental build with boundary `from` reads of the previous one first: the directories of
 * its price collections (build/collections.ts; not the latestOnly ones, rebuilt whole) and of its history (build/endpoints/history.ts:
 * its cuts are rounded to weeks and months).
 */
export function directoriesRead(paths: Iterable<string>, from: Day): DirectoryRead[] {
  const cuts = historyCuts(from);
  const read: DirectoryRead[] = [];
  for (const path of paths) {
    if (path.startsWith(PRICE_DIRECTORIES)) {
      if (!isLatestCollectionKey(path.slice(PRICE_DIRECTORIES.length))) read.push({ path, cut: from, full: null });
    } else if (path.startsWith(HISTORY_DIRECTORIES)) {
      const resolution = resolutionOfHistoryKey(path.slice(HISTORY_DIRECTORIES.length));
      read.push({ path, cut: cuts[resolution], full: partitionItems(resolution) });
    }
  }
  return read;
}

/**
 * Then the partitions whose older rows it pushes again (build/incremental/older-rows.ts): those
 * a cut falls in, and of an oldest-first collection whose items all end before its cut, the
 * newest partition when not full (a collection with new items cuts it again; one without takes
 * it by name, and this download is wasted).
 */
export function partitionsRead(
  directories: readonly DirectoryRead[],
  readDirectory: (path: string) => string,
): string[] {
  const read = new Set<string>();
  for (const { path, cut, full } of directories) {
    const { partitions } = olderPartitions(JSON.parse(readDirectory(path)), cut);
    for (const p of partitions) if (!p.whole) read.add(partitionPath(p.hash));
    const newest = partitions[0];
    if (full !== null && newest?.whole && newest.start === 0 && newest.end - newest.start < full)
      read.add(partitionPath(newest.hash));
  }
  return [...read];
}

/**
 * Stores each object as the build wrote it (gzip-encoded ones gzip-encoded), after checking its
 * identity bytes against the manifest's ETag: a build never takes bytes it did not write.
 * Returns the identity bytes downloaded.
 */
export async function download(
  bucket: ObjectBucket,
  pointer: Pointer,
  root: string,
  entries: ReadonlyMap<string, ManifestEntry>,
  paths: readonly string[],
  concurrency = 16,
): Promise<number> {
  let bytes = 0;
  const pathMap = new PublishedPathMap(bucket, pointer);
  await forEachLimit(paths, concurrency, async (path) => {
    const entry = entries.get(path);
    const key = entry && (await pathMap.keyOf(path));
    if (!entry || !key) throw new Error(`the published build ${pointer.prefix} has no ${path}`);
    const object = await bucket.getStored(key);
    if (!object) throw new Error(`${key} is missing from the bucket, though the published build lists it`);
    const identity = isGzip(object.stored) ? gunzipSync(object.stored) : Buffer.from(object.stored);
    if (etagOfSync(identity) !== entry.etag)
      throw new Error(`${key} holds other bytes than the published build's manifest says (ETag ${entry.etag})`);
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(
      file,
      entry.encoding !== 'gzip' ? identity : isGzip(object.stored) ? object.stored : gzipSync(identity),
    );
    bytes += identity.byteLength;
  });
  return bytes;
}
