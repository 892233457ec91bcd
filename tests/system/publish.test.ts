/**
 * Publishing to a real S3 protocol server (s3rver on 127.0.0.1, started here), night after
 * night of real İzmir data through the real pipeline (import, scrape, build, snapshot):
 *   night 1, 2026-07-23: the 2026 archive; the first publication.
 *   night 2, 2026-07-24: the live list of 07-23 is collected; only what changed is sent.
 *   night 3, 2026-07-25: the fetch of 07-24 fails; a refused upload and a killed publisher leave
 *                        night 2 served and complete, and a re-run resumes.
 *   night 4, 2026-09-05: retention prunes the July builds and snapshots (but the first of the month);
 *   night 5, 2027-12-31: after a long pause, a snapshot pruned before its build is sent again.
 * Then the worker, in workerd, serves the bucket through the pointer (S3 origin and R2 binding).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import Database from 'better-sqlite3';
import { Miniflare } from 'miniflare';
import { request as undiciRequest } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildReport } from '../../build/build.ts';
import { openDb } from '../../store/db.ts';
import { EvidenceFolder } from '../../store/documents.ts';
import { FETCH_MISSING } from '../../publish/fetch-missing.ts';
import { fetchPrevious, directoriesRead, partitionsRead, type FetchReport } from '../../publish/fetch-previous.ts';
import { Bucket, s3Client } from '../../publish/bucket.ts';
import {
  BUILD_INPUT_FILES,
  BUILDS_LIST_KEY,
  buildInputKey,
  CACHE,
  OBJECTS_PREFIX,
  RELEASE_FILE,
  SHARED_PREFIX,
  SNAPSHOTS_LIST_KEY,
  STATE_DB_KEY,
  evidenceKey,
  isShared,
  releaseIdOf,
  shardCountOf,
} from '../../publish/layout.ts';
import { planBuild, type Action } from '../../publish/plan.ts';
import { forEachLimit } from '../../publish/pool.ts';
import { prune } from '../../publish/prune.ts';
import {
  encodeObject,
  publishRelease,
  PublishError,
  type BuildsList,
  type PublishReport,
  type Release,
  type SnapshotsList,
} from '../../publish/release.ts';
import { createSnapshot, type SnapshotFiles } from '../../publish/snapshot.ts';
import { restoreStore, saveStore } from '../../publish/store-copy.ts';
import { scrapeSource } from '../../store/scrape.ts';
import type { Origin } from '../../edge/origin/object.ts';
import { FetcherOrigin } from '../../edge/origin/http.ts';
import { PointerOrigin, type PointerCache } from '../../edge/origin/pointer.ts';
import { type Pointer, type DistManifest, POINTER_KEY } from '../../core/publication.ts';
import { ROOT } from '../../scripts/lib/bundle-worker.ts';
import { distOrigin } from '../../scripts/lib/dist-origin.ts';
import { distText } from '../support/dist-file.ts';
import { rawGet } from '../support/raw-http.ts';
import { isBrotliTwin } from '../../core/encodings.ts';
import { brotliDecompressSync } from 'node:zlib';
import { workerBase } from '../../scripts/lib/local-worker.ts';
import { MiniflareBucket } from '../../scripts/lib/miniflare-bucket.ts';
import { startOriginServer, type OriginServer } from '../../scripts/lib/origin-server.ts';
import type { Catalogue } from '../../sources/catalogue.ts';
import { adapter as izmir } from '../../sources/izmir/index.ts';
import { NetworkError, type HttpClient } from '../../sources/lib/http.ts';
import { startS3rver, type LocalS3 } from '../support/s3rver.ts';
import { s3Origin } from '../support/bucket-worker.ts';
import { DUMP_SLICE, seedSmallStore } from '../support/small-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'hal-publish-'));
const storePath = join(dir, 'hal.sqlite');
let catalogue: Catalogue;
let s3: LocalS3;
let bucket: Bucket;
const nights: Record<string, Night> = {};

type Night = { today: string; distDir: string; manifest: DistManifest; snapshot: SnapshotFiles };

beforeAll(async () => {
  // `hal` is the published bucket; the others stay as the tests below leave them (empty, odd, blank).
  // The server starts in a process of its own while this one seeds the store.
  const started = startS3rver(['hal', 'empty', 'odd', 'blank']);
  const db = openDb(storePath);
  catalogue = seedSmallStore(db, { holidays: true, ...DUMP_SLICE });
  db.close();
  s3 = await started;
  bucket = s3.bucket('hal');
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The source's live list of a day (a saved real answer), with the rows of the store's products only. */
function liveList(file: string): Uint8Array {
  const list = JSON.parse(readFileSync(file, 'utf8')) as { HalFiyatListesi: { MalAdi: string }[] };
  list.HalFiyatListesi = list.HalFiyatListesi.filter((row) => DUMP_SLICE.products.includes(row.MalAdi));
  return Buffer.from(JSON.stringify(list));
}

/** One nightly collection of İzmir with the list (or the failure) the source answered. */
async function scrape(day: string, at: string, answer: Uint8Array | Error): Promise<void> {
  const http: HttpClient = {
    async request(url) {
      if (answer instanceof Error) throw answer;
      const bytes = url.includes('/sebzemeyve/') ? answer : new Uint8Array();
      return {
        url,
        status: bytes.byteLength ? 200 : 204,
        contentType: 'application/json',
        bytes,
        fetchedAt: at,
        etag: null,
        lastModified: null,
        notModified: false,
      };
    },
  };
  const db = openDb(storePath);
  await scrapeSource(db, izmir, {
    day,
    http,
    evidence: new EvidenceFolder(join(dir, 'evidence')),
    catalogue,
    now: () => new Date(at),
  });
  db.close();
}

