/**
 * A publication killed at every stage, against s3rver behind a line that fails like a network
 * and a dying machine (tests/support/s3-line.ts): from the request of a stage on, nothing reaches
 * the bucket. Build A (2026-07-23) is published; build B (2026-07-24) is then published over it
 * and killed during its upload, loses a write the bucket acknowledged, is killed during its
 * verification, at its release record, at the pointer and between the pointer and the indexes;
 * then retention is killed while it deletes A. Each run after a kill is the re-run of the one
 * before: it gets past where that one died (the next kill is a later stage), and the last one of
 * each finishes. After every kill the worker, in workerd over the bucket, answers from one
 * complete build, A or B, never a mix, and the indexes never name a build the pointer has not
 * reached.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../build/build.ts';
import { openDb } from '../../store/db.ts';
import { Bucket, s3Client } from '../../publish/bucket.ts';
import {
  BUILDS_LIST_KEY,
  isContentAddressed,
  OBJECTS_PREFIX,
  RELEASE_FILE,
  SHARED_PREFIX,
  SNAPSHOTS_LIST_KEY,
  buildPrefix,
  releaseIdOf,
} from '../../publish/layout.ts';
import { prune } from '../../publish/prune.ts';
import { publishRelease, PublishError, type BuildsList, type Release } from '../../publish/release.ts';
import { createSnapshot, type SnapshotFiles } from '../../publish/snapshot.ts';
import { type Pointer, type DistManifest, POINTER_KEY } from '../../core/publication.ts';
import { distOrigin } from '../../scripts/lib/dist-origin.ts';
import { ROOT } from '../../scripts/lib/bundle-worker.ts';
import { workerBase } from '../../scripts/lib/local-worker.ts';
import { startOriginServer } from '../../scripts/lib/origin-server.ts';
import { s3Origin } from '../support/bucket-worker.ts';
import { S3Line, type S3Call } from '../support/s3-line.ts';
import { s3At, startS3rver, type LocalS3 } from '../support/s3rver.ts';
import { DUMP_SLICE, seedSmallStore } from '../support/small-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'hal-publish-faults-'));
const bundlePath = `.cache/edge/worker-publish-faults-${process.pid}.js`;
/** Answers that differ between the two builds (health, status, freshness) and some that do not. */
const PATHS = [
  '/api/v1/health',
  '/api/v1/sources/status',
  '/api/v1/prices/latest',
  '/api/v1/prices?product=domates-salkim&limit=3',
  '/api/v1/markets',
  '/data-health',
  '/api-policy',
];

type Build = {
  name: 'A' | 'B';
  day: string;
  distDir: string;
  manifest: DistManifest;
  snapshot: SnapshotFiles;
  releaseId: string;
  prefix: string;
  answers: Answer[];
};
type Answer = { path: string; status: number; etag: string | null; body: string };
const builds = {} as Record<'A' | 'B', Build>;
let s3: LocalS3;
let line: S3Line;
let bucket: Bucket;
let base: Awaited<ReturnType<typeof workerBase>>;
const matrix: { stage: string; served: string; next: string }[] = [];

beforeAll(async () => {
  // The server and the bundler work in processes of their own while this one seeds and builds.
  const started = Promise.all([startS3rver(['hal']), workerBase(bundlePath)]);
  const storePath = join(dir, 'hal.sqlite');
  const db = openDb(storePath);
  seedSmallStore(db, { holidays: true, ...DUMP_SLICE });
  for (const [name, day] of [
    ['A', '2026-07-23'],
    ['B', '2026-07-24'],
  ] as const) {
    const distDir = join(dir, `dist-${name}`);
    buildSite({ db, outDir: distDir, today: day, builtAt: `${day}T02:45:00Z` });
    const manifest = JSON.parse(readFileSync(join(distDir, 'manifest.json'), 'utf8')) as DistManifest;
    const snapshot = await createSnapshot({
      dbPath: storePath,
      outDir: join(dir, `snapshot-${name}`),
      day,
      buildId: manifest.buildId,
      builtAt: manifest.builtAt,
    });
    const releaseId = releaseIdOf(manifest);
    builds[name] = {
      name,
      day,
      distDir,
      manifest,
      snapshot,
      releaseId,
      prefix: buildPrefix(day, releaseId),
      answers: [],
    };
  }
  db.close();
  [s3, base] = await started;
  bucket = s3.bucket('hal');
  line = await S3Line.open(s3.endpoint);
  // Each waits on processes of its own (workerd, s3rver): they run at once.
  [builds.A.answers, builds.B.answers] = await Promise.all([
    answersOfDist(builds.A.distDir),
    answersOfDist(builds.B.distDir),
    publishRelease({ bucket, distDir: builds.A.distDir, snapshot: builds.A.snapshot, progress: null }),
  ]);
  // Without this, "one build, never a mix" could not tell A from B.
  expect(builds.A.answers.filter((a, i) => a.body !== builds.B.answers[i]!.body).length).toBeGreaterThanOrEqual(3);
});

