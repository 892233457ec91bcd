/**
 * The release step of the publisher (release.ts) against a real S3 protocol server: one s3rver
 * for the file, a bucket per scenario, and a line in front of it that can die or lose a write
 * (tests/support/s3-line.ts) and records what reached the bucket, in order. The builds are a
 * handful of objects written by the real writer, so the file runs in seconds: it is the suite
 * Stryker runs for every mutant of release.ts. Each test publishes into a bucket of its own from
 * scratch, because a mutant's run picks only the tests that reach the mutant.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request as undiciRequest } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitionPath } from '../core/collection-keys.ts';
import { observationShardPath } from '../core/observation-id.ts';
import {
  type DistManifest,
  type PathMapShard,
  type Pointer,
  POINTER_KEY,
  SHARED_PATHS,
  shardKey,
} from '../core/publication.ts';
import { FetcherOrigin } from '../edge/origin/http.ts';
import { PointerOrigin } from '../edge/origin/pointer.ts';
import { S3Line, type S3Call } from '../tests/support/s3-line.ts';
import { s3At, startS3rver, type LocalS3 } from '../tests/support/s3rver.ts';
import { SERIES_CENSUS_FILE } from '../build/incremental/series-census.ts';
import { STATE_FILE } from '../build/incremental/state.ts';
import { JSON_TYPE, OutputWriter } from '../build/writer.ts';
import { Bucket, md5Hex, s3Client, type PutInput } from './bucket.ts';
import {
  BUILDS_LIST_KEY,
  CACHE,
  RELEASE_FILE,
  SHARED_PREFIX,
  SNAPSHOTS_LIST_KEY,
  buildInputKey,
  buildPrefix,
  isShared,
  objectKey,
  OBJECTS_PREFIX,
  releaseIdOf,
  snapshotPrefix,
} from './layout.ts';
import { sha256HexSync, etagOfSync } from '../core/digest-sync.ts';
import { noOperations, type Operations } from './operations.ts';
import type { LocalFile, StoredEntry } from './plan.ts';
import { DEFAULT_RETENTION, prune } from './prune.ts';
import { MB } from './progress.ts';
import {
  describeReport,
  encodeObject,
  NOTHING_DONE,
  publishRelease,
  PublishError,
  readPointer,
  type BuildsList,
  type PublishOptions,
  type PublishReport,
  type Release,
  type SnapshotsList,
} from './release.ts';
import { DATABASE_FILE, DATAPACKAGE_FILE, type SnapshotFiles } from './snapshot.ts';

const BUCKETS = [
  'first',
  'nightly',
  'history',
  'again',
  'killed',
  'verify',
  'altered',
  'pruned',
  'retention',
  'served',
  'unrecorded',
  'unindexed',
];
const DAY1 = '2026-07-23';
const DAY2 = '2026-07-24';
const DAY3 = '2026-07-25';
const MARKETS = 'api/v1/markets.json';
const HEALTH = 'api/v1/health.json';
const LOGO = 'pages/logo.png';
const SHARD = observationShardPath('2026-07-22', 1);
const MARKETS_CSV = 'csv/markets.csv.gz';

type Build = { distDir: string; manifest: DistManifest; releaseId: string; prefix: string };

let dir: string;
let s3: LocalS3;
let line: S3Line;
/** A: the first night; B: the next night (health and one partition changed); A2: day 1 built again later (health changed); C: day 3, no snapshot. */
let A: Build, A2: Build, B: Build, C: Build;
/** A's rows and bytes, built a day later: the same release id under another day's prefix. */
let A_LATER: Build;
let SA: SnapshotFiles, SA2: SnapshotFiles, SB: SnapshotFiles;
/** Partitions (content-addressed, shared by builds): A has P1 and P2, B and C have P1 and P3. */
const P1 = ndjson('domates', 10);
const P2 = ndjson('biber', 10);
const P3 = ndjson('patlican', 10);
/** A partition's path in the build: named by its content (build/writer.ts `writePartition`). */
const pathOf = (partition: string): string => partitionPath(etagOfSync(partition).slice(1, -1));

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hal-release-'));
  s3 = await startS3rver(BUCKETS);
  line = await S3Line.open(s3.endpoint);
  A = writeBuild('A', DAY1, 'rows1', { day: DAY1 }, [P1, P2]);
  A2 = writeBuild('A2', DAY1, 'rows1', { day: DAY1, rebuilt: true }, [P1, P2]);
  A_LATER = writeBuild('A-later', DAY2, 'rows1', { day: DAY1 }, [P1, P2]);
  B = writeBuild('B', DAY2, 'rows2', { day: DAY2 }, [P1, P3]);
  C = writeBuild('C', DAY3, 'rows3', { day: DAY3 }, [P1, P3]);
  SA = writeSnapshot('SA', DAY1, { version: DAY1 });
  SA2 = writeSnapshot('SA2', DAY1, { version: DAY1, rebuilt: true });
  SB = writeSnapshot('SB', DAY2, { version: DAY2 });
}, 60_000);

