/**
 * Publishing one build, atomically: every object of the release is sent (or copied inside the
 * bucket, or kept), then every one is verified (the bucket's MD5 and the build's ETag), then the
 * release record is written, and only then the pointer moves. A run that dies half-way leaves the
 * pointer, and so the served build, where it was; a re-run of the same build finds what the dead
 * run already stored (a listing of its own new prefix, compared by MD5) and sends the rest.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, gzip } from 'node:zlib';
import type { ContentCoding } from '../core/encodings.ts';
import { type Pointer, type DistManifest, SHARED_PATHS, POINTER_KEY } from '../core/publication.ts';
import { JSON_TYPE } from '../build/writer.ts';
import { etagOf } from '../core/digest.ts';
import { MANIFEST_FILE } from '../core/objects.ts';
import { md5Hex, type ObjectBucket } from './bucket.ts';
import {
  BUILD_INPUT_FILES,
  BUILDS_INDEX_KEY,
  CACHE,
  buildInputKey,
  RELEASE_FILE,
  SHARED_PREFIX,
  SNAPSHOTS_INDEX_KEY,
  buildPrefix,
  compressible,
  releaseIdOf,
} from './layout.ts';
import { planBuild, planFiles, type Action, type LocalObject, type StoredEntry } from './plan.ts';
import { forEachLimit } from './pool.ts';
import { MB, Progress, type ProgressWrite } from './progress.ts';
import type { SnapshotFiles } from './snapshot.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliDecompressAsync = promisify(brotliDecompress);

type SnapshotRef = { prefix: string; files: { path: string; bytes: number; sha256: string }[] };
export type Release = {
  format: 1;
  releaseId: string;
  buildId: string;
  day: string;
  builtAt: string;
  newestDataDay: string | null;
  prefix: string;
  shared: Pointer['shared'];
  snapshot: SnapshotRef | null;
  publishedAt: string;
  objects: StoredEntry[];
};
export type BuildsIndex = {
  updatedAt: string;
  current: string | null;
  builds: Omit<Release, 'objects' | 'format' | 'shared'>[];
};
export type SnapshotsIndex = {
  updatedAt: string;
  snapshots: {
    day: string;
    buildId: string;
    releaseId: string;
    publishedAt: string;
    prefix: string;
    files: SnapshotRef['files'];
  }[];
};

export type PublishOptions = {
  bucket: ObjectBucket;
  distDir: string;
  snapshot?: SnapshotFiles | null;
  concurrency?: number;
  now?: () => Date;
  progress?: ProgressWrite;
  /** called once per object as it is handled (`put`, `copy`, `keep`, `resumed`) */
  onObject?: (op: string, key: string) => void;
};

export type PublishReport = {
  releaseId: string;
  buildId: string;
  day: string;
  prefix: string;
  previous: string | null;
  /** false when this release was already the current one */
  switched: boolean;
  objects: number;
  put: number;
  copied: number;
  kept: number;
  resumed: number;
  bytesSent: number;
  bytesIdentity: number;
  verified: number;
  requests: number;
  retries: number;
  ms: number;
};

/** A report's figures before the publication has done anything. */
export const NOTHING_DONE = {
  objects: 0,
  put: 0,
  copied: 0,
  kept: 0,
  resumed: 0,
  bytesSent: 0,
  bytesIdentity: 0,
  verified: 0,
  requests: 0,
  retries: 0,
  ms: 0,
} satisfies Partial<PublishReport>;

export class PublishError extends Error {}

export async function readManifest(distDir: string): Promise<DistManifest> {
  return JSON.parse(await readFile(join(distDir, MANIFEST_FILE), 'utf8')) as DistManifest;
}