async function buildNight(today: string): Promise<Night> {
  const db = openDb(storePath);
  const distDir = join(dir, `dist-${today}`);
  buildSite({ db, outDir: distDir, today, builtAt: `${today}T02:45:00Z` });
  db.close();
  const manifest = JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')) as DistManifest;
  const snapshot = await createSnapshot({
    dbPath: storePath,
    outDir: join(dir, `snapshot-${today}`),
    day: today,
    buildId: manifest.buildId,
    builtAt: manifest.builtAt,
  });
  return (nights[today] = { today, distDir, manifest, snapshot });
}

/** What a client of the bucket sees over HTTP through the pointer (edge/origin/pointer.ts), as the worker reads it. */
function servedStore(): PointerOrigin {
  return new PointerOrigin(originStore(), { maxAgeMs: 0 });
}
const originStore = () => new FetcherOrigin({ fetch: storedFetch }, `${s3.endpoint}/hal`);

/**
 * The bucket over HTTP as the worker reads it (workerd's fetch with `encodeResponseBody: manual`):
 * the bytes as stored, in the coding the header names. Node's fetch would decode gzip and brotli.
 */
async function storedFetch(input: string): Promise<Response> {
  const answer = await undiciRequest(input);
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') headers.set(name, value);
  const body =
    answer.statusCode === 200 ? Buffer.from(await answer.body.arrayBuffer()) : (await answer.body.dump(), null);
  return new Response(body, { status: answer.statusCode, headers });
}

async function expectServed(night: Night, sample = 9): Promise<void> {
  const store = servedStore();
  const paths = Object.keys(night.manifest.objects).filter(
    (p, i) => i % sample === 0 || p.endsWith('health.json') || p.includes('_meta/'),
  );
  // Some at once, as the worker's requests come.
  await forEachLimit(paths, 16, async (path) => {
    const object = await store.get(path);
    expect(object, path).not.toBeNull();
    expect(object!.etag, path).toBe(night.manifest.objects[path]!.etag);
    // A brotli twin is only ever sent as stored (the runtime has no brotli decoder).
    const text = isBrotliTwin(path)
      ? brotliDecompressSync(object!.raw() as Uint8Array).toString('utf8')
      : await object!.text();
    expect(text, path).toBe(distText(night.distDir, path));
  });
}

const pointer = () => bucket.getJson<Pointer>(POINTER_KEY);
const releaseOf = (prefix: string) => bucket.getJson<Release>(prefix + RELEASE_FILE);
/** The key of each path of a published build, as its record lists it. */
async function keysOf(prefix: string): Promise<(path: string) => string> {
  const keys = new Map((await releaseOf(prefix))!.objects.map((o) => [o.path, o.key]));
  return (path) => keys.get(path) ?? expect.fail(`${prefix} has no ${path}`);
}
/** A key in a URL path: each of its parts percent-encoded. */
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
/** Every content-addressed object in the bucket. */
const contentAddressed = async () =>
  new Set(
    [...(await bucket.list(OBJECTS_PREFIX)).objects, ...(await bucket.list(SHARED_PREFIX)).objects].map((o) => o.key),
  );

/**
 * Every object a release lists is in the bucket with its bytes (MD5) and ETag: the build is
 * complete. Each key asked once, as any client of the bucket asks, over plain HTTP: a signed
 * request costs this process more than the server's answer.
 */
async function expectComplete(release: Release): Promise<void> {
  const stored = new Map<string, { md5: string; etag: string } | null>();
  await forEachLimit([...new Set(release.objects.map((o) => o.key))], 16, async (key) => {
    const head = await undiciRequest(`${s3.endpoint}/hal/${encodeKey(key)}`, { method: 'HEAD' });
    await head.body.dump();
    const { etag, 'x-amz-meta-etag': buildEtag } = head.headers;
    stored.set(
      key,
      head.statusCode === 200 ? { md5: String(etag).replaceAll('"', ''), etag: String(buildEtag) } : null,
    );
  });
  const broken = release.objects
    .filter((o) => stored.get(o.key)?.md5 !== o.md5 || stored.get(o.key)?.etag !== o.etag)
    .map((o) => o.key);
  expect(broken).toEqual([]);
}

/** A bucket whose requests fail on purpose: `every` n-th request once with 503 (retryable), or every request after `after` with 403. */
class FaultyBucket extends Bucket {
  requests = 0;
  constructor(private readonly fault: { every?: number; after?: number }) {
    super(s3Client(s3.config('hal')), 'hal', { attempts: 4, baseMs: 5 });
  }
  protected override call<T>(fn: () => Promise<T>): Promise<T> {
    return super.call(async () => {
      const n = ++this.requests;
      if (this.fault.every && n % this.fault.every === 0)
        throw Object.assign(new Error('SlowDown (injected)'), { $metadata: { httpStatusCode: 503 } });
      if (this.fault.after && n > this.fault.after)
        throw Object.assign(new Error('AccessDenied (injected)'), { $metadata: { httpStatusCode: 403 } });
      return fn();
    });
  }
}