afterAll(async () => {
  console.log(
    [
      'stage killed | served after the kill | the next run',
      ...matrix.map((r) => `${r.stage} | ${r.served} | ${r.next}`),
    ].join('\n'),
  );
  await line?.close();
  await s3?.close();
  rmSync(join(ROOT, bundlePath), { force: true });
  rmSync(dir, { recursive: true, force: true });
});

/** The worker's answers over a build folder itself, served by a real HTTP origin. */
async function answersOfDist(distDir: string): Promise<Answer[]> {
  const origin = await startOriginServer(distOrigin(distDir));
  try {
    return await workerAnswers({}, { ORIGIN_URL: origin.url.origin });
  } finally {
    await origin.close();
  }
}

/** The worker in a fresh isolate (the pointer is cached a minute per isolate), its answers to PATHS. */
async function workerAnswers(
  serviceBindings: Record<string, unknown>,
  bindings: Record<string, string> = {},
): Promise<Answer[]> {
  const mf = new Miniflare({ ...base, serviceBindings: serviceBindings as never, bindings });
  try {
    const answers: Answer[] = [];
    for (const [i, path] of PATHS.entries()) {
      const r = await mf.dispatchFetch(`http://localhost${path}`, {
        headers: { 'cf-connecting-ip': `203.0.113.${i + 1}` },
      });
      answers.push({ path, status: r.status, etag: r.headers.get('etag'), body: await r.text() });
    }
    return answers;
  } finally {
    await mf.dispose();
  }
}

/** What the worker serves from the bucket is all of one build (every answer, with its ETag, as from its dist/), and that build is complete. */
async function servedBuild(): Promise<'A' | 'B'> {
  const pointer = (await bucket.getJson<Pointer>(POINTER_KEY))!;
  const build = [builds.A, builds.B].find((b) => b.prefix === pointer.prefix);
  expect(build, `the pointer names ${pointer.prefix}`).toBeDefined();
  const answers = await workerAnswers({ ORIGIN: s3Origin(`${s3.endpoint}/hal`) }, { POINTER_KEY });
  expect(answers).toEqual(build!.answers);
  const release = await bucket.getJson<Release>(build!.prefix + RELEASE_FILE);
  expect(release, `the served build ${build!.name} has its release record`).not.toBeNull();
  const stored = new Map<string, string>();
  for (const prefix of [build!.prefix, OBJECTS_PREFIX, SHARED_PREFIX, build!.snapshot.prefix])
    for (const o of (await bucket.list(prefix)).objects) stored.set(o.key, o.md5);
  expect(
    release!.objects.filter((o) => stored.get(o.key) !== o.md5).map((o) => o.key),
    `every object of ${build!.name} is stored`,
  ).toEqual([]);
  // The indexes name a build once the pointer has (a kill between the two leaves them behind, never ahead).
  const index = (await bucket.getJson<BuildsList>(BUILDS_LIST_KEY))!;
  if (build!.name === 'A') expect(index.builds.map((b) => b.releaseId)).toEqual([builds.A.releaseId]);
  expect([builds.A.releaseId, build!.releaseId]).toContain(index.current);
  return build!.name;
}