export async function publishRelease(options: PublishOptions): Promise<PublishReport> {
  const started = performance.now();
  const { bucket } = options;
  const stats = { ...bucket.stats };
  const now = options.now ?? (() => new Date());
  const manifest = await readManifest(options.distDir);
  const releaseId = releaseIdOf(manifest);
  const prefix = buildPrefix(manifest.today, releaseId);
  const pointer = await readPointer(bucket);
  const report: PublishReport = {
    releaseId,
    buildId: manifest.buildId,
    day: manifest.today,
    prefix,
    previous: pointer?.releaseId ?? null,
    switched: false,
    ...NOTHING_DONE,
  };
  const finish = () =>
    Object.assign(report, {
      requests: bucket.stats.requests - stats.requests,
      retries: bucket.stats.retries - stats.retries,
      ms: Math.round(performance.now() - started),
    });
  if (pointer?.releaseId === releaseId && pointer.prefix === prefix) {
    await catchUpIndexes(bucket, prefix, releaseId, now());
    return finish();
  }

  // A release record is written once: an earlier run completed this very build (re-publishing it is a rollback).
  const recorded = await bucket.getJson<Release>(prefix + RELEASE_FILE);
  const release = recorded ?? (await storeRelease(options, manifest, pointer, prefix, report, now()));
  report.objects = release.objects.length;
  report.verified = await verify(options, release.objects);
  if (!recorded) await putJson(bucket, prefix + RELEASE_FILE, release, CACHE.immutable);
  await switchPointer(bucket, release, now());
  report.switched = true;
  await updateIndexes(bucket, release, now());
  return finish();
}

/** Plans against the current release, stores every object, and returns the new release's record (not yet written). */
async function storeRelease(
  options: PublishOptions,
  manifest: DistManifest,
  pointer: Pointer | null,
  prefix: string,
  report: PublishReport,
  at: Date,
): Promise<Release> {
  const previous = pointer ? await options.bucket.getJson<Release>(pointer.prefix + RELEASE_FILE) : null;
  if (pointer && !previous)
    throw new PublishError(
      `the current build ${pointer.prefix} has no ${RELEASE_FILE}: refusing to guess what it holds`,
    );
  const actions = planBuild(manifest, options.distDir, prefix, previous?.objects ?? []);
  if (options.snapshot) actions.push(...planFiles(options.snapshot.objects, previous?.objects ?? []));
  const objects = await storeAll(options, actions, prefix, report);
  await storeBuildInputs(options.bucket, options.distDir, prefix);
  return {
    format: 1,
    releaseId: report.releaseId,
    buildId: manifest.buildId,
    day: manifest.today,
    builtAt: manifest.builtAt,
    newestDataDay: manifest.newestDataDay,
    prefix,
    shared: { prefix: SHARED_PREFIX, paths: [...SHARED_PATHS] },
    snapshot: options.snapshot ? { prefix: options.snapshot.prefix, files: options.snapshot.files } : null,
    publishedAt: at.toISOString(),
    objects: objects.sort((a, b) => (a.key < b.key ? -1 : 1)),
  };
}

/**
 * The build's manifest and state beside its objects (not served): the next night's build takes
 * from this build what did not change (publish/fetch-previous.ts). Before the release
 * record, so a recorded release always has them.
 */
async function storeBuildInputs(bucket: ObjectBucket, distDir: string, prefix: string): Promise<void> {
  for (const file of BUILD_INPUT_FILES) {
    const path = join(distDir, file);
    if (!existsSync(path)) continue; // built before incremental builds: the next build is a full one
    await putJsonBytes(bucket, buildInputKey(prefix, file), await readFile(path), CACHE.immutable);
  }
}

export async function readPointer(bucket: ObjectBucket): Promise<Pointer | null> {
  return bucket.getJson<Pointer>(POINTER_KEY);
}

/** Sends, copies or keeps every object; what the dead run of this same release stored is found by MD5 and not sent again. */
async function storeAll(
  options: PublishOptions,
  actions: Action[],
  prefix: string,
  report: PublishReport,
): Promise<StoredEntry[]> {
  const { bucket } = options;
  const present = new Map<string, string>();
  const prefixes = [prefix, ...(options.snapshot ? [options.snapshot.prefix] : [])];
  for (const p of prefixes) for (const o of (await bucket.list(p)).objects) present.set(o.key, o.md5);
  const progress = new Progress('upload', actions.length, options.progress);
  const stored: StoredEntry[] = [];
  await forEachLimit(actions, options.concurrency ?? 16, async (action) => {
    const { entry, op, sent } = await store(bucket, action, present);
    stored.push(entry);
    if (op === 'put') report.put++;
    else if (op === 'copy') report.copied++;
    else if (op === 'keep') report.kept++;
    else report.resumed++;
    if (op === 'put') {
      report.bytesSent += sent;
      report.bytesIdentity += entry.bytes;
    }
    options.onObject?.(op, entry.key);
    progress.tick(sent);
  });
  progress.finish();
  return stored;
}

type Stored = { entry: StoredEntry; op: 'put' | 'copy' | 'keep' | 'resumed'; sent: number };