describe('night 1: the first publication', () => {
  let report: PublishReport;

  it('sends every object under the dated, immutable prefix of the build, then writes the pointer', async () => {
    const night = await buildNight('2026-07-23');
    report = await publishRelease({ bucket, distDir: night.distDir, snapshot: night.snapshot, progress: null });
    const total = Object.keys(night.manifest.objects).length + night.snapshot.files.length;
    // A path map of several shards: the worker finds a path's shard by a hash of the path.
    const shards = shardCountOf(Object.keys(night.manifest.objects).length);
    expect(shards).toBeGreaterThan(1);
    expect(report).toMatchObject({ switched: true, previous: null, objects: total, copied: 0, resumed: 0, shards });
    // Equal objects at two paths are one object, sent once.
    expect(report.put + report.kept).toBe(total);
    expect(report.kept).toBeLessThan(total / 10);
    expect(report.verified).toBe(report.put + report.shards);
    expect(report.prefix).toBe(`builds/2026-07-23/${releaseIdOf(night.manifest)}/`);
    const release = (await releaseOf(report.prefix))!;
    expect(report.bytesIdentity).toBe(
      [...new Map(release.objects.map((o) => [o.key, o.bytes])).values()].reduce((n, b) => n + b, 0),
    );
    expect(report.bytesSent).toBeLessThan(report.bytesIdentity / 4); // JSON and NDJSON travel gzip-encoded
    expect(await pointer()).toMatchObject({
      format: 2,
      index: { prefix: `${report.prefix}_index/`, shards },
      buildId: night.manifest.buildId,
      day: '2026-07-23',
      prefix: report.prefix,
      shared: { prefix: SHARED_PREFIX, paths: ['api/v1/_p/'] },
    });
    await expectServed(night);
  });

  it('stores each object with its content type, cache policy, encoding and the build ETag', async () => {
    const night = nights['2026-07-23']!;
    const keyOf = await keysOf(report.prefix);
    const markets = await bucket.head(keyOf('api/v1/markets.json'));
    expect(markets).toMatchObject({
      contentType: 'application/json; charset=utf-8',
      contentEncoding: 'gzip',
      cacheControl: CACHE.immutable,
      metadata: { etag: night.manifest.objects['api/v1/markets.json']!.etag },
    });
    // Its brotli twin: stored as the build encoded it, under the identity's ETag (core/encodings.ts).
    expect(await bucket.head(keyOf('api/v1/markets.json.br'))).toMatchObject({
      contentType: 'application/json; charset=utf-8',
      contentEncoding: 'br',
      cacheControl: CACHE.immutable,
      metadata: { etag: night.manifest.objects['api/v1/markets.json']!.etag },
    });
    const partition = Object.keys(night.manifest.objects).find(isShared)!;
    expect(await bucket.head(SHARED_PREFIX + partition)).toMatchObject({
      contentType: 'application/x-ndjson; charset=utf-8',
      contentEncoding: 'gzip',
      cacheControl: CACHE.immutable,
    });
    expect(keyOf(partition)).toBe(SHARED_PREFIX + partition);
    expect(keyOf('api/v1/markets.json')).toMatch(/^objects\/[0-9a-f]{32}\.json$/);
    expect(keyOf('api/v1/markets.json.br')).toMatch(/^objects\/[0-9a-f]{32}\.json\.br$/);
    expect(await bucket.head(`${report.prefix}api/v1/markets.json`)).toBeNull(); // stored once, by content
    // Beside the build and not one of its objects: what the next night's build starts from (publish/fetch-previous.ts).
    for (const file of BUILD_INPUT_FILES) {
      expect(
        Buffer.from((await bucket.get(buildInputKey(report.prefix, file)))!.bytes).equals(
          readFileSync(join(night.distDir, file)),
        ),
        file,
      ).toBe(true);
    }
    expect((await releaseOf(report.prefix))!.objects.filter((o) => o.key.includes('/_build/'))).toEqual([]);
    // The pointer and the lists change: the contract's short cache values, never `immutable`.
    expect((await bucket.head(POINTER_KEY))?.cacheControl).toBe(
      'public, max-age=60, s-maxage=60, stale-while-revalidate=0',
    );
    expect((await bucket.head(BUILDS_LIST_KEY))?.cacheControl).toBe(
      'public, max-age=300, s-maxage=300, stale-while-revalidate=600',
    );
    // Snapshot files are stored as they are, so a download matches SHA256SUMS byte for byte.
    const database = night.snapshot.objects.find((o) => o.key.endsWith('hal.sqlite.gz'))!;
    expect(await bucket.head(database.key)).toMatchObject({
      contentType: 'application/gzip',
      contentEncoding: null,
      cacheControl: CACHE.immutable,
    });
    const raw = await bucket.client.send(new GetObjectCommand({ Bucket: 'hal', Key: database.key }));
    expect(Buffer.from(await raw.Body!.transformToByteArray()).equals(readFileSync(database.file))).toBe(true);
  });

  it('lists the build by date and the snapshot with its checksums', async () => {
    const night = nights['2026-07-23']!;
    const builds = await bucket.getJson<BuildsList>(BUILDS_LIST_KEY);
    expect(builds?.builds.map((b) => [b.day, b.prefix])).toEqual([['2026-07-23', report.prefix]]);
    const snapshots = await bucket.getJson<SnapshotsList>(SNAPSHOTS_LIST_KEY);
    expect(snapshots?.snapshots).toEqual([
      expect.objectContaining({
        day: '2026-07-23',
        buildId: night.manifest.buildId,
        prefix: night.snapshot.prefix,
        files: night.snapshot.files,
      }),
    ]);
  });

  it('publishing the same build again sends nothing', async () => {
    const again = await publishRelease({
      bucket,
      distDir: nights['2026-07-23']!.distDir,
      snapshot: nights['2026-07-23']!.snapshot,
      progress: null,
    });
    expect(again).toMatchObject({ switched: false, put: 0, copied: 0, bytesSent: 0 });
    expect(again.operations).toEqual({ put: 0, copy: 0, head: 0, get: 2, list: 0, delete: 0 });
  });
});

