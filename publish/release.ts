/**
 * Publishing one build, atomically. Every object is stored once, content-addressed
 * (layout.ts `objectKey`): what the current release already stores is kept where it is, with no
 * request; only new and changed objects are sent. Then the build's path map (path → object key,
 * sharded), then every object this run sent is verified (the bucket's MD5 and the build's ETag),
 * then the release record is written, and only then the pointer moves. A night whose data
 * touches N objects costs about N puts and N HEADs, whatever the size of the build. A run that
 * dies half-way leaves the pointer, and so the served build, where it was; a re-run of the same
 * build finds its own prefix begun and asks the bucket (HEAD) for each object before it sends it.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, gzip } from 'node:zlib';
import type { ContentCoding } from '../core/encodings.ts';
import {
  type DistManifest,
  type PathMapLocation,
  type PathMapShard,
  type Pointer,
  POINTER_KEY,
  SHARED_PATHS,
  shardKey,
  shardOf,
} from '../core/publication.ts';
import { JSON_TYPE } from '../build/writer.ts';
import { etagOfSync } from '../core/digest-sync.ts';
import { MANIFEST_FILE } from '../core/objects.ts';
import { md5Hex, type ObjectBucket } from './bucket.ts';
import {
  BUILD_INPUT_FILES,
  BUILDS_LIST_KEY,
  CACHE,
  buildInputKey,
  PATH_MAP_DIR,
  isContentAddressed,
  objectKey,
  RELEASE_FILE,
  shardCountOf,
  SHARED_PREFIX,
  SNAPSHOTS_LIST_KEY,
  buildPrefix,
  compressible,
  releaseIdOf,
} from './layout.ts';
import { planBuild, planFiles, type Action, type LocalObject, type StoredEntry } from './plan.ts';
import { forEachLimit } from './pool.ts';
import { countOperations, describeOperations, type Operations } from './operations.ts';
import { MB, Progress, type ProgressWrite } from './progress.ts';
import type { SnapshotFiles } from './snapshot.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliDecompressAsync = promisify(brotliDecompress);

type SnapshotRef = { prefix: string; files: { path: string; bytes: number; sha256: string }[] };
/** Format 2: build objects under `objects/`, found through its path map (`index`); format 1 (the layout before): under `prefix`. */
export type Release = ({ format: 1 } | { format: 2; index: PathMapLocation }) & {
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
export type BuildsList = {
  updatedAt: string;
  current: string | null;
  builds: BuildSummary[];
};
type BuildSummary = {
  releaseId: string;
  buildId: string;
  day: string;
  builtAt: string;
  newestDataDay: string | null;
  prefix: string;
  snapshot: SnapshotRef | null;
  publishedAt: string;
};
export type SnapshotsList = {
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
  /** called once per object as it is handled (`put`, `copy`, `keep`, `resumed`), and per path map shard sent (`index`) */
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
  /** path map shards sent (a re-run finds those the dead run sent) */
  shards: number;
  bytesSent: number;
  bytesIdentity: number;
  /** objects and shards this run sent, then found in the bucket as sent */
  verified: number;
  /** what was asked of the bucket, by kind (operations.ts) */
  operations: Operations;
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
  shards: 0,
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

export async function publishRelease(given: PublishOptions): Promise<PublishReport> {
  const started = performance.now();
  const { bucket, operations } = countOperations(given.bucket);
  const options = { ...given, bucket };
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
    operations,
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

  // A release record is written once, after its objects were verified: an earlier run completed this
  // very build (re-publishing it is a rollback), and retention keeps what a recorded build lists
  // (prune.ts), so moving the pointer back to it is all there is to do.
  const recorded = await bucket.getJson<Release>(prefix + RELEASE_FILE);
  const release = recorded ?? (await storeRelease(options, manifest, pointer, prefix, report, now()));
  report.objects = release.objects.length;
  if (!recorded) await putJson(bucket, prefix + RELEASE_FILE, release, CACHE.immutable);
  await switchPointer(bucket, release, now());
  report.switched = true;
  await updateLists(bucket, release, now());
  return finish();
}

/**
 * Plans against the current release, stores the build inputs (first: a re-run knows by them that
 * this prefix was begun), the objects and the path map, verifies what it sent, and returns the new
 * release's record (not yet written).
 */
async function storeRelease(
  options: PublishOptions,
  manifest: DistManifest,
  pointer: Pointer | null,
  prefix: string,
  report: PublishReport,
  at: Date,
): Promise<Release> {
  const { bucket } = options;
  const previous = pointer ? await bucket.getJson<Release>(pointer.prefix + RELEASE_FILE) : null;
  if (pointer && !previous)
    throw new PublishError(
      `the current build ${pointer.prefix} has no ${RELEASE_FILE}: refusing to guess what it holds`,
    );
  const actions = planBuild(manifest, options.distDir, previous?.objects ?? []);
  if (options.snapshot) actions.push(...planFiles(options.snapshot.objects, previous?.objects ?? []));
  const present = new Map<string, string>();
  for (const p of [prefix, ...(options.snapshot ? [options.snapshot.prefix] : [])])
    for (const o of (await bucket.list(p)).objects) present.set(o.key, o.md5);
  const begun = [...present.keys()].some((key) => key.startsWith(prefix));
  await storeBuildInputs(bucket, options.distDir, prefix);
  const { entries, sent } = await storeAll(options, actions, present, begun, report);
  const pathMap: PathMapLocation = {
    prefix: prefix + PATH_MAP_DIR,
    shards: shardCountOf(Object.keys(manifest.objects).length),
  };
  sent.push(...(await storePathMap(options, pathMap, entries, present, report)));
  report.verified = await verify(options, sent);
  return {
    format: 2,
    releaseId: report.releaseId,
    buildId: manifest.buildId,
    day: manifest.today,
    builtAt: manifest.builtAt,
    newestDataDay: manifest.newestDataDay,
    prefix,
    shared: { prefix: SHARED_PREFIX, paths: [...SHARED_PATHS] },
    index: pathMap,
    snapshot: options.snapshot ? { prefix: options.snapshot.prefix, files: options.snapshot.files } : null,
    publishedAt: at.toISOString(),
    objects: entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.path! < b.path! ? -1 : 1)),
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

/** What this run sent, to verify: each key once, with the MD5 and ETag it must hold. */
type Sent = { key: string; md5: string; etag: string };

/**
 * Sends, copies or keeps every object. `present`: what the listing of this release's prefixes
 * found (a dead run's snapshot files); `begun`: a run of this release died here before, so each
 * content-addressed object is looked for (HEAD) before it is sent. Otherwise an object not in the
 * current release is sent even when an older build stored it: sending costs the one request a
 * look would, and equal content under its key is no change.
 */
async function storeAll(
  options: PublishOptions,
  actions: Action[],
  present: ReadonlyMap<string, string>,
  begun: boolean,
  report: PublishReport,
): Promise<{ entries: StoredEntry[]; sent: Sent[] }> {
  const { bucket } = options;
  const progress = new Progress('upload', actions.length, options.progress);
  const entries: StoredEntry[] = [];
  const sent: Sent[] = [];
  // Two paths of one build with equal content are one object: sent once.
  const sending = new Map<string, Promise<unknown>>();
  await forEachLimit(actions, options.concurrency ?? 16, async (action) => {
    const { entry, op, bytes } = await store(bucket, action, present, begun, sending);
    entries.push(entry);
    if (op === 'put') {
      report.put++;
      report.bytesSent += bytes;
      report.bytesIdentity += entry.bytes;
      sent.push({ key: entry.key, md5: entry.md5, etag: entry.etag });
    } else if (op === 'copy') report.copied++;
    else if (op === 'keep') report.kept++;
    else report.resumed++;
    options.onObject?.(op, entry.key);
    progress.tick(bytes);
  });
  progress.finish();
  return { entries, sent };
}

type Stored = { entry: StoredEntry; op: 'put' | 'copy' | 'keep' | 'resumed'; bytes: number };

async function store(
  bucket: ObjectBucket,
  action: Action,
  present: ReadonlyMap<string, string>,
  begun: boolean,
  sending: Map<string, Promise<unknown>>,
): Promise<Stored> {
  if (action.op === 'keep') return { entry: action.entry, op: 'keep', bytes: 0 };
  if (action.op === 'copy') {
    const entry = { ...action.from, key: action.key };
    if (present.get(action.key) === action.from.md5) return { entry, op: 'resumed', bytes: 0 };
    try {
      await bucket.copy(action.from.key, action.key);
      return { entry, op: 'copy', bytes: 0 };
    } catch (error) {
      if (!action.fallback || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 404)
        throw error;
      return store(bucket, { op: 'put', object: action.fallback }, present, begun, sending);
    }
  }
  const { object } = action;
  const { entry, body } = await encodeObject(object);
  if (present.get(entry.key) === entry.md5) return { entry, op: 'resumed', bytes: 0 };
  const other = sending.get(entry.key);
  if (other) {
    await other;
    return { entry, op: 'keep', bytes: 0 };
  }
  const done = send(bucket, object, entry, body, begun);
  sending.set(entry.key, done);
  return { entry, op: await done, bytes: (await done) === 'put' ? body.byteLength : 0 };
}

async function send(
  bucket: ObjectBucket,
  object: LocalObject,
  entry: StoredEntry,
  body: Uint8Array,
  begun: boolean,
): Promise<'put' | 'resumed'> {
  if (begun && isContentAddressed(entry.key)) {
    const head = await bucket.head(entry.key);
    if (head && head.md5 === entry.md5 && head.metadata.etag === entry.etag) return 'resumed';
  }
  const md5 = await bucket.put({
    key: entry.key,
    body,
    contentType: object.type,
    cacheControl: object.cacheControl,
    contentEncoding: entry.encoding,
    metadata: { etag: object.etag },
  });
  if (md5 && md5 !== entry.md5)
    throw new PublishError(`${entry.key}: the bucket stored other bytes (ETag ${md5}, sent MD5 ${entry.md5})`);
  return 'put';
}

/**
 * The build's path map: every path and the key of its object, in shards by a hash of the path
 * (core/publication.ts `shardOf`), gzip-encoded and immutable. Returns the shards sent.
 */
async function storePathMap(
  options: PublishOptions,
  pathMap: PathMapLocation,
  entries: readonly StoredEntry[],
  present: ReadonlyMap<string, string>,
  report: PublishReport,
): Promise<Sent[]> {
  const shards: PathMapShard[] = Array.from({ length: pathMap.shards }, () => ({}));
  const paths = entries.filter((e) => e.path !== null).sort((a, b) => (a.path! < b.path! ? -1 : 1));
  for (const e of paths) shards[shardOf(e.path!, pathMap.shards)]![e.path!] = e.key;
  const sent: Sent[] = [];
  await forEachLimit(shards, options.concurrency ?? 16, async (shard, n) => {
    const key = shardKey(pathMap, n);
    const bytes = Buffer.from(JSON.stringify(shard));
    const body = await gzipAsync(bytes);
    const md5 = md5Hex(body);
    if (present.get(key) === md5) return;
    await putBody(options.bucket, key, body, bytes, CACHE.immutable);
    report.shards++;
    sent.push({ key, md5, etag: etagOfSync(bytes) });
    options.onObject?.('index', key);
  });
  return sent;
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
  if (etagOfSync(bytes) !== object.etag)
    throw new PublishError(
      `${object.file} does not match its manifest entry (ETag ${object.etag}): was it changed after the build?`,
    );
  let body: Uint8Array = object.encoded ? file : bytes;
  let encoding: ContentCoding | null = object.encoded ?? null;
  if (!encoding && object.encode && compressible(object.type)) {
    const gz = await gzipAsync(bytes, { level: 6 });
    if (gz.byteLength < bytes.byteLength) [body, encoding] = [gz, 'gzip'];
  }
  const stored = { etag: object.etag, type: object.type, encoding, cacheControl: object.cacheControl };
  const entry: StoredEntry = {
    key: object.key ?? objectKey(object.path ?? object.file, stored),
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

/** Every object and shard this run sent is in the bucket with the bytes we meant (MD5) and the ETag the worker will serve. */
async function verify(options: PublishOptions, sent: readonly Sent[]): Promise<number> {
  const bad: string[] = [];
  const progress = new Progress('verify', sent.length, options.progress);
  await forEachLimit(sent, options.concurrency ?? 16, async (e) => {
    const head = await options.bucket.head(e.key);
    if (!head) bad.push(`${e.key} is missing`);
    else if (head.md5 !== e.md5) bad.push(`${e.key} holds other bytes (MD5 ${head.md5}, expected ${e.md5})`);
    else if (head.metadata.etag !== e.etag) bad.push(`${e.key} carries ETag ${head.metadata.etag}, expected ${e.etag}`);
    progress.tick();
  });
  progress.finish();
  if (bad.length)
    throw new PublishError(
      `verification failed for ${bad.length} of ${sent.length} objects; the pointer was not moved: ${bad.slice(0, 5).join('; ')}`,
    );
  return sent.length;
}

/** The lists of builds and snapshots: short-lived, and stored as they are. */
export async function putList(bucket: ObjectBucket, key: string, list: BuildsList | SnapshotsList): Promise<void> {
  await putJson(bucket, key, list, CACHE.list, false);
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
  await putBody(bucket, key, encode ? await gzipAsync(bytes) : bytes, bytes, cacheControl);
}

/** JSON as stored (`body`: `bytes` gzip-encoded, or the same bytes). */
async function putBody(
  bucket: ObjectBucket,
  key: string,
  body: Uint8Array,
  bytes: Buffer,
  cacheControl: string,
): Promise<void> {
  const encode = body !== bytes;
  await bucket.put({
    key,
    body,
    contentType: JSON_TYPE,
    cacheControl,
    contentEncoding: encode ? 'gzip' : null,
    metadata: { etag: etagOfSync(bytes) },
  });
}

/** The one write that changes what is served: a single small object, atomic in every S3-compatible bucket. */
async function switchPointer(bucket: ObjectBucket, release: Release, at: Date): Promise<void> {
  const pointer: Pointer = {
    ...(release.format === 2 ? { format: 2, index: release.index } : { format: 1 }),
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
 * name a build that is not served or was. The builds list goes last: its `current` naming this
 * release says both are written.
 */
async function updateLists(bucket: ObjectBucket, release: Release, at: Date): Promise<void> {
  if (release.snapshot) {
    const snapshots = (await bucket.getJson<SnapshotsList>(SNAPSHOTS_LIST_KEY))?.snapshots ?? [];
    const entry = {
      day: release.day,
      buildId: release.buildId,
      releaseId: release.releaseId,
      publishedAt: release.publishedAt,
      ...release.snapshot,
    };
    const nextSnapshots = [entry, ...snapshots.filter((s) => s.day !== release.day)].sort(newestFirst);
    await putList(bucket, SNAPSHOTS_LIST_KEY, { updatedAt: at.toISOString(), snapshots: nextSnapshots });
  }
  const summary: BuildSummary = {
    releaseId: release.releaseId,
    buildId: release.buildId,
    day: release.day,
    builtAt: release.builtAt,
    newestDataDay: release.newestDataDay,
    prefix: release.prefix,
    snapshot: release.snapshot,
    publishedAt: release.publishedAt,
  };
  const builds = (await bucket.getJson<BuildsList>(BUILDS_LIST_KEY))?.builds ?? [];
  const nextBuilds = [summary, ...builds.filter((b) => b.prefix !== release.prefix)].sort(newestFirst);
  await putList(bucket, BUILDS_LIST_KEY, {
    updatedAt: at.toISOString(),
    current: release.releaseId,
    builds: nextBuilds,
  });
}

/** The current release's run died between the switch and the lists: a re-run writes them. */
async function catchUpIndexes(bucket: ObjectBucket, prefix: string, releaseId: string, at: Date): Promise<void> {
  if ((await bucket.getJson<BuildsList>(BUILDS_LIST_KEY))?.current === releaseId) return;
  const release = await bucket.getJson<Release>(prefix + RELEASE_FILE);
  if (!release)
    throw new PublishError(`the current build ${prefix} has no ${RELEASE_FILE}: refusing to guess what it holds`);
  await updateLists(bucket, release, at);
}

const newestFirst = (a: { day: string; publishedAt: string }, b: { day: string; publishedAt: string }) =>
  a.day === b.day ? (a.publishedAt < b.publishedAt ? 1 : -1) : a.day < b.day ? 1 : -1;

export function describeReport(r: PublishReport): string[] {
  const operations = `  bucket operations: ${describeOperations(r.operations)}`;
  if (!r.switched)
    return [`${r.releaseId} (${r.buildId}) is already the current build: nothing to publish`, operations];
  return [
    `Published ${r.buildId} as ${r.prefix} (previous: ${r.previous ?? 'none'})`,
    `  ${r.objects} objects: ${r.put} sent (${MB(r.bytesSent)} stored, ${MB(r.bytesIdentity)} before gzip), ${r.kept} kept where they are stored, ${r.copied} snapshot files copied in the bucket, ${r.resumed} already there from an earlier run; ${r.shards} path map shards sent`,
    `  ${r.verified} verified, ${r.requests} requests, ${r.retries} retries, ${(r.ms / 1000).toFixed(1)} s`,
    operations,
  ];
}