async function store(bucket: ObjectBucket, action: Action, present: ReadonlyMap<string, string>): Promise<Stored> {
  if (action.op === 'keep') return { entry: action.entry, op: 'keep', sent: 0 };
  if (action.op === 'copy') {
    const entry = { ...action.from, key: action.key };
    if (present.get(action.key) === action.from.md5) return { entry, op: 'resumed', sent: 0 };
    try {
      await bucket.copy(action.from.key, action.key);
      return { entry, op: 'copy', sent: 0 };
    } catch (error) {
      if (!action.fallback || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 404)
        throw error;
      return store(bucket, { op: 'put', object: action.fallback }, present);
    }
  }
  const { object } = action;
  const { entry, body } = await encodeObject(object);
  if (present.get(object.key) === entry.md5) return { entry, op: 'resumed', sent: 0 };
  if (object.shared) {
    // Shared objects outside the current release may be there already (an older build, a dead run).
    const head = await bucket.head(object.key);
    if (head && head.md5 === entry.md5 && head.metadata.etag === entry.etag) return { entry, op: 'resumed', sent: 0 };
  }
  const md5 = await bucket.put({
    key: object.key,
    body,
    contentType: object.type,
    cacheControl: object.cacheControl,
    contentEncoding: entry.encoding,
    metadata: { etag: object.etag },
  });
  if (md5 && md5 !== entry.md5)
    throw new PublishError(`${object.key}: the bucket stored other bytes (ETag ${md5}, sent MD5 ${entry.md5})`);
  return { entry, op: 'put', sent: body.byteLength };
}

/** Reads the file, checks it is the object the manifest names (its ETag), and encodes it for storage. */
export async function encodeObject(object: LocalObject): Promise<{ entry: StoredEntry; body: Uint8Array }> {
  const file = await readFile(object.file).catch((error: NodeJS.ErrnoException) => {
    // An incremental build from the bucket leaves in the bucket what it took unchanged (publish/fetch-previous.ts).
    if (error.code !== 'ENOENT') throw error;
    throw new PublishError(
      `${object.file} is not in the build output: it was built incrementally from a release that had this object, which the bucket's current release does not; build in full (npm run build without --previous) and publish that`,
    );
  });
  // What the build stored encoded (partitions, evidence: gzip; twins of whole responses: brotli)
  // travels as it is; its ETag names the identity bytes.
  const bytes =
    object.encoded === 'gzip'
      ? await gunzipAsync(file)
      : object.encoded === 'br'
        ? await brotliDecompressAsync(file)
        : file;
  if (etagOf(bytes) !== object.etag)
    throw new PublishError(
      `${object.file} does not match its manifest entry (ETag ${object.etag}): was it changed after the build?`,
    );
  let body: Uint8Array = object.encoded ? file : bytes;
  let encoding: ContentCoding | null = object.encoded ?? null;
  if (!encoding && object.encode && compressible(object.type)) {
    const gz = await gzipAsync(bytes, { level: 6 });
    if (gz.byteLength < bytes.byteLength) [body, encoding] = [gz, 'gzip'];
  }
  const entry: StoredEntry = {
    key: object.key,
    path: object.path,
    etag: object.etag,
    bytes: bytes.byteLength,
    type: object.type,
    encoding,
    md5: md5Hex(body),
    stored: body.byteLength,
    cacheControl: object.cacheControl,
  };
  return { entry, body };
}

/** Every object of the release is in the bucket with the bytes we meant (MD5) and the ETag the worker will serve. */
async function verify(options: PublishOptions, entries: readonly StoredEntry[]): Promise<number> {
  const bad: string[] = [];
  const progress = new Progress('verify', entries.length, options.progress);
  await forEachLimit(entries, options.concurrency ?? 16, async (e) => {
    const head = await options.bucket.head(e.key);
    if (!head) bad.push(`${e.key} is missing`);
    else if (head.md5 !== e.md5) bad.push(`${e.key} holds other bytes (MD5 ${head.md5}, expected ${e.md5})`);
    else if (head.metadata.etag !== e.etag) bad.push(`${e.key} carries ETag ${head.metadata.etag}, expected ${e.etag}`);
    progress.tick();
  });
  progress.finish();
  if (bad.length)
    throw new PublishError(
      `verification failed for ${bad.length} of ${entries.length} objects; the pointer was not moved: ${bad.slice(0, 5).join('; ')}`,
    );
  return entries.length;
}