describe('night 2: built from the published build, only what changed is sent', () => {
  const previousDir = join(dir, 'previous-2026-07-24');
  const incrementalDir = join(dir, 'dist-2026-07-24-incremental');
  let fetched: FetchReport;

  it('fetches of the published build only what the incremental build reads, which then writes what a full build writes', async () => {
    await scrape('2026-07-23', '2026-07-24T02:10:00.000Z', liveList('tests/fixtures/izmir/sebzemeyve-2026-07-23.json'));
    const db = openDb(storePath);
    fetched = await fetchPrevious(bucket, previousDir, db, '2026-07-24');
    const published = nights['2026-07-23']!;
    expect(fetched).toMatchObject({
      prefix: `builds/2026-07-23/${releaseIdOf(published.manifest)}/`,
      boundary: { from: expect.any(String) },
      reason: null,
    });
    // Every price and history index but the latestOnly ones, which every build rebuilds whole.
    const read = (p: string) =>
      (p.startsWith('api/v1/_c/prices/') && !p.startsWith('api/v1/_c/prices/latest/')) ||
      p.startsWith('api/v1/_c/history/');
    expect(fetched.directories).toBe(Object.keys(published.manifest.objects).filter(read).length);
    expect(Object.keys(published.manifest.objects).some((p) => p.startsWith('api/v1/_c/prices/latest/'))).toBe(true);
    expect(fetched.partitions).toBeGreaterThan(0);
    const files = readdirSync(previousDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.length).toBe(fetched.directories + fetched.partitions + BUILD_INPUT_FILES.length + 1); // + manifest, state, kept census and the pointer it came from
    // Not the evidence (taken by name) nor partitions the cuts do not fall in. This store is small (one market, three
    // months): the history cuts (the boundary's month and week) fall in most of its partitions.
    expect(files.filter((e) => e.parentPath.includes('_evidence'))).toEqual([]);
    expect(fetched.partitions).toBeLessThan(Object.keys(published.manifest.objects).filter(isShared).length);
    // A partition it reads but did not foresee is fetched on the spot (a child process, the bucket from the environment):
    // one a price collection's cut falls in (a history key's may be one taken by name, never read).
    const from = (fetched.boundary as { from: string }).from;
    const priceIndexes = directoriesRead(Object.keys(published.manifest.objects), from).filter((i) => i.full === null);
    const partition = join(
      previousDir,
      partitionsRead(priceIndexes, (path) => readFileSync(join(previousDir, path), 'utf8'))[0]!,
    );
    rmSync(partition);
    // The build blocks this process; s3rver answers the child from a process of its own.
    const environment = { ...process.env };
    Object.assign(process.env, s3.env('hal'));
    let report: BuildReport;
    try {
      report = buildSite({
        db,
        outDir: incrementalDir,
        today: '2026-07-24',
        builtAt: '2026-07-24T02:45:00Z',
        previous: previousDir,
        fetchMissing: FETCH_MISSING,
      });
    } finally {
      process.env = environment;
      db.close();
    }
    expect(existsSync(partition)).toBe(true);
    expect(report.boundary).toEqual(fetched.boundary);
    expect(report.inBucket).toBeGreaterThan(100);
    const full = await buildNight('2026-07-24');
    expect(readFileSync(join(incrementalDir, 'manifest.json'), 'utf8')).toBe(
      readFileSync(join(full.distDir, 'manifest.json'), 'utf8'),
    );
    // The same state but the store clock (the full build, later, saw the one the incremental build advanced).
    const state = (root: string) => ({
      ...JSON.parse(readFileSync(join(root, 'build-state.json'), 'utf8')),
      clock: null,
    });
    expect(state(incrementalDir)).toEqual(state(full.distDir));
  });

  it('sends changed and new objects, keeps unchanged ones where they are stored, copies unchanged snapshot files, retrying refused requests', async () => {
    // What was built full (for the files compared below) and incrementally from the bucket is the same build; the nightly publishes the latter.
    const night = { ...nights['2026-07-24']!, distDir: incrementalDir };
    const before = nights['2026-07-23']!.manifest.objects;
    const sent: string[] = [];
    const copied: string[] = [];
    const kept: string[] = [];
    const lists = { put: sent, copy: copied, keep: kept, resumed: [] as string[], index: [] as string[] };
    const flaky = new FaultyBucket({ every: 37 });
    const report = await publishRelease({
      bucket: flaky,
      distDir: night.distDir,
      snapshot: night.snapshot,
      progress: null,
      onObject: (op, key) => lists[op as keyof typeof lists].push(key),
    });
    const changed = Object.entries(night.manifest.objects)
      .filter(([p, e]) => before[p]?.etag !== e.etag)
      .map(([p]) => p);
    const unchanged = Object.keys(night.manifest.objects).filter(
      (p) => before[p]?.etag === night.manifest.objects[p]!.etag,
    );
    // A new list changes the newest partitions, the indexes and the views; the history stays: of
    // the evidence shards (one per source and day) only the new day's is sent, every other one stays.
    const evidence = (paths: string[]) => paths.filter((p) => p.startsWith('api/v1/_evidence/'));
    expect(evidence(changed)).toEqual([expect.stringContaining('/2026-07-23/')]);
    expect(evidence(unchanged).sort()).toEqual(
      evidence(Object.keys(before))
        .filter((p) => !p.includes('/2026-07-23/'))
        .sort(),
    );
    expect(evidence(unchanged).length).toBeGreaterThan(50);
    expect(unchanged.filter(isShared).length).toBeGreaterThan(0);
    const keyOf = await keysOf(report.prefix);
    // Sent once each: equal objects at two changed paths are one (then the second is kept).
    expect(new Set([...sent.filter((k) => !k.startsWith('snapshots/')), ...kept])).toEqual(
      new Set(Object.keys(night.manifest.objects).map(keyOf)),
    );
    expect(sent.filter((k) => !k.startsWith('snapshots/')).length).toBeGreaterThanOrEqual(
      new Set(changed.map(keyOf)).size - 1,
    );
    expect(new Set(sent)).not.toContain(keyOf(unchanged.find((p) => !isShared(p))!));
    expect(copied.every((k) => k.startsWith('snapshots/'))).toBe(true);
    const keyBefore = await keysOf(`builds/2026-07-23/${releaseIdOf(nights['2026-07-23']!.manifest)}/`);
    for (const p of unchanged) expect(keyOf(p), p).toBe(keyBefore(p));
    // What was asked of the bucket: about one put and one HEAD per object sent, no copy but the snapshot's.
    const objectsSent = sent.length + report.shards;
    expect(report.operations.copy).toBe(copied.length);
    expect(report.operations.head).toBe(objectsSent);
    expect(report.operations.put).toBe(objectsSent + BUILD_INPUT_FILES.length + 4);
    // The snapshot too: tables that did not change are copied from yesterday's snapshot.
    const yesterday = new Map(nights['2026-07-23']!.snapshot.files.map((f) => [f.path, f.sha256]));
    const snapshotChanged = night.snapshot.files.filter((f) => yesterday.get(f.path) !== f.sha256);
    expect(sent.filter((k) => k.startsWith('snapshots/')).sort()).toEqual(
      snapshotChanged.map((f) => night.snapshot.prefix + f.path).sort(),
    );
    expect(snapshotChanged.map((f) => f.path)).toContain('hal.sqlite.gz');
    expect(copied.filter((k) => k.startsWith('snapshots/'))).toContain(`${night.snapshot.prefix}csv/categories.csv.gz`);
    // The bytes of each object sent once: of the changed paths and the changed snapshot files.
    const sentOnce = new Map((await releaseOf(report.prefix))!.objects.map((o) => [o.key, o.bytes]));
    expect(report.bytesIdentity).toBe([...new Set(sent)].reduce((n, k) => n + sentOnce.get(k)!, 0));
    expect(report.bytesIdentity).toBeLessThanOrEqual(
      changed.reduce((n, p) => n + night.manifest.objects[p]!.bytes, 0) +
        snapshotChanged.reduce((n, f) => n + f.bytes, 0),
    );
    expect(report.retries).toBeGreaterThan(0);
    expect(report.switched).toBe(true);
  });

  it('an output built from the bucket names what it left there when it cannot be published elsewhere', async () => {
    const manifest = JSON.parse(readFileSync(join(incrementalDir, 'manifest.json'), 'utf8')) as DistManifest;
    // Planned against a bucket without the published build: every object is to be sent.
    const left = planBuild(manifest, incrementalDir, []).find((a) => a.op === 'put' && !existsSync(a.object.file));
    expect(left).toBeDefined();
    await expect(encodeObject((left as Extract<Action, { op: 'put' }>).object)).rejects.toThrow(
      /is not in the build output.*build in full/,
    );
  });

  it('moves the pointer to the new build; the previous one stays reachable by its date', async () => {
    const [first, second] = [nights['2026-07-23']!, nights['2026-07-24']!];
    expect((await pointer())?.prefix).toBe(`builds/2026-07-24/${releaseIdOf(second.manifest)}/`);
    await expectServed(second);
    const rows = JSON.parse(await (await servedStore().get('api/v1/prices/latest.json'))!.text()).items as {
      observed_date: string;
      freshness: string;
    }[];
    expect(rows.some((r) => r.observed_date === '2026-07-23' && r.freshness === 'fresh')).toBe(true); // the live list made the newest rows current
    // By date: the builds index names its prefix, its index the object.
    const oldPrefix = `builds/2026-07-23/${releaseIdOf(first.manifest)}/`;
    const old = await originStore().get((await keysOf(oldPrefix))('api/v1/health.json'));
    expect(old?.etag).toBe(first.manifest.objects['api/v1/health.json']!.etag);
    const builds = await bucket.getJson<BuildsList>(BUILDS_LIST_KEY);
    expect(builds?.builds.map((b) => b.day)).toEqual(['2026-07-24', '2026-07-23']);
  });
});