/** A run of the publisher over the line; killed when the line goes down (a few quick tries, then it gives up). */
function publishB() {
  const client = new Bucket(s3Client(s3At(line.endpoint).config('hal')), 'hal', { attempts: 2, baseMs: 10 });
  return publishRelease({ bucket: client, distDir: builds.B.distDir, snapshot: builds.B.snapshot, progress: null });
}

/** A request about B: A was published before any, and objects are stored by content, outside B's prefix. */
const underB = (c: S3Call) => c.key.startsWith(builds.B.prefix) || isContentAddressed(c.key);
/** A write of one of B's objects (its build inputs under `_build/` are written again by every run, and not served). */
const objectOfB = (c: S3Call) => c.write && isContentAddressed(c.key);
/** How many objects B sends over A: its new and changed ones. */
const changedInB = () =>
  Object.entries(builds.B.manifest.objects).filter(([p, e]) => builds.A.manifest.objects[p]?.etag !== e.etag).length;
let firstRun: S3Call[] = [];
let lost = '';
/** The requests that reached the bucket since the mark. */
const since = (mark: number) => line.calls.slice(mark);

/** Kills the next run of B at `stage`, checks what is served, and records the row. */
async function killB(stage: string, cut: (c: S3Call) => boolean, nth: number, expected: 'A' | 'B'): Promise<S3Call[]> {
  const mark = line.calls.length;
  line.cutAt(cut, nth);
  await expect(publishB()).rejects.toThrow();
  expect(line.struck, `the run reached ${stage}`).toBe(true);
  line.mend();
  expect(await servedBuild()).toBe(expected);
  matrix.push({ stage, served: `${expected}, complete`, next: '' });
  return since(mark);
}

describe('a publication killed at every stage', () => {
  it('killed during the upload: A is served', async () => {
    const nth = Math.floor(changedInB() / 2);
    expect(nth).toBeGreaterThan(100);
    firstRun = await killB(`during the upload (the ${nth}th object B sends)`, objectOfB, nth, 'A');
    expect(firstRun.filter(objectOfB).length).toBeGreaterThanOrEqual(nth - 1);
    expect(firstRun.some((c) => c.method === 'HEAD' && underB(c))).toBe(false); // verification had not begun
  });

  it('the re-run sends the rest; a write the bucket acknowledged and lost is caught by the verification, and A is still served', async () => {
    const mark = line.calls.length;
    line.loseAt((c) => objectOfB(c) && Boolean((lost = c.key)));
    await expect(publishB()).rejects.toThrow(PublishError);
    await expect(bucket.head(lost)).resolves.toBeNull();
    const calls = since(mark);
    // What the dead run stored was found, not written again.
    const written = new Set(firstRun.filter(objectOfB).map((c) => c.key));
    expect(calls.filter((c) => objectOfB(c) && written.has(c.key))).toEqual([]);
    expect(calls.some((c) => c.method === 'HEAD' && c.key === lost)).toBe(true);
    expect(calls.some((c) => c.write && (c.key === builds.B.prefix + RELEASE_FILE || c.key === POINTER_KEY))).toBe(
      false,
    );
    line.mend();
    expect(await servedBuild()).toBe('A');
    matrix.at(-1)!.next = 'gets past the upload: sends the rest, then verifies';
    matrix.push({
      stage: `a write lost by the bucket (${lost})`,
      served: 'A, complete (verification refused B)',
      next: '',
    });
  });

  it('killed during the verification: A is served, and the re-run had sent the lost object again', async () => {
    // On a begun prefix every object is looked for before it is sent: the verification's HEAD of
    // the lost object is the one after it was sent again.
    let sentAgain = false;
    const calls = await killB(
      'during the verification (of the object sent again)',
      (c) => (c.write && c.key === lost && (sentAgain = true), sentAgain && c.method === 'HEAD' && c.key === lost),
      1,
      'A',
    );
    expect(calls.filter(objectOfB).map((c) => c.key)).toEqual([lost]);
    matrix.at(-2)!.next = 'sends the lost object again, verifies';
  });

  it('killed at the release record: A is served', async () => {
    await killB('at the release record', (c) => c.write && c.key === builds.B.prefix + RELEASE_FILE, 1, 'A');
    matrix.at(-2)!.next = 'finds every object (HEAD), none to send: writes the record';
  });

  it('killed between the release record and the pointer: A is served, B recorded', async () => {
    await killB('between the release record and the pointer', (c) => c.write && c.key === POINTER_KEY, 1, 'A');
    expect(await bucket.getJson<Release>(builds.B.prefix + RELEASE_FILE)).toMatchObject({
      releaseId: builds.B.releaseId,
    });
    matrix.at(-2)!.next = 'finds every object (HEAD), writes the record, moves the pointer';
  });

  it('killed between the pointer and the indexes: B is served, the indexes still name A', async () => {
    await killB(
      'between the pointer and the indexes',
      (c) => c.write && (c.key === SNAPSHOTS_LIST_KEY || c.key === BUILDS_LIST_KEY),
      1,
      'B',
    );
    expect((await bucket.getJson<BuildsList>(BUILDS_LIST_KEY))?.current).toBe(builds.A.releaseId);
    matrix.at(-2)!.next = 'moves the pointer to the recorded release';
  });

  it('the re-run writes the indexes and finishes', async () => {
    const mark = line.calls.length;
    const report = await publishB();
    expect(report).toMatchObject({ releaseId: builds.B.releaseId, switched: false });
    expect(
      since(mark)
        .filter((c) => c.write)
        .map((c) => c.key),
    ).toEqual([SNAPSHOTS_LIST_KEY, BUILDS_LIST_KEY]);
    expect(await servedBuild()).toBe('B');
    const index = (await bucket.getJson<BuildsList>(BUILDS_LIST_KEY))!;
    expect(index).toMatchObject({
      current: builds.B.releaseId,
      builds: [{ releaseId: builds.B.releaseId }, { releaseId: builds.A.releaseId }],
    });
    matrix.at(-1)!.next = 'writes the indexes: finishes, B served';
  });
});