/** The indexes of builds and snapshots: short-lived, and stored as they are. */
export async function putIndex(bucket: ObjectBucket, key: string, index: BuildsIndex | SnapshotsIndex): Promise<void> {
  await putJson(bucket, key, index, CACHE.index, false);
}

async function putJson(
  bucket: ObjectBucket,
  key: string,
  value: unknown,
  cacheControl: string,
  encode = true,
): Promise<void> {
  await putJsonBytes(bucket, key, Buffer.from(JSON.stringify(value)), cacheControl, encode);
}

async function putJsonBytes(
  bucket: ObjectBucket,
  key: string,
  bytes: Buffer,
  cacheControl: string,
  encode = true,
): Promise<void> {
  const body = encode ? await gzipAsync(bytes) : bytes;
  await bucket.put({
    key,
    body,
    contentType: JSON_TYPE,
    cacheControl,
    contentEncoding: encode ? 'gzip' : null,
    metadata: { etag: etagOf(bytes) },
  });
}

/** The one write that changes what is served: a single small object, atomic in every S3-compatible store. */
async function switchPointer(bucket: ObjectBucket, release: Release, at: Date): Promise<void> {
  const pointer: Pointer = {
    format: 1,
    buildId: release.buildId,
    releaseId: release.releaseId,
    day: release.day,
    prefix: release.prefix,
    shared: release.shared,
    builtAt: release.builtAt,
    newestDataDay: release.newestDataDay,
    publishedAt: at.toISOString(),
  };
  await putJson(bucket, POINTER_KEY, pointer, CACHE.pointer, false);
}

/**
 * The lists of snapshots and of builds (reachable by date); written after the switch, so they never
 * name a build that is not served or was. The builds index goes last: its `current` naming this
 * release says both are written.
 */
async function updateIndexes(bucket: ObjectBucket, release: Release, at: Date): Promise<void> {
  if (release.snapshot) {
    const snapshots = (await bucket.getJson<SnapshotsIndex>(SNAPSHOTS_INDEX_KEY))?.snapshots ?? [];
    const entry = {
      day: release.day,
      buildId: release.buildId,
      releaseId: release.releaseId,
      publishedAt: release.publishedAt,
      ...release.snapshot,
    };
    const nextSnapshots = [entry, ...snapshots.filter((s) => s.day !== release.day)].sort(newestFirst);
    await putIndex(bucket, SNAPSHOTS_INDEX_KEY, { updatedAt: at.toISOString(), snapshots: nextSnapshots });
  }
  const { objects: _objects, format: _format, shared: _shared, ...summary } = release;
  const builds = (await bucket.getJson<BuildsIndex>(BUILDS_INDEX_KEY))?.builds ?? [];
  const nextBuilds = [summary, ...builds.filter((b) => b.prefix !== release.prefix)].sort(newestFirst);
  await putIndex(bucket, BUILDS_INDEX_KEY, {
    updatedAt: at.toISOString(),
    current: release.releaseId,
    builds: nextBuilds,
  });
}

/** The current release's run died between the switch and the indexes: a re-run writes them. */
async function catchUpIndexes(bucket: ObjectBucket, prefix: string, releaseId: string, at: Date): Promise<void> {
  if ((await bucket.getJson<BuildsIndex>(BUILDS_INDEX_KEY))?.current === releaseId) return;
  const release = await bucket.getJson<Release>(prefix + RELEASE_FILE);
  if (!release)
    throw new PublishError(`the current build ${prefix} has no ${RELEASE_FILE}: refusing to guess what it holds`);
  await updateIndexes(bucket, release, at);
}

const newestFirst = (a: { day: string; publishedAt: string }, b: { day: string; publishedAt: string }) =>
  a.day === b.day ? (a.publishedAt < b.publishedAt ? 1 : -1) : a.day < b.day ? 1 : -1;

export function describeReport(r: PublishReport): string[] {
  if (!r.switched) return [`${r.releaseId} (${r.buildId}) is already the current build: nothing to publish`];
  return [
    `Published ${r.buildId} as ${r.prefix} (previous: ${r.previous ?? 'none'})`,
    `  ${r.objects} objects: ${r.put} sent (${MB(r.bytesSent)} stored, ${MB(r.bytesIdentity)} before gzip), ${r.copied} copied in the bucket, ${r.kept} shared kept, ${r.resumed} already there from an earlier run`,
    `  ${r.verified} verified, ${r.requests} requests, ${r.retries} retries, ${(r.ms / 1000).toFixed(1)} s`,
  ];
}