describe('night 3: a publication that dies half-way', () => {
  let total = 0;
  let stored = 0;
  /** what the bucket held before the dead runs */
  let storedBefore: Set<string>;

  it('a refused upload throws before the pointer moves', async () => {
    storedBefore = await contentAddressed();
    await scrape(
      '2026-07-24',
      '2026-07-25T02:10:00.000Z',
      new NetworkError('https://openapi.izmir.bel.tr', 'ETIMEDOUT'),
    );
    const night = await buildNight('2026-07-25');
    const failing = new FaultyBucket({ after: 120 });
    await expect(
      publishRelease({ bucket: failing, distDir: night.distDir, snapshot: night.snapshot, progress: null }),
    ).rejects.toThrow('AccessDenied');
    expect((await pointer())?.buildId).toBe(nights['2026-07-24']!.manifest.buildId);
  });

  it('a publisher killed after some objects leaves the previous build served and complete', async () => {
    const night = nights['2026-07-25']!;
    const args = [
      '--import',
      'tsx',
      'scripts/nightly.ts',
      '--phases',
      'publish',
      '--out',
      night.distDir,
      '--db',
      storePath,
      '--snapshot-dir',
      join(dir, 'snapshot-child'),
      '--verbose',
      '--concurrency',
      '2',
      '--no-prune',
    ];
    // Never the real bucket: the nightly runs these tests with its secrets in the environment.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('HAL_S3_')));
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...env, ...s3.env('hal') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let handled = 0;
    let output = '';
    const killed = new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk;
        handled = output.split('\n').filter((l) => /^(put|copy|keep|resumed|index) /.test(l)).length;
        if (handled >= 300 && !child.killed) child.kill('SIGKILL');
      });
      child.on('exit', (code, signal) =>
        signal === 'SIGKILL'
          ? resolve()
          : reject(new Error(`publisher exited ${code} before it was killed:\n${output}`)),
      );
    });
    await killed;
    expect(output).not.toContain('Published');
    const current = await pointer();
    expect(current?.buildId).toBe(nights['2026-07-24']!.manifest.buildId);
    await expectComplete((await releaseOf(current!.prefix))!);
    await expectServed(nights['2026-07-24']!, 17);
    const prefix = `builds/2026-07-25/${releaseIdOf(night.manifest)}/`;
    expect(await releaseOf(prefix)).toBeNull();
    // Found on resume: the objects the dead runs stored, and their snapshot files; their build inputs say the prefix was begun.
    const storedNow = await contentAddressed();
    stored =
      [...storedNow].filter((k) => !storedBefore.has(k)).length +
      (await bucket.list(night.snapshot.prefix)).objects.length;
    expect((await bucket.list(`${prefix}_build/`)).objects.length).toBeGreaterThan(0);
    total = Object.keys(night.manifest.objects).length + night.snapshot.files.length;
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(total);
  }, 120_000);

  it('a re-run resumes: what the dead runs stored is found, the rest is sent, then the pointer moves', async () => {
    const night = nights['2026-07-25']!;
    const report = await publishRelease({ bucket, distDir: night.distDir, snapshot: night.snapshot, progress: null });
    expect(report.switched).toBe(true);
    expect(report.resumed).toBe(stored);
    expect(report.put + report.copied + report.kept + report.resumed).toBe(total);
    expect((await pointer())?.buildId).toBe(night.manifest.buildId);
    await expectComplete((await releaseOf(report.prefix))!);
    await expectServed(night);
    // The failed fetch is published honestly: the newest rows say why they are not current.
    const status = JSON.parse(await (await servedStore().get('api/v1/sources/status.json'))!.text()).items.find(
      (s: { key: string }) => s.key === 'izmir',
    );
    expect(status.reasons).toContain('Son toplama denemesi başarısız oldu.');
  });
});