describe('retention killed while it deletes', () => {
  const policy = { buildDays: 0, minBuilds: 1, snapshotDays: 0, monthlySnapshots: false };
  const prefixOf = (name: 'A' | 'B') => builds[name].prefix;
  const linedBucket = () => new Bucket(s3Client(s3At(line.endpoint).config('hal')), 'hal', { attempts: 2, baseMs: 10 });

  it('killed at its second batch delete: B is served', async () => {
    line.cutAt((c) => c.delete, 2);
    await expect(prune(linedBucket(), builds.B.day, policy)).rejects.toThrow();
    expect(line.struck).toBe(true);
    line.mend();
    // The first deleted A's record (A can no longer be rolled back to), the second was A's unused objects.
    const left = (await bucket.list(prefixOf('A'))).objects.map((o) => o.key);
    expect(left.length).toBeGreaterThan(0);
    expect(left).not.toContain(prefixOf('A') + RELEASE_FILE);
    expect(await servedBuild()).toBe('B');
    matrix.push({
      stage: "during pruning (the 2nd batch delete: A's record gone, its objects and prefix left)",
      served: 'B, complete',
      next: '',
    });
  });

  it('the re-run deletes the rest of A and finishes', async () => {
    const report = await prune(linedBucket(), builds.B.day, policy);
    expect(report.buildsPruned).toEqual([prefixOf('A')]);
    expect((await bucket.list(prefixOf('A'))).objects).toEqual([]);
    // A without its record lists nothing: every stored object no retained build lists is swept.
    const releaseB = (await bucket.getJson<Release>(builds.B.prefix + RELEASE_FILE))!;
    const stored = [...(await bucket.list(OBJECTS_PREFIX)).objects, ...(await bucket.list(SHARED_PREFIX)).objects];
    expect(stored.map((o) => o.key).sort()).toEqual(
      [...new Set(releaseB.objects.filter((o) => isContentAddressed(o.key)).map((o) => o.key))].sort(),
    );
    expect(report.unusedPruned).toBeGreaterThan(0);
    expect((await bucket.getJson<BuildsList>(BUILDS_LIST_KEY))?.builds.map((b) => b.releaseId)).toEqual([
      builds.B.releaseId,
    ]);
    expect(await servedBuild()).toBe('B');
    matrix.at(-1)!.next = 'sweeps what B does not list, deletes the rest of A: finishes, B served';
  });
});