afterAll(async () => {
  await line?.close();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

function ndjson(product: string, rows: number): string {
  return (
    Array.from({ length: rows }, (_, i) =>
      JSON.stringify({ product, day: `2026-07-${String(i + 1).padStart(2, '0')}`, avg: 10 + i }),
    ).join('\n') + '\n'
  );
}

/**
 * A build's output as the real build writes it (build/writer.ts): a whole response with its
 * brotli twin, a health object too small to gain from gzip, a binary image, an evidence shard
 * and partitions stored gzip-encoded, the manifest, and the build state beside them (no series
 * census: a build from before it, so one input file is missing).
 */
function writeBuild(name: string, today: string, rows: string, health: object, partitions: string[]): Build {
  const distDir = join(dir, `dist-${name}`);
  const writer = new OutputWriter(distDir);
  writer.writeJson(MARKETS, {
    items: Array.from({ length: 40 }, (_, i) => ({ slug: `market-${i}`, name: `Hal ${i}`, province: 'İzmir' })),
  });
  writer.writeJson(HEALTH, health);
  writer.write(LOGO, Buffer.alloc(120_000, 7), 'image/png');
  writer.writeEncoded(
    SHARD,
    JSON.stringify({ records: Array.from({ length: 20 }, (_, i) => ({ id: i, source: 'izmir' })) }),
  );
  for (const p of partitions) writer.writePartition(p);
  writer.finish({ buildId: `${today}-${rows}`, today, builtAt: `${today}T02:45:00Z`, newestDataDay: '2026-07-22' });
  writeFileSync(join(distDir, STATE_FILE), JSON.stringify({ today, rows }));
  const manifest = JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')) as DistManifest;
  const releaseId = releaseIdOf(manifest);
  return { distDir, manifest, releaseId, prefix: buildPrefix(today, releaseId) };
}

/**
 * A snapshot as publish/snapshot.ts hands it over (files stored as they are: they must
 * match their checksums), without the SQLite store behind it: the store (another each day), a
 * table that did not change, and the datapackage.
 */
function writeSnapshot(name: string, day: string, datapackage: { version: string; rebuilt?: boolean }): SnapshotFiles {
  const snapshotDir = join(dir, `snapshot-${name}`);
  mkdirSync(join(snapshotDir, 'csv'), { recursive: true });
  const contents: [string, Buffer, string][] = [
    [
      DATABASE_FILE,
      gzipSync(Buffer.from(`SQLite format 3\u0000${datapackage.version}`.repeat(64))),
      'application/gzip',
    ],
    [MARKETS_CSV, gzipSync(Buffer.from('slug,name\nkemalpasa,Kemalpaşa\n')), 'application/gzip'],
    [
      DATAPACKAGE_FILE,
      Buffer.from(
        JSON.stringify(
          { ...datapackage, resources: Array.from({ length: 30 }, (_, i) => ({ name: `table-${i}`, format: 'csv' })) },
          null,
          2,
        ),
      ),
      'application/json; charset=utf-8',
    ],
  ];
  for (const [path, bytes] of contents) writeFileSync(join(snapshotDir, path), bytes);
  const files = contents.map(([path, bytes]) => ({ path, bytes: bytes.byteLength, sha256: sha256HexSync(bytes) }));
  const prefix = snapshotPrefix(day, sha256HexSync(files.map((f) => `${f.sha256}  ${f.path}\n`).join('')).slice(0, 12));
  const objects = contents.map(
    ([path, bytes, type]): LocalFile => ({
      key: prefix + path,
      path: null,
      file: join(snapshotDir, path),
      etag: etagOfSync(bytes),
      bytes: bytes.byteLength,
      type,
      cacheControl: CACHE.immutable,
      shared: false,
      encode: false,
    }),
  );
  return { day, prefix, dir: snapshotDir, files, objects, rows: {} };
}

/** The bucket as tests read and plant it, straight to the server. */
const direct = (name: string): Bucket => s3.bucket(name);
/** The publisher's bucket, over the line: a few quick tries, then it gives up. */
const lined = (name: string): Bucket =>
  new Bucket(s3Client(s3At(line.endpoint).config(name)), name, { attempts: 2, baseMs: 10 });
/** The requests that reached the bucket since the mark. */
const since = (mark: number): S3Call[] => line.calls.slice(mark);
const writesOf = (calls: S3Call[]): string[] => calls.filter((c) => c.write).map((c) => c.key);
/** A listing asks for the bucket itself (`/<bucket>?prefix=…`). */
const listing = (c: S3Call): boolean => c.method === 'GET' && c.key === '';

/** A clock whose every reading is a minute after the one before. */
function clock(start: string): () => Date {
  let readings = 0;
  return () => new Date(Date.parse(start) + 60_000 * readings++);
}

function publish(
  bucket: Bucket,
  build: Build,
  snapshot: SnapshotFiles | null,
  options: Partial<PublishOptions> = {},
): Promise<PublishReport> {
  return publishRelease({ bucket, distDir: build.distDir, snapshot, progress: null, ...options });
}

/** Where a path of a build is stored: a shared partition under its path, any other object by its content. */
function keyOf(path: string, build: Build): string {
  if (isShared(path)) return SHARED_PREFIX + path;
  const e = build.manifest.objects[path]!;
  const encoding = e.encoding ?? (path === MARKETS ? 'gzip' : null);
  return objectKey(path, { etag: e.etag, type: e.type, encoding, cacheControl: CACHE.immutable });
}

/** Every object of a release, as the record must list it; the one object the publisher gzip-encodes (markets.json) has its MD5 and size checked in the bucket. */
function entriesOf(build: Build, snapshot: SnapshotFiles | null): StoredEntry[] {
  const entries: StoredEntry[] = Object.entries(build.manifest.objects).map(([path, e]) => {
    const file = readFileSync(join(build.distDir, path));
    const gzipped = path === MARKETS;
    const encoding = e.encoding ?? (gzipped ? 'gzip' : null);
    return {
      key: keyOf(path, build),
      path,
      etag: e.etag,
      bytes: e.bytes,
      type: e.type,
      encoding,
      md5: gzipped ? expect.any(String) : md5Hex(file),
      stored: gzipped ? expect.any(Number) : file.byteLength,
      cacheControl: CACHE.immutable,
    };
  });
  for (const o of snapshot?.objects ?? []) {
    const file = readFileSync(o.file);
    entries.push({
      key: o.key,
      path: null,
      etag: o.etag,
      bytes: o.bytes,
      type: o.type,
      encoding: null,
      md5: md5Hex(file),
      stored: file.byteLength,
      cacheControl: CACHE.immutable,
    });
  }
  return entries.sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** The operations the line saw, by kind: a listing asks for the bucket itself, a delete posts to it. */
function operationsOf(calls: S3Call[]): Operations {
  const counted = noOperations();
  for (const c of calls) {
    if (c.copy) counted.copy++;
    else if (c.delete) counted.delete++;
    else if (c.write) counted.put++;
    else if (c.method === 'HEAD') counted.head++;
    else if (listing(c)) counted.list++;
    else counted.get++;
  }
  return counted;
}

/** The build's path map as stored: path → key, from every shard the pointer names. */
async function pathMapOf(bucket: Bucket, release: Release): Promise<PathMapShard> {
  if (release.format !== 2) throw new Error('a release with a path map');
  const pathMap: PathMapShard = {};
  for (let n = 0; n < release.index.shards; n++)
    Object.assign(pathMap, await bucket.getJson<PathMapShard>(shardKey(release.index, n)));
  return pathMap;
}

/** Every object the record lists is in the bucket as recorded: its stored bytes (MD5, size), headers and ETag, and they decode to the identity the ETag names. */
async function expectStoredAsRecorded(bucket: Bucket, release: Release): Promise<void> {
  for (const o of release.objects) {
    expect(await bucket.head(o.key), o.key).toMatchObject({
      md5: o.md5,
      size: o.stored,
      contentType: o.type,
      cacheControl: o.cacheControl,
      contentEncoding: o.encoding,
      metadata: { etag: o.etag },
    });
    const { stored } = (await bucket.getStored(o.key))!;
    const identity =
      o.encoding === 'gzip' ? gunzipSync(stored) : o.encoding === 'br' ? brotliDecompressSync(stored) : stored;
    expect(etagOfSync(identity), o.key).toBe(o.etag);
  }
}

const summaryOf = (r: Release): BuildsList['builds'][number] => ({
  releaseId: r.releaseId,
  buildId: r.buildId,
  day: r.day,
  builtAt: r.builtAt,
  newestDataDay: r.newestDataDay,
  prefix: r.prefix,
  snapshot: r.snapshot,
  publishedAt: r.publishedAt,
});
const snapshotEntryOf = (r: Release): SnapshotsList['snapshots'][number] => ({
  day: r.day,
  buildId: r.buildId,
  releaseId: r.releaseId,
  publishedAt: r.publishedAt,
  prefix: r.snapshot!.prefix,
  files: r.snapshot!.files,
});
const recordOf = async (bucket: Bucket, build: Build) => (await bucket.getJson<Release>(build.prefix + RELEASE_FILE))!;
const opsOf = (ops: [string, string][]) => Object.fromEntries(ops.map(([op, key]) => [key, op]));
const sum = (entries: StoredEntry[], field: 'bytes' | 'stored') => entries.reduce((total, e) => total + e[field], 0);
const plainPointer = (prefix: string, releaseId: string): Pointer => ({
  format: 1,
  buildId: `2026-07-22-${releaseId}`,
  releaseId,
  day: '2026-07-22',
  prefix,
  shared: { prefix: SHARED_PREFIX, paths: [...SHARED_PATHS] },
  builtAt: '2026-07-22T02:45:00Z',
  newestDataDay: '2026-07-21',
  publishedAt: '2026-07-22T03:00:00Z',
});

describe('publishing a release', () => {
  it('the first publication sends every object, verifies each, records the release, then moves the pointer, then writes the snapshots and builds lists', async () => {
    const bucket = lined('first');
    const read = direct('first');
    const mark = line.calls.length;
    const ops: [string, string][] = [];
    const progress: string[] = [];
    const started = performance.now();
    const report = await publishRelease({
      bucket,
      distDir: A.distDir,
      snapshot: SA,
      now: clock(`${DAY1}T03:00:00Z`),
      progress: (text) => progress.push(text),
      onObject: (op, key) => ops.push([op, key]),
    });
    const elapsed = performance.now() - started;
    const calls = since(mark);

    const release = await recordOf(read, A);
    const index = { prefix: `${A.prefix}_index/`, shards: 1 };
    expect(release).toEqual({
      format: 2,
      releaseId: A.releaseId,
      buildId: `${DAY1}-rows1`,
      day: DAY1,
      builtAt: `${DAY1}T02:45:00Z`,
      newestDataDay: '2026-07-22',
      prefix: A.prefix,
      shared: { prefix: SHARED_PREFIX, paths: ['api/v1/_p/'] },
      index,
      snapshot: { prefix: SA.prefix, files: SA.files },
      publishedAt: `${DAY1}T03:00:00.000Z`,
      objects: entriesOf(A, SA),
    });
    // Stored once, by content: the build's objects under objects/, partitions under shared/; the path map names each.
    expect(
      release.objects
        .filter((o) => o.path !== null && !isShared(o.path))
        .every((o) => o.key.startsWith(OBJECTS_PREFIX)),
    ).toBe(true);
    expect(await pathMapOf(read, release)).toEqual(
      Object.fromEntries(Object.keys(A.manifest.objects).map((path) => [path, keyOf(path, A)])),
    );
    expect(await read.head(shardKey(index, 0))).toMatchObject({
      contentType: JSON_TYPE,
      cacheControl: CACHE.immutable,
      contentEncoding: 'gzip',
    });
    // What the build stored encoded travels as it is, what it did not is gzip-encoded where that pays, and snapshot files never are.
    const encodings = Object.fromEntries(
      release.objects.map((o) => [o.path ?? o.key.slice(SA.prefix.length), o.encoding]),
    );
    expect(encodings).toEqual({
      [MARKETS]: 'gzip',
      [`${MARKETS}.br`]: 'br',
      [HEALTH]: null,
      [LOGO]: null,
      [SHARD]: 'gzip',
      [pathOf(P1)]: 'gzip',
      [pathOf(P2)]: 'gzip',
      [DATABASE_FILE]: null,
      [MARKETS_CSV]: null,
      [DATAPACKAGE_FILE]: null,
    });
    await expectStoredAsRecorded(read, release);
    for (const o of release.objects.filter((o) => o.encoding !== null && o.path !== MARKETS)) {
      expect(
        Buffer.from((await read.getStored(o.key))!.stored).equals(readFileSync(join(A.distDir, o.path!))),
        o.key,
      ).toBe(true);
    }

    expect(report).toEqual({
      releaseId: A.releaseId,
      buildId: `${DAY1}-rows1`,
      day: DAY1,
      prefix: A.prefix,
      previous: null,
      switched: true,
      objects: 10,
      put: 10,
      copied: 0,
      kept: 0,
      resumed: 0,
      shards: 1,
      bytesSent: sum(release.objects, 'stored'),
      bytesIdentity: sum(release.objects, 'bytes'),
      verified: 11,
      // 2 build inputs, 10 objects, 1 shard, the record, the pointer, 2 lists; a HEAD for each object and
      // shard sent; the pointer, a record of this release, the 2 lists; the 2 prefixes of this release.
      operations: { put: 17, copy: 0, head: 11, get: 4, list: 2, delete: 0 },
      requests: calls.length,
      retries: 0,
      ms: expect.any(Number),
    });
    expect(report.ms).toBeLessThanOrEqual(Math.ceil(elapsed));
    expect(report.operations).toEqual(operationsOf(calls));
    expect(ops.sort()).toEqual([...release.objects.map((o) => ['put', o.key]), ['index', shardKey(index, 0)]].sort());

    // The record is immutable and gzip-encoded; the pointer and lists are short-lived and stored as they are.
    expect(await read.head(A.prefix + RELEASE_FILE)).toMatchObject({
      contentType: JSON_TYPE,
      cacheControl: CACHE.immutable,
      contentEncoding: 'gzip',
      metadata: { etag: etagOfSync(JSON.stringify(release)) },
    });
    const pointer = await readPointer(read);
    expect(pointer).toEqual({
      format: 2,
      index,
      buildId: `${DAY1}-rows1`,
      releaseId: A.releaseId,
      day: DAY1,
      prefix: A.prefix,
      shared: { prefix: SHARED_PREFIX, paths: ['api/v1/_p/'] },
      builtAt: `${DAY1}T02:45:00Z`,
      newestDataDay: '2026-07-22',
      publishedAt: `${DAY1}T03:01:00.000Z`,
    });
    expect(await read.head(POINTER_KEY)).toMatchObject({
      contentType: JSON_TYPE,
      cacheControl: CACHE.pointer,
      contentEncoding: null,
      metadata: { etag: etagOfSync(JSON.stringify(pointer)) },
    });
    const updatedAt = `${DAY1}T03:02:00.000Z`;
    expect(await read.getJson<SnapshotsList>(SNAPSHOTS_LIST_KEY)).toEqual({
      updatedAt,
      snapshots: [snapshotEntryOf(release)],
    });
    expect(await read.getJson<BuildsList>(BUILDS_LIST_KEY)).toEqual({
      updatedAt,
      current: A.releaseId,
      builds: [summaryOf(release)],
    });
    for (const key of [SNAPSHOTS_LIST_KEY, BUILDS_LIST_KEY])
      expect(await read.head(key), key).toMatchObject({
        contentType: JSON_TYPE,
        cacheControl: CACHE.list,
        contentEncoding: null,
      });

    // The manifest and state beside the build, for the next night's incremental build; the census this build lacks is not invented.
    for (const file of ['manifest.json', STATE_FILE] as const) {
      const bytes = readFileSync(join(A.distDir, file));
      expect(Buffer.from((await read.get(buildInputKey(A.prefix, file)))!.bytes).equals(bytes), file).toBe(true);
      expect(await read.head(buildInputKey(A.prefix, file)), file).toMatchObject({
        contentType: JSON_TYPE,
        cacheControl: CACHE.immutable,
        contentEncoding: 'gzip',
        metadata: { etag: etagOfSync(bytes) },
      });
    }
    expect(await read.head(buildInputKey(A.prefix, SERIES_CENSUS_FILE))).toBeNull();

    // The order of the writes: the build inputs (a re-run knows by them the prefix was begun), the objects, the
    // path map, then (after every one is verified) the record, the pointer, the snapshots list, the builds list.
    const writes = writesOf(calls);
    expect(writes.slice(0, 2).sort()).toEqual(
      [buildInputKey(A.prefix, 'manifest.json'), buildInputKey(A.prefix, STATE_FILE)].sort(),
    );
    expect(writes.slice(-5)).toEqual([
      shardKey(index, 0),
      A.prefix + RELEASE_FILE,
      POINTER_KEY,
      SNAPSHOTS_LIST_KEY,
      BUILDS_LIST_KEY,
    ]);
    expect(writes.slice(2, -5).sort()).toEqual(release.objects.map((o) => o.key).sort());
    // What a dead run of this release stored is looked for under its own prefix and its snapshot's, once each.
    expect(calls.filter(listing)).toHaveLength(2);
    const pathMapWrite = calls.findIndex((c) => c.write && c.key === shardKey(index, 0));
    const recordWrite = calls.findIndex((c) => c.write && c.key === A.prefix + RELEASE_FILE);
    for (const key of [...release.objects.map((o) => o.key), shardKey(index, 0)]) {
      const heads = calls.flatMap((c, i) => (c.method === 'HEAD' && c.key === key ? [i] : []));
      // Nothing is looked for before it is sent on a prefix not begun; all is verified once, after the path map.
      expect(heads.length, key).toBe(1);
      expect(heads[0]!, key).toBeGreaterThan(pathMapWrite);
      expect(heads[0]!, key).toBeLessThan(recordWrite);
    }

    const text = progress.join('');
    expect(text).toContain(`upload [${'#'.repeat(30)}] 100% 10/10 · ${MB(report.bytesSent)}`);
    expect(MB(report.bytesSent)).not.toBe(MB(0));
    expect(text).toContain(`verify [${'#'.repeat(30)}] 100% 11/11 · ${MB(0)}`);
  });

  it('a night whose build changed N objects sends N objects, its path map and its record, verifies what it sent, and copies nothing', async () => {
    const bucket = lined('nightly');
    const read = direct('nightly');
    await publish(bucket, A, null, { now: clock(`${DAY1}T03:00:00Z`) });
    const mark = line.calls.length;
    const ops: [string, string][] = [];
    const report = await publish(bucket, B, null, { onObject: (op, key) => ops.push([op, key]) });
    const calls = since(mark);
    const releaseB = await recordOf(read, B);
    // B changed health and has a new partition (P3); the rest is A's, stored once.
    const changed = [HEALTH, pathOf(P3)].map((path) => keyOf(path, B));
    const mapShard = shardKey({ prefix: `${B.prefix}_index/`, shards: 1 }, 0);
    expect(opsOf(ops)).toEqual({
      ...Object.fromEntries(Object.keys(B.manifest.objects).map((path) => [keyOf(path, B), 'keep'])),
      ...Object.fromEntries(changed.map((key) => [key, 'put'])),
      [mapShard]: 'index',
    });
    expect(report).toMatchObject({ objects: 7, put: 2, kept: 5, copied: 0, resumed: 0, shards: 1, verified: 3 });
    // N + 6 puts: the N objects, 2 build inputs, 1 shard, the record, the pointer, the builds list; N + 1 HEADs;
    // 4 GETs: the pointer, the current record, a record of this release, the builds list; 1 listing: this prefix.
    expect(report.operations).toEqual({ put: 2 + 6, copy: 0, head: 2 + 1, get: 4, list: 1, delete: 0 });
    expect(report.operations).toEqual(operationsOf(calls));
    expect(
      calls
        .filter((c) => c.method === 'HEAD')
        .map((c) => c.key)
        .sort(),
    ).toEqual([...changed, mapShard].sort());
    expect(
      writesOf(calls)
        .filter((k) => k.startsWith(OBJECTS_PREFIX) || k.startsWith(SHARED_PREFIX))
        .sort(),
    ).toEqual(changed.sort());
    expect(describeReport(report).at(-1)).toBe(
      '  bucket operations: put 8 · copy 0 · head 3 · get 4 · list 1 · delete 0 · 16 in all',
    );
    await expectStoredAsRecorded(read, releaseB);
    expect(await pathMapOf(read, releaseB)).toEqual(
      Object.fromEntries(Object.keys(B.manifest.objects).map((path) => [path, keyOf(path, B)])),
    );
  });

  it("later nights copy unchanged objects inside the bucket and keep shared ones; a rollback verifies a recorded release and only moves the pointer; the lists name days newest first, a day's builds newest first, one snapshot a day", async () => {
    const bucket = lined('history');
    const read = direct('history');
    await publish(bucket, A, SA, { now: clock(`${DAY1}T03:00:00Z`) });
    const releaseA = await recordOf(read, A);

    // B: health and a partition changed.
    let mark = line.calls.length;
    const ops: [string, string][] = [];
    const reportB = await publish(bucket, B, SB, {
      now: clock(`${DAY2}T03:00:00Z`),
      onObject: (op, key) => ops.push([op, key]),
    });
    let calls = since(mark);
    const releaseB = await recordOf(read, B);
    expect(releaseB.objects).toEqual(entriesOf(B, SB));
    const p1 = SHARED_PREFIX + pathOf(P1);
    const kept = [MARKETS, `${MARKETS}.br`, LOGO, SHARD, pathOf(P1)].map((p) => keyOf(p, B));
    const copied = [SB.prefix + MARKETS_CSV];
    const sent = [keyOf(HEALTH, B), keyOf(pathOf(P3), B), SB.prefix + DATABASE_FILE, SB.prefix + DATAPACKAGE_FILE];
    expect(opsOf(ops)).toEqual({
      ...Object.fromEntries(kept.map((k) => [k, 'keep'])),
      ...Object.fromEntries(sent.map((k) => [k, 'put'])),
      [SB.prefix + MARKETS_CSV]: 'copy',
      [`${B.prefix}_index/0.json`]: 'index',
    });
    expect(ops).toHaveLength(11);
    const put = releaseB.objects.filter((o) => sent.includes(o.key));
    expect(reportB).toMatchObject({
      previous: A.releaseId,
      switched: true,
      objects: 10,
      put: 4,
      copied: 1,
      kept: 5,
      resumed: 0,
      shards: 1,
      verified: 5,
      bytesSent: sum(put, 'stored'),
      bytesIdentity: sum(put, 'bytes'),
      requests: calls.length,
      retries: 0,
    });
    // Only an unchanged snapshot file is copied, inside the bucket; a kept object is not written at all.
    expect(
      calls
        .filter((c) => c.copy)
        .map((c) => c.key)
        .sort(),
    ).toEqual(copied);
    for (const key of kept) expect(writesOf(calls)).not.toContain(key);
    expect(releaseB.objects.find((o) => o.key === p1)).toEqual(releaseA.objects.find((o) => o.key === p1));
    await expectStoredAsRecorded(read, releaseB);
    expect(await read.getJson<BuildsList>(BUILDS_LIST_KEY)).toMatchObject({
      current: B.releaseId,
      builds: [summaryOf(releaseB), summaryOf(releaseA)],
    });
    expect((await read.getJson<SnapshotsList>(SNAPSHOTS_LIST_KEY))?.snapshots).toEqual([
      snapshotEntryOf(releaseB),
      snapshotEntryOf(releaseA),
    ]);

    // A2: day 1 built again and published later, with its own snapshot of day 1.
    const reportA2 = await publish(bucket, A2, SA2, { now: clock(`${DAY2}T05:00:00Z`) });
    expect(reportA2).toMatchObject({ previous: B.releaseId, switched: true });
    const releaseA2 = await recordOf(read, A2);
    expect((await read.getJson<BuildsList>(BUILDS_LIST_KEY))?.builds).toEqual([
      summaryOf(releaseB),
      summaryOf(releaseA2),
      summaryOf(releaseA),
    ]);
    expect((await read.getJson<SnapshotsList>(SNAPSHOTS_LIST_KEY))?.snapshots).toEqual([
      snapshotEntryOf(releaseB),
      snapshotEntryOf(releaseA2),
    ]);

    // Back to A: its record stands (retention keeps what a recorded build lists); the pointer and the lists are all that is written.
    mark = line.calls.length;
    const rollbackOps: [string, string][] = [];
    const rollback = await publish(bucket, A, SA, {
      now: clock(`${DAY2}T06:00:00Z`),
      onObject: (op, key) => rollbackOps.push([op, key]),
    });
    calls = since(mark);
    expect(rollback).toMatchObject({
      releaseId: A.releaseId,
      previous: A2.releaseId,
      switched: true,
      objects: 10,
      verified: 0,
      put: 0,
      copied: 0,
      kept: 0,
      resumed: 0,
      bytesSent: 0,
      bytesIdentity: 0,
      requests: calls.length,
    });
    expect(rollbackOps).toEqual([]);
    expect(writesOf(calls)).toEqual([POINTER_KEY, SNAPSHOTS_LIST_KEY, BUILDS_LIST_KEY]);
    expect(rollback.operations).toEqual({ put: 3, copy: 0, head: 0, get: 4, list: 0, delete: 0 });
    expect(rollback.operations).toEqual(operationsOf(calls));
    expect(await recordOf(read, A)).toEqual(releaseA);
    expect(await readPointer(read)).toMatchObject({
      releaseId: A.releaseId,
      prefix: A.prefix,
      publishedAt: `${DAY2}T06:00:00.000Z`,
    });
    expect(await read.getJson<BuildsList>(BUILDS_LIST_KEY)).toEqual({
      updatedAt: `${DAY2}T06:01:00.000Z`,
      current: A.releaseId,
      builds: [summaryOf(releaseB), summaryOf(releaseA2), summaryOf(releaseA)],
    });
    expect(await read.getJson<SnapshotsList>(SNAPSHOTS_LIST_KEY)).toEqual({
      updatedAt: `${DAY2}T06:01:00.000Z`,
      snapshots: [snapshotEntryOf(releaseB), snapshotEntryOf(releaseA)],
    });

    // C, without a snapshot: the snapshots list is left as it is.
    const snapshotsBefore = await read.getJson<SnapshotsList>(SNAPSHOTS_LIST_KEY);
    mark = line.calls.length;
    const reportC = await publish(bucket, C, null, { now: clock(`${DAY3}T03:00:00Z`) });
    calls = since(mark);
    const releaseC = await recordOf(read, C);
    expect(releaseC.snapshot).toBeNull();
    expect(releaseC.objects).toEqual(entriesOf(C, null));
    // P3 is not in A's record: sent again, though B left it in the bucket (a look would cost as much as the write).
    expect(reportC).toMatchObject({ previous: A.releaseId, objects: 7, put: 2, copied: 0, kept: 5, resumed: 0 });
    expect(writesOf(calls).slice(-3)).toEqual([C.prefix + RELEASE_FILE, POINTER_KEY, BUILDS_LIST_KEY]);
    expect(calls.filter(listing)).toHaveLength(1);
    expect(await read.getJson<SnapshotsList>(SNAPSHOTS_LIST_KEY)).toEqual(snapshotsBefore);
    expect((await read.getJson<BuildsList>(BUILDS_LIST_KEY))?.builds).toEqual([
      summaryOf(releaseC),
      summaryOf(releaseB),
      summaryOf(releaseA2),
      summaryOf(releaseA),
    ]);
  });

  it('publishing the current build again writes nothing; the same rows and bytes built a day later are another release', async () => {
    const bucket = lined('again');
    const read = direct('again');
    await publish(bucket, A, null);
    const mark = line.calls.length;
    const started = performance.now();
    const again = await publish(bucket, A, null);
    const elapsed = performance.now() - started;
    const calls = since(mark);
    expect(again).toEqual({
      releaseId: A.releaseId,
      buildId: A.manifest.buildId,
      day: DAY1,
      prefix: A.prefix,
      previous: A.releaseId,
      switched: false,
      ...NOTHING_DONE,
      operations: { ...noOperations(), get: 2 },
      requests: 2,
      ms: expect.any(Number),
    });
    expect(again.ms).toBeLessThanOrEqual(Math.ceil(elapsed));
    expect(calls.map((c) => `${c.method} ${c.key}`)).toEqual([`GET ${POINTER_KEY}`, `GET ${BUILDS_LIST_KEY}`]);
    expect(describeReport(again)).toEqual([
      `${A.releaseId} (${A.manifest.buildId}) is already the current build: nothing to publish`,
      '  bucket operations: put 0 · copy 0 · head 0 · get 2 · list 0 · delete 0 · 2 in all',
    ]);

    expect(A_LATER.releaseId).toBe(A.releaseId);
    const later = await publish(bucket, A_LATER, null);
    expect(later).toMatchObject({
      prefix: A_LATER.prefix,
      previous: A.releaseId,
      switched: true,
      objects: 7,
      put: 0,
      copied: 0,
      kept: 7,
      resumed: 0,
      shards: 1,
    });
    expect(await readPointer(read)).toMatchObject({ prefix: A_LATER.prefix, day: DAY2 });
    expect((await read.getJson<BuildsList>(BUILDS_LIST_KEY))?.builds.map((b) => b.prefix)).toEqual([
      A_LATER.prefix,
      A.prefix,
    ]);
  });

  it('a run killed during the upload leaves the pointer; the re-run finds what it stored and sends the rest; one killed before the lists is caught up by the next', async () => {
    const bucket = lined('killed');
    const read = direct('killed');
    await publish(bucket, A, SA);

    // One object at a time, so the objects stored before the kill are those whose writes reached the bucket.
    let mark = line.calls.length;
    const stats = { ...bucket.stats };
    line.cutAt((c) => c.write && c.key === SB.prefix + MARKETS_CSV);
    const died: unknown = await publish(bucket, B, SB, { concurrency: 1 }).catch((error: unknown) => error);
    expect(line.struck).toBe(true);
    line.mend();
    // The copy of an unchanged snapshot file died with the line: one retry, then the run gives up (sending the file instead is for a pruned source only).
    expect(died).toBeInstanceOf(Error);
    expect(bucket.stats.requests - stats.requests).toBe(since(mark).length + 2);
    expect(bucket.stats.retries - stats.retries).toBe(1);
    const storedBefore = writesOf(since(mark)).filter((k) => !k.startsWith(`${B.prefix}_build/`));
    const [health, p3] = [keyOf(HEALTH, B), keyOf(pathOf(P3), B)];
    expect(storedBefore.sort()).toEqual([health, p3, SB.prefix + DATABASE_FILE].sort());
    // The build inputs went first: the re-run knows by them that this prefix was begun.
    expect(
      writesOf(since(mark))
        .slice(0, 2)
        .every((k) => k.startsWith(`${B.prefix}_build/`)),
    ).toBe(true);
    expect((await readPointer(read))?.releaseId).toBe(A.releaseId);
    expect(await read.head(B.prefix + RELEASE_FILE)).toBeNull();

    mark = line.calls.length;
    line.cutAt((c) => c.write && c.key === SNAPSHOTS_LIST_KEY);
    const ops: [string, string][] = [];
    await expect(publish(bucket, B, SB, { onObject: (op, key) => ops.push([op, key]) })).rejects.toThrow();
    expect(line.struck).toBe(true);
    line.mend();
    const mapShard = `${B.prefix}_index/0.json`;
    expect(opsOf(ops)).toEqual({
      ...Object.fromEntries([MARKETS, `${MARKETS}.br`, LOGO, SHARD, pathOf(P1)].map((p) => [keyOf(p, B), 'keep'])),
      ...Object.fromEntries(storedBefore.map((k) => [k, 'resumed'])),
      [SB.prefix + MARKETS_CSV]: 'copy',
      [SB.prefix + DATAPACKAGE_FILE]: 'put',
      [mapShard]: 'index',
    });
    expect(writesOf(since(mark)).filter((k) => storedBefore.includes(k))).toEqual([]);
    // On a begun prefix each object to send is looked for first; then what was sent is verified.
    expect(
      since(mark)
        .filter((c) => c.method === 'HEAD')
        .map((c) => c.key)
        .sort(),
    ).toEqual([health, p3, SB.prefix + DATAPACKAGE_FILE, mapShard].sort());
    expect((await readPointer(read))?.releaseId).toBe(B.releaseId);
    expect((await read.getJson<BuildsList>(BUILDS_LIST_KEY))?.current).toBe(A.releaseId);

    // The report counts this run's requests and retries, not those of the runs before on the same client.
    expect(bucket.stats.retries).toBeGreaterThan(0);
    mark = line.calls.length;
    const caughtUp = await publish(bucket, B, SB, { now: clock(`${DAY2}T09:00:00Z`) });
    const calls = since(mark);
    expect(caughtUp).toMatchObject({
      releaseId: B.releaseId,
      previous: B.releaseId,
      switched: false,
      objects: 0,
      put: 0,
      resumed: 0,
      verified: 0,
      requests: calls.length,
      retries: 0,
    });
    expect(writesOf(calls)).toEqual([SNAPSHOTS_LIST_KEY, BUILDS_LIST_KEY]);
    const [releaseA, releaseB] = [await recordOf(read, A), await recordOf(read, B)];
    expect(await read.getJson<BuildsList>(BUILDS_LIST_KEY)).toEqual({
      updatedAt: `${DAY2}T09:00:00.000Z`,
      current: B.releaseId,
      builds: [summaryOf(releaseB), summaryOf(releaseA)],
    });
    expect(await read.getJson<SnapshotsList>(SNAPSHOTS_LIST_KEY)).toEqual({
      updatedAt: `${DAY2}T09:00:00.000Z`,
      snapshots: [snapshotEntryOf(releaseB), snapshotEntryOf(releaseA)],
    });
  });

  it('verification refuses a write the bucket lost, a shared object holding other bytes and one carrying another ETag; the pointer stays until all are right', async () => {
    const bucket = lined('verify');
    const read = direct('verify');
    const [p1, p2] = [SHARED_PREFIX + pathOf(P1), SHARED_PREFIX + pathOf(P2)];
    const etagP1 = etagOfSync(P1);

    const markets = keyOf(MARKETS, A);
    line.loseAt((c) => c.write && c.key === markets);
    await expect(publish(bucket, A, null)).rejects.toThrow(
      new PublishError(`verification failed for 1 of 8 objects; the pointer was not moved: ${markets} is missing`),
    );
    expect(line.struck).toBe(true);
    line.mend();
    expect(await readPointer(read)).toBeNull();
    expect(await read.head(A.prefix + RELEASE_FILE)).toBeNull();

    // Planted as a dead run could have left them; the re-run looks, sends them again, and the bucket loses that write.
    const gz = Buffer.from((await read.getStored(p1))!.stored);
    const plant = (body: Buffer, etag: string) =>
      read.put({
        key: p1,
        body,
        contentType: 'application/x-ndjson',
        cacheControl: CACHE.immutable,
        contentEncoding: 'gzip',
        metadata: { etag },
      });
    await plant(gz, '"other"');
    line.loseAt((c) => c.write && c.key === p1);
    await expect(publish(bucket, A, null)).rejects.toThrow(
      new PublishError(
        `verification failed for 1 of 2 objects; the pointer was not moved: ${p1} carries ETag "other", expected ${etagP1}`,
      ),
    );
    expect(line.struck).toBe(true);
    line.mend();

    const other = gzipSync(Buffer.from('{"other":true}\n'));
    await plant(other, etagP1);
    line.loseAt((c) => c.write && c.key === p1);
    await expect(publish(bucket, A, null)).rejects.toThrow(
      new PublishError(
        `verification failed for 1 of 1 objects; the pointer was not moved: ${p1} holds other bytes (MD5 ${md5Hex(other)}, expected ${md5Hex(gz)})`,
      ),
    );
    expect(line.struck).toBe(true);
    line.mend();
    expect(await readPointer(read)).toBeNull();

    const ops: [string, string][] = [];
    const report = await publish(bucket, A, null, { onObject: (op, key) => ops.push([op, key]) });
    expect(report).toMatchObject({ switched: true, objects: 7, verified: 1, put: 1, resumed: 6, shards: 0 });
    expect(opsOf(ops)[p1]).toBe('put');
    expect(opsOf(ops)[p2]).toBe('resumed');
    expect((await readPointer(read))?.releaseId).toBe(A.releaseId);
    await expectStoredAsRecorded(read, await recordOf(read, A));
  });

  it('refuses an object the bucket stored with other bytes than were sent', async () => {
    /** Stores a byte more than it is given for one key, and answers that object's MD5 (as a faulty bucket behind a proxy would). */
    class Altering extends Bucket {
      override async put(input: PutInput): Promise<string> {
        return super.put(
          input.key === keyOf(HEALTH, A) ? { ...input, body: Buffer.concat([input.body, Buffer.from('\n')]) } : input,
        );
      }
    }
    const bucket = new Altering(s3Client(s3.config('altered')), 'altered');
    const sent = readFileSync(join(A.distDir, HEALTH));
    const stored = Buffer.concat([sent, Buffer.from('\n')]);
    await expect(publish(bucket, A, null)).rejects.toThrow(
      new PublishError(
        `${keyOf(HEALTH, A)}: the bucket stored other bytes (ETag ${md5Hex(stored)}, sent MD5 ${md5Hex(sent)})`,
      ),
    );
    expect(await readPointer(direct('altered'))).toBeNull();
  });

  it('sends a snapshot file again when the one to copy was pruned', async () => {
    const bucket = lined('pruned');
    const read = direct('pruned');
    await publish(bucket, A, SA);
    await read.delete([SA.prefix + MARKETS_CSV]);
    const ops: [string, string][] = [];
    const reportB = await publish(bucket, B, SB, { onObject: (op, key) => ops.push([op, key]) });
    expect(opsOf(ops)[SB.prefix + MARKETS_CSV]).toBe('put');
    expect(reportB).toMatchObject({ objects: 10, verified: 6, put: 5, copied: 0, kept: 5, resumed: 0 });
    expect(await read.head(SB.prefix + MARKETS_CSV)).toMatchObject({
      md5: md5Hex(readFileSync(join(SB.dir, MARKETS_CSV))),
      contentEncoding: null,
    });
  });

  it('refuses to publish over a current build that has no release record', async () => {
    const read = direct('unrecorded');
    const prefix = 'builds/2026-07-22/gone/';
    await read.put({
      key: POINTER_KEY,
      body: Buffer.from(JSON.stringify(plainPointer(prefix, 'gone'))),
      contentType: JSON_TYPE,
      cacheControl: CACHE.pointer,
      contentEncoding: null,
      metadata: {},
    });
    await expect(publish(lined('unrecorded'), A, null)).rejects.toThrow(
      new PublishError(`the current build ${prefix} has no ${RELEASE_FILE}: refusing to guess what it holds`),
    );
    expect((await read.list('')).objects.map((o) => o.key)).toEqual([POINTER_KEY]);
  });

  it('refuses to catch up the lists of a current build that has no release record', async () => {
    const read = direct('unindexed');
    await read.put({
      key: POINTER_KEY,
      body: Buffer.from(JSON.stringify(plainPointer(A.prefix, A.releaseId))),
      contentType: JSON_TYPE,
      cacheControl: CACHE.pointer,
      contentEncoding: null,
      metadata: {},
    });
    await expect(publish(lined('unindexed'), A, null)).rejects.toThrow(
      new PublishError(`the current build ${A.prefix} has no ${RELEASE_FILE}: refusing to guess what it holds`),
    );
    expect((await read.list('')).objects.map((o) => o.key)).toEqual([POINTER_KEY]);
  });
});

describe('retention', () => {
  it('deletes a dropped build and what it alone lists, keeps what a retained build lists, and sweeps the bucket only when a dead run is dropped', async () => {
    const bucket = lined('retention');
    const read = direct('retention');
    await publish(bucket, A, null, { now: clock(`${DAY1}T03:00:00Z`) });
    await publish(bucket, B, null, { now: clock(`${DAY2}T03:00:00Z`) });
    await publish(bucket, C, null, { now: clock(`${DAY3}T03:00:00Z`) });
    const [releaseA, releaseB, releaseC] = [await recordOf(read, A), await recordOf(read, B), await recordOf(read, C)];
    const stored = async () =>
      [...(await read.list(OBJECTS_PREFIX)).objects, ...(await read.list(SHARED_PREFIX)).objects]
        .map((o) => o.key)
        .sort();
    const listedBy = (...releases: Release[]) =>
      [...new Set(releases.flatMap((r) => r.objects.map((o) => o.key)))].sort();
    expect(await stored()).toEqual(listedBy(releaseA, releaseB, releaseC));
    // Stored by no build: what a dead run could leave.
    const orphan = `${OBJECTS_PREFIX}orphan.json`;
    await read.put({
      key: orphan,
      body: Buffer.from('{}'),
      contentType: JSON_TYPE,
      cacheControl: CACHE.immutable,
      contentEncoding: null,
      metadata: {},
    });

    // Day 3 keeps the current build and the newest but one: A goes, and of its objects those B or C list stay.
    const policy = { ...DEFAULT_RETENTION, buildDays: 0, minBuilds: 2 };
    let mark = line.calls.length;
    const report = await prune(bucket, DAY3, policy, new Date(`${DAY3}T04:00:00Z`));
    let calls = since(mark);
    const aloneInA = listedBy(releaseA).filter((k) => !listedBy(releaseB, releaseC).includes(k));
    expect(aloneInA.sort()).toEqual([keyOf(HEALTH, A), keyOf(pathOf(P2), A)].sort());
    expect(report).toMatchObject({ buildsKept: 2, buildsPruned: [A.prefix], unusedPruned: 2 });
    expect(await stored()).toEqual([...listedBy(releaseB, releaseC), orphan].sort());
    expect((await read.list(A.prefix)).objects).toEqual([]);
    expect((await read.getJson<BuildsList>(BUILDS_LIST_KEY))?.builds.map((b) => b.prefix)).toEqual([
      C.prefix,
      B.prefix,
    ]);
    // What the dropped build listed is judged without listing the bucket's objects.
    expect(calls.filter(listing).map((c) => c.key)).toHaveLength(2);
    // s3rver at times answers a batch delete with an error the bucket retries: the line sees that request twice.
    expect(report.operations).toEqual({ ...operationsOf(calls), delete: 3 });
    expect(report.operations).toMatchObject({ list: 2, put: 1 });

    // A dead run's prefix, dropped: what it stored is listed nowhere, so every object no retained build lists goes.
    await read.put({
      key: `builds/${DAY1}/dead/_build/manifest.json`,
      body: Buffer.from('{}'),
      contentType: JSON_TYPE,
      cacheControl: CACHE.immutable,
      contentEncoding: null,
      metadata: {},
    });
    mark = line.calls.length;
    const swept = await prune(bucket, DAY3, policy, new Date(`${DAY3}T05:00:00Z`));
    calls = since(mark);
    expect(swept).toMatchObject({ buildsPruned: [`builds/${DAY1}/dead/`], unusedPruned: 1 });
    expect(await stored()).toEqual(listedBy(releaseB, releaseC));
    expect(swept.operations).toEqual({ ...operationsOf(calls), delete: 2 });
    expect(swept.operations.list).toBe(4);

    // Nothing dropped: nothing judged, nothing deleted.
    const idle = await prune(bucket, DAY3, policy, new Date(`${DAY3}T06:00:00Z`));
    expect(idle).toMatchObject({ buildsPruned: [], unusedPruned: 0, objectsDeleted: 0 });
    expect(idle.operations).toMatchObject({ delete: 0, put: 0 });
    expect(await stored()).toEqual(listedBy(releaseB, releaseC));
  });
});

describe('the worker over the bucket', () => {
  /** The bucket over HTTP as the worker reads it: the bytes as stored (workerd's `encodeResponseBody: manual`). */
  async function storedFetch(input: string): Promise<Response> {
    const answer = await undiciRequest(input);
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') headers.set(name, value);
    const body =
      answer.statusCode === 200 ? Buffer.from(await answer.body.arrayBuffer()) : (await answer.body.dump(), null);
    return new Response(body, { status: answer.statusCode, headers });
  }

  it('reads an object an older night stored through the new build’s path map, a changed one as the new night sent it', async () => {
    const bucket = lined('served');
    await publish(bucket, A, null);
    const mark = line.calls.length;
    await publish(bucket, B, null);
    const writtenByB = writesOf(since(mark));
    const asked: string[] = [];
    const origin = new FetcherOrigin({ fetch: (url) => (asked.push(url), storedFetch(url)) }, `${s3.endpoint}/served`);
    const published = new PointerOrigin(origin, { maxAgeMs: 0 });
    expect((await published.pointer()).releaseId).toBe(B.releaseId);

    // The logo did not change: A's run stored it, B's did not write it, and B's path map names it.
    const logo = await published.get(LOGO);
    expect(logo?.etag).toBe(A.manifest.objects[LOGO]!.etag);
    expect(Buffer.from(await logo!.bytes()).equals(readFileSync(join(A.distDir, LOGO)))).toBe(true);
    expect(writtenByB).not.toContain(keyOf(LOGO, B));
    expect(asked.at(-1)).toBe(`${s3.endpoint}/served/${keyOf(LOGO, B)}`);
    expect(asked.filter((u) => u.includes('/_index/'))).toEqual([`${s3.endpoint}/served/${B.prefix}_index/0.json`]);

    const health = await published.get(HEALTH);
    expect(JSON.parse(await health!.text())).toEqual({ day: DAY2 });
    expect(health?.etag).toBe(B.manifest.objects[HEALTH]!.etag);
    expect(await (await published.get(pathOf(P3)))!.text()).toBe(P3);
    expect(await published.get('api/v1/none.json')).toBeNull();
  });
});

describe('an object of the build', () => {
  const objectOf = (path: string, file: string): LocalFile => {
    const entry = A.manifest.objects[path]!;
    return {
      key: A.prefix + path,
      path,
      file,
      etag: entry.etag,
      bytes: entry.bytes,
      type: entry.type,
      cacheControl: CACHE.immutable,
      shared: false,
      encode: true,
    };
  };

  it('that is not in the build output is refused: it was built incrementally from another release', async () => {
    await expect(encodeObject(objectOf(HEALTH, join(dir, 'nowhere.json')))).rejects.toThrow(PublishError);
    await expect(encodeObject(objectOf(HEALTH, join(dir, 'nowhere.json')))).rejects.toThrow(
      `${join(dir, 'nowhere.json')} is not in the build output`,
    );
  });

  it('that cannot be read for another reason fails as it is', async () => {
    const failure = await encodeObject(objectOf(HEALTH, dir)).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(PublishError);
    expect(failure).toMatchObject({ code: 'EISDIR' });
  });

  it('whose bytes are not those of its manifest entry is refused', async () => {
    const changed = join(dir, 'changed-health.json');
    writeFileSync(changed, '{"day":"changed"}');
    await expect(encodeObject(objectOf(HEALTH, changed))).rejects.toThrow(
      new PublishError(
        `${changed} does not match its manifest entry (ETag ${A.manifest.objects[HEALTH]!.etag}): was it changed after the build?`,
      ),
    );
  });
});

describe('the report', () => {
  const report: PublishReport = {
    releaseId: 'rows2-0a1b2c3d',
    buildId: `${DAY2}-rows2`,
    day: DAY2,
    prefix: `builds/${DAY2}/rows2-0a1b2c3d/`,
    previous: null,
    switched: true,
    objects: 12,
    put: 3,
    copied: 5,
    kept: 2,
    resumed: 2,
    shards: 4,
    bytesSent: 2_345_678,
    bytesIdentity: 9_876_543,
    verified: 12,
    operations: { put: 11, copy: 5, head: 12, get: 4, list: 2, delete: 0 },
    requests: 40,
    retries: 1,
    ms: 12_345,
  };

  it('says what was sent, kept, copied and found, what was verified, and what was asked of the bucket', () => {
    expect(describeReport(report)).toEqual([
      `Published ${DAY2}-rows2 as builds/${DAY2}/rows2-0a1b2c3d/ (previous: none)`,
      '  12 objects: 3 sent (2.3 MB stored, 9.9 MB before gzip), 2 kept where they are stored, 5 snapshot files copied in the bucket, 2 already there from an earlier run; 4 path map shards sent',
      '  12 verified, 40 requests, 1 retries, 12.3 s',
      '  bucket operations: put 11 · copy 5 · head 12 · get 4 · list 2 · delete 0 · 34 in all',
    ]);
    expect(describeReport({ ...report, previous: 'rows1-99aa88bb' })[0]).toBe(
      `Published ${DAY2}-rows2 as builds/${DAY2}/rows2-0a1b2c3d/ (previous: rows1-99aa88bb)`,
    );
  });
});