describe('night 4: retention', () => {
  it('prunes builds and daily snapshots past their retention, keeps the first snapshot of the month, and shared partitions no build uses', async () => {
    const night = await buildNight('2026-09-05');
    const report = await publishRelease({ bucket, distDir: night.distDir, snapshot: night.snapshot, progress: null });
    const july = ['2026-07-23', '2026-07-24', '2026-07-25'].map(
      (d) => `builds/${d}/${releaseIdOf(nights[d]!.manifest)}/`,
    );
    const storedBefore = (await contentAddressed()).size;
    const pruned = await prune(bucket, '2026-09-05', {
      buildDays: 30,
      minBuilds: 1,
      snapshotDays: 30,
      monthlySnapshots: true,
    });
    expect(pruned.buildsPruned.sort()).toEqual(july.sort());
    for (const prefix of july) expect((await bucket.list(prefix)).objects).toEqual([]);
    // Only the objects and partitions the current build lists stay.
    const release = (await releaseOf(report.prefix))!;
    const used = [...new Set(release.objects.filter((o) => o.path !== null).map((o) => o.key))].sort();
    expect([...(await contentAddressed())].sort()).toEqual(used);
    expect(pruned.unusedPruned).toBe(storedBefore - used.length);
    expect(pruned.unusedPruned).toBeGreaterThan(0);
    const snapshots = await bucket.getJson<SnapshotsList>(SNAPSHOTS_LIST_KEY);
    expect(snapshots?.snapshots.map((s) => s.day)).toEqual(['2026-09-05', '2026-07-23']);
    expect(pruned.snapshotsPruned.sort()).toEqual(
      [nights['2026-07-24']!.snapshot.prefix, nights['2026-07-25']!.snapshot.prefix].sort(),
    );
    expect((await bucket.list(nights['2026-07-23']!.snapshot.prefix)).objects).toHaveLength(
      nights['2026-07-23']!.snapshot.files.length,
    );
    expect((await bucket.getJson<BuildsList>(BUILDS_LIST_KEY))?.builds.map((b) => b.prefix)).toEqual([report.prefix]);
    await expectComplete(release);
    await expectServed(night);
  });

  it('never prunes the current build or the newest ones, however old', async () => {
    const pruned = await prune(bucket, '2027-12-31', {
      buildDays: 30,
      minBuilds: 1,
      snapshotDays: 30,
      monthlySnapshots: false,
    });
    expect(pruned.buildsPruned).toEqual([]);
    expect(pruned.buildsKept).toBe(1);
    await expectServed(nights['2026-09-05']!, 23);
  });

  it('a snapshot pruned before its build is sent again rather than copied', async () => {
    expect((await bucket.list(nights['2026-09-05']!.snapshot.prefix)).objects).toEqual([]); // pruned just above
    const night = await buildNight('2027-12-31');
    const ops: string[] = [];
    const report = await publishRelease({
      bucket,
      distDir: night.distDir,
      snapshot: night.snapshot,
      progress: null,
      onObject: (op, key) => key.startsWith('snapshots/') && ops.push(op),
    });
    expect(ops).toEqual(night.snapshot.files.map(() => 'put'));
    await expectComplete((await releaseOf(report.prefix))!);
    await expectServed(night);
  });
});

describe('the worker reads the published bucket through the pointer', () => {
  let local: Miniflare;
  let distServer: OriginServer;
  let viaOrigin: Miniflare;
  let viaR2: Miniflare;
  const bundlePath = `.cache/edge/worker-publish-${process.pid}.js`;
  const paths = [
    '/api/v1/markets',
    '/api/v1/health',
    '/api/v1/prices?product=domates-salkim&limit=3',
    '/api/v1/prices/latest',
    '/api/v1/sources/status',
  ];

  beforeAll(async () => {
    const base = await workerBase(bundlePath);
    distServer = await startOriginServer(distOrigin(nights['2027-12-31']!.distDir));
    local = new Miniflare({ ...base, bindings: { ORIGIN_URL: distServer.url.origin } });
    viaOrigin = new Miniflare({
      ...base,
      serviceBindings: { ORIGIN: s3Origin(`${s3.endpoint}/hal`) as never },
      bindings: { POINTER_KEY },
    });
    // The API and, bound to the same bucket, the local bucket's loader: it takes puts in batches
    // (scripts/lib/miniflare-bucket.ts).
    const loader = {
      name: 'loader',
      modules: true,
      scriptPath: `${ROOT}scripts/lib/bucket-worker.js`,
      compatibilityDate: base.compatibilityDate,
      r2Buckets: ['BUCKET'],
    };
    viaR2 = new Miniflare({ workers: [{ name: 'api', ...base, r2Buckets: ['BUCKET'] }, loader] });
    await copyBucketToR2(await MiniflareBucket.of(viaR2));
  });
  afterAll(async () => {
    await Promise.all([local, viaOrigin, viaR2].map((mf) => mf?.dispose()));
    await distServer?.close();
    rmSync(join(ROOT, bundlePath), { force: true });
  });

  /** How S3 sends an object's user metadata: a header each, under this prefix. */
  const USER_METADATA = 'x-amz-meta-';

  /** The objects as the publisher stored them (gzip bytes, metadata) into the R2 binding, as R2's S3 API would hold them. */
  async function copyBucketToR2(r2: MiniflareBucket): Promise<void> {
    const current = (await pointer())!;
    const release = (await releaseOf(current.prefix))!;
    const keys = [
      POINTER_KEY,
      ...new Set(release.objects.filter((o) => o.path !== null).map((o) => o.key)),
      ...(await bucket.list(`${current.prefix}_index/`)).objects.map((o) => o.key),
    ];
    await forEachLimit(keys, 64, async (key) => {
      const object = await storedFetch(`${s3.endpoint}/hal/${encodeKey(key)}`);
      expect(object.status, key).toBe(200);
      const metadata = [...object.headers].filter(([name]) => name.startsWith(USER_METADATA));
      await r2.put({
        key,
        body: new Uint8Array(await object.arrayBuffer()),
        contentType: object.headers.get('content-type')!,
        contentEncoding: object.headers.get('content-encoding'),
        cacheControl: object.headers.get('cache-control')!,
        metadata: Object.fromEntries(metadata.map(([name, value]) => [name.slice(USER_METADATA.length), value])),
      });
    });
  }

  const get = async (mf: Miniflare, path: string, ip: string) => {
    const r = await mf.dispatchFetch(`http://localhost${path}`, { headers: { 'cf-connecting-ip': ip } });
    return { status: r.status, etag: r.headers.get('etag'), body: await r.text() };
  };

  it('over an S3-compatible origin and over the R2 binding, every answer equals the one from dist/', async () => {
    for (const [i, path] of paths.entries()) {
      const expected = await get(local, path, `203.0.113.${i}`);
      expect([200, 503], path).toContain(expected.status);
      expect(await get(viaOrigin, path, `203.0.113.${i}`), path).toEqual(expected);
      expect(await get(viaR2, path, `203.0.113.${i}`), path).toEqual(expected);
    }
  });

  it('a whole response leaves the R2 bucket as stored: its brotli twin byte for byte, under the identity ETag', async () => {
    const current = (await pointer())!;
    const night = nights['2027-12-31']!; // built for a day after today: nothing to re-age (tests/worker/precompressed.test.ts has a later day)
    for (const [path, key] of [
      ['/api-policy', 'pages/api-policy.html'],
      ['/api/v1/markets', 'api/v1/markets.json'],
    ] as const) {
      const br = await rawGet(new URL(path, await viaR2.ready), {
        'cf-connecting-ip': '203.0.113.60',
        'accept-encoding': 'br',
      });
      expect(br.headers, path).toMatchObject({
        'content-encoding': 'br',
        vary: 'accept-encoding',
        etag: night.manifest.objects[key]!.etag,
      });
      const twin = (await keysOf(current.prefix))(`${key}.br`);
      expect(br.raw.equals(Buffer.from((await bucket.getStored(twin))!.stored)), path).toBe(true);
      expect(br.body.toString('utf8'), path).toBe(distText(night.distDir, key));
    }
  });

  it('an observation resolves to its evidence shard in the current build', async () => {
    const latest = JSON.parse((await get(viaR2, '/api/v1/prices?product=domates-salkim&limit=1', '203.0.113.50')).body)
      .items[0];
    const record = await get(viaR2, latest.observationUrl, '203.0.113.50');
    expect(record.status).toBe(200);
    expect(JSON.parse(record.body).id).toBe(latest.id);
  });
});

describe('the local store', () => {
  it('serves dist/ by the manifest, with its ETags, and nothing else', async () => {
    const night = nights['2027-12-31']!;
    const store = new FetcherOrigin({ fetch: async (input) => distOrigin(night.distDir)(new Request(input)) });
    const markets = await store.get('api/v1/markets.json');
    expect(markets?.etag).toBe(night.manifest.objects['api/v1/markets.json']!.etag);
    expect(await markets!.text()).toBe(readFileSync(join(night.distDir, 'api/v1/markets.json'), 'utf8'));
    expect(await store.get('api/v1/no-such-object.json')).toBeNull();
    expect(await store.get('manifest.json')).toBeNull();
  });

  it('a pointer store without a published pointer says the origin is unavailable', async () => {
    const store = new PointerOrigin(
      new FetcherOrigin({ fetch: (input, init) => fetch(input, init) }, `${s3.endpoint}/empty`),
    );
    await expect(store.get('api/v1/markets.json')).rejects.toThrow('no build is published');
  });
});

it('refuses to publish over a bucket whose current build has no release record', async () => {
  const odd = s3.bucket('odd');
  await odd.put({
    key: POINTER_KEY,
    body: Buffer.from(
      JSON.stringify({
        format: 1,
        buildId: 'x',
        prefix: 'builds/2026-01-01/x/',
        shared: { prefix: 'shared/', paths: [] },
      }),
    ),
    contentType: 'application/json',
    cacheControl: CACHE.pointer,
    contentEncoding: null,
    metadata: {},
  });
  await expect(publishRelease({ bucket: odd, distDir: nights['2027-12-31']!.distDir, progress: null })).rejects.toThrow(
    PublishError,
  );
});

describe('the pointer store', () => {
  const pointerFor = (release: string): Pointer => ({
    format: 1,
    buildId: `2026-07-24-${release}`,
    releaseId: release,
    day: '2026-07-24',
    prefix: `builds/2026-07-24/${release}/`,
    shared: { prefix: 'shared/', paths: ['api/v1/_p/'] },
    builtAt: '2026-07-24T02:45:00Z',
    newestDataDay: '2026-07-23',
    publishedAt: '2026-07-24T03:00:00Z',
  });
  /** An in-memory bucket that records the keys it was asked for. */
  const memory = (objects: Map<string, string>, asked: string[]): Origin => ({
    async get(key) {
      asked.push(key);
      const text = objects.get(key);
      return text === undefined
        ? null
        : {
            etag: `"${key}"`,
            contentType: 'application/json',
            encoding: null,
            raw: () => new TextEncoder().encode(text),
            body: null,
            text: async () => text,
            bytes: async () => new TextEncoder().encode(text),
            lines: async () => new TextEncoder().encode(text),
            discard: async () => {},
          };
    },
  });

  it('resolves build paths under the build prefix and shared partitions under the shared prefix', async () => {
    const objects = new Map([
      [POINTER_KEY, JSON.stringify(pointerFor('a'))],
      ['builds/2026-07-24/a/api/v1/markets.json', 'A'],
      ['shared/api/v1/_p/ab/ab.ndjson', 'P'],
    ]);
    const asked: string[] = [];
    const store = new PointerOrigin(memory(objects, asked));
    expect(await (await store.get('api/v1/markets.json'))!.text()).toBe('A');
    expect(await (await store.get('api/v1/_p/ab/ab.ndjson'))!.text()).toBe('P');
    expect(await store.get('api/v1/health.json')).toBeNull();
    expect(asked.filter((k) => k === POINTER_KEY)).toHaveLength(1); // once per store: one request reads one build
  });

  it('re-reads the pointer once the isolate cache is older than its maximum age', async () => {
    const objects = new Map([
      [POINTER_KEY, JSON.stringify(pointerFor('a'))],
      ['builds/2026-07-24/a/x', 'A'],
      ['builds/2026-07-24/b/x', 'B'],
    ]);
    const asked: string[] = [];
    const cache: PointerCache = { pointer: null, at: 0 };
    let now = 1_000_000;
    const store = () => new PointerOrigin(memory(objects, asked), { cache, maxAgeMs: 60_000, now: () => now });
    expect(await (await store().get('x'))!.text()).toBe('A');
    objects.set(POINTER_KEY, JSON.stringify(pointerFor('b')));
    now += 59_000;
    expect(await (await store().get('x'))!.text()).toBe('A');
    now += 2_000;
    expect(await (await store().get('x'))!.text()).toBe('B');
    expect(asked.filter((k) => k === POINTER_KEY)).toHaveLength(2);
  });

  it('refuses an object that is not a pointer', async () => {
    const store = new PointerOrigin(memory(new Map([[POINTER_KEY, '{"prefix":"x"}']]), []));
    await expect(store.get('api/v1/markets.json')).rejects.toThrow('not a publication pointer');
  });
});

describe('the store between nightly runs', () => {
  const count = (path: string, table: string) => {
    const db = new Database(path, { readonly: true });
    const n = db.prepare(`SELECT count(*) FROM ${table}`).pluck().get();
    db.close();
    return n;
  };

  it('a fresh machine restores the newest snapshot when no store was saved, checked against its checksum', async () => {
    const target = join(dir, 'machine-1', 'hal.sqlite');
    const r = await restoreStore(bucket, target);
    expect(r.from).toBe(`${nights['2027-12-31']!.snapshot.prefix}hal.sqlite.gz`);
    expect(count(target, 'observations')).toBe(count(storePath, 'observations'));
  });

  it('saves the store and the collected documents (once), and a fresh machine restores that', async () => {
    const documents = readdirSync(join(dir, 'evidence'), { recursive: true, withFileTypes: true }).filter((e) =>
      e.isFile(),
    );
    expect(documents.length).toBeGreaterThan(0); // the live list of 07-23
    const first = await saveStore(bucket, storePath, join(dir, 'evidence'));
    expect(first).toMatchObject({ evidenceSent: documents.length, evidenceKept: 0 });
    for (const d of documents) expect((await bucket.head(evidenceKey(d.name)))?.metadata.sha256).toBe(d.name);
    expect((await saveStore(bucket, storePath, join(dir, 'evidence'))).evidenceKept).toBe(documents.length);
    expect(await bucket.head(STATE_DB_KEY)).toMatchObject({
      cacheControl: 'no-store',
      contentType: 'application/gzip',
    });
    const target = join(dir, 'machine-1', 'hal.sqlite');
    await expect(restoreStore(bucket, target)).rejects.toThrow('exists');
    expect((await restoreStore(bucket, target, true)).from).toBe(STATE_DB_KEY);
    // The snapshot of night 5 has them too, but only the saved store is sure to hold the latest runs.
    expect(count(target, 'source_runs')).toBe(count(storePath, 'source_runs'));
    expect(count(target, 'documents')).toBe(count(storePath, 'documents'));
  });

  it('on the very first run there is nothing to restore', async () => {
    expect(await restoreStore(s3.bucket('blank'), join(dir, 'machine-2', 'hal.sqlite'))).toEqual({
      from: null,
      bytes: 0,
    });
  });

  it('a saved store that does not match its checksum is refused', async () => {
    const object = await bucket.client.send(new GetObjectCommand({ Bucket: 'hal', Key: STATE_DB_KEY }));
    const body = await object.Body!.transformToByteArray();
    await bucket.put({
      key: STATE_DB_KEY,
      body,
      contentType: 'application/gzip',
      cacheControl: 'no-store',
      contentEncoding: null,
      metadata: { sha256: '0'.repeat(64) },
    });
    await expect(restoreStore(bucket, join(dir, 'machine-3', 'hal.sqlite'))).rejects.toThrow(
      'does not match its SHA-256',
    );
    await bucket.delete([STATE_DB_KEY]);
  });
});
