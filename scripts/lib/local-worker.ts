/**
 * The edge worker in workerd through miniflare, read as in production: the build is published
 * with the real publisher into miniflare's R2 (scripts/lib/miniflare-bucket.ts) and the worker
 * reads it through its BUCKET binding and the publication pointer; the rate limiter is a real
 * Durable Object. The bucket outlives the process in `.cache/bucket/`, so a later start sends
 * only what changed.
 */
import { Miniflare } from 'miniflare';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sha256HexSync } from '../../core/digest-sync.ts';
import { publishRelease, type PublishReport } from '../../publish/release.ts';
import type { SnapshotFiles } from '../../publish/snapshot.ts';
import { bundleWorker, ROOT } from './bundle-worker.ts';
import {
  ALERTS_MIGRATIONS_DIR,
  applyKeyMigrations,
  DEFAULT_KEYS_DIR,
  LOCAL_ALERTS_DATABASE,
  LOCAL_KEYS_DATABASE,
  type LocalD1,
} from './keys-local.ts';
import { startLocalEdge } from './local-edge.ts';
import { MiniflareBucket } from './miniflare-bucket.ts';
import { startOriginServer, type Origin } from './origin-server.ts';

export const COMPATIBILITY_DATE = '2026-04-20';
/** As wrangler.toml: node:zlib for the answers the edge keeps encoded (edge/answer/coding.ts). */
export const COMPATIBILITY_FLAGS = ['nodejs_compat'];

/** The limiter and the keys' quota objects as wrangler.toml declares them: SQLite-backed Durable Object classes. */
const DURABLE_OBJECTS = {
  RATE_LIMITER: { className: 'RateLimiter', useSQLite: true },
  KEY_QUOTA: { className: 'KeyQuota', useSQLite: true },
};

/** Objects the publisher handles at once: enough for the loader's batches to fill. */
const LOAD_CONCURRENCY = 256;
const LOADER = `${ROOT}scripts/lib/bucket-worker.js`;

/** Bundles the worker (into `bundlePath` when given) and answers the Miniflare options every instance running it shares. */
export async function workerBase(bundlePath?: string, entry?: string) {
  const bundle = await bundleWorker(bundlePath, entry);
  return {
    rootPath: ROOT,
    modules: true,
    modulesRoot: ROOT,
    scriptPath: `${ROOT}${bundle.path}`,
    compatibilityDate: COMPATIBILITY_DATE,
    compatibilityFlags: COMPATIBILITY_FLAGS,
    durableObjects: DURABLE_OBJECTS,
  };
}

/**
 * `url`: the local edge (scripts/lib/local-edge.ts) in front of the worker; `mf.dispatchFetch` goes
 * through miniflare's own entry. `publication`: what loading the build into the local bucket did
 * (null when an `origin` stands for the bucket).
 */
export type LocalWorker = {
  mf: Miniflare;
  url: URL;
  publication: PublishReport | null;
  /** the local bucket as the publisher writes it (none when an `origin` stands for the bucket) */
  bucket(): Promise<MiniflareBucket>;
  /** the local bucket's door on its own socket, for another process (`MiniflareBucket.at`); none when an `origin` stands for the bucket */
  bucketUrl: URL | null;
  /** `replayClock`: moves the worker's clock to `at`, from where it runs on */
  setClock(at: Date): Promise<void>;
  dispose(): Promise<void>;
};

export type LocalWorkerOptions = {
  distDir: string;
  port?: number;
  host?: string;
  /**
   * A stand-in for the bucket (a test's faults, a bench's count of reads): served over real HTTP
   * and read by the worker as an S3-compatible origin (ORIGIN_URL), keys as dist/ names them.
   */
  origin?: Origin;
  /** a folder the Durable Objects' storage outlives the worker in (a restart then finds the limiter's windows) */
  persist?: string;
  /** where the local bucket keeps its objects (default: a folder of `.cache/bucket/` for this build folder) */
  bucketDir?: string;
  /** text bindings of the worker's Env (e.g. ORIGIN_TIMEOUT_MS) */
  bindings?: Record<string, string>;
  /**
   * where the D1 databases live (KEYS and ALERTS, migrated at start): by default `persist`, else `.cache/keys/`,
   * the folder `npm run keys` issues into
   */
  keysDir?: string;
  /** a snapshot published with the build, as the nightly publishes it (served under /snapshots/) */
  snapshot?: SnapshotFiles;
  /** false: nothing is loaded at start, the caller publishes into `bucket()` (a replay's nights) */
  publishAtStart?: boolean;
  /**
   * the replay's clock (scripts/lib/replay-clock/): the worker is bundled with a clock `setClock`
   * moves, and says so on /health, its pages and every answer. A local setting only: the deployed
   * worker is edge/worker.ts alone and has no clock but the real one.
   */
  replayClock?: boolean;
};

/** Where the replay's worker is bundled: beside the shared bundle, never over it. */
const REPLAY_BUNDLE = '.cache/edge/replay-worker.js';
const REPLAY_ENTRY = 'scripts/lib/replay-clock/worker.js';

/**
 * One bucket folder per build folder (by its real path, so a checkout whose `.cache` links to another's
 * finds that one's buckets): two builds served side by side never share a pointer.
 */
export const bucketDirOf = (distDir: string): string =>
  join(
    ROOT,
    '.cache/bucket',
    sha256HexSync(existsSync(distDir) ? realpathSync(distDir) : resolve(distDir)).slice(0, 12),
  );

/**
 * Where the limiter's storage lives when no `persist` folder is asked for: a temporary folder in
 * memory where the machine has one. Miniflare's own default is a folder on disk, where every
 * durable write waits for an fsync (10–100 ms on a busy disk here), a cost of this machine's disk,
 * not of Durable Objects; it made the limiter most of every request's latency.
 */
function limiterStorage(persist: string | undefined): { dir: string | undefined; temporary: boolean } {
  if (persist || !existsSync(MEMORY_FOLDER)) return { dir: persist, temporary: false };
  forgetDeadProcesses();
  return { dir: mkdtempSync(join(MEMORY_FOLDER, `${LIMITER_FOLDER}${process.pid}-`)), temporary: true };
}
const MEMORY_FOLDER = '/dev/shm';
const LIMITER_FOLDER = 'hal-limiter-';

/** `npm start` ends with Ctrl+C, before it could remove its folder: the next start removes it. */
function forgetDeadProcesses(): void {
  for (const name of readdirSync(MEMORY_FOLDER)) {
    const pid = Number(name.slice(LIMITER_FOLDER.length).split('-')[0]);
    if (!name.startsWith(LIMITER_FOLDER) || !pid || isAlive(pid)) continue;
    rmSync(join(MEMORY_FOLDER, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The build (and its snapshot) into the worker's local bucket with the real publisher, through the loader. */
async function publishLocally(mf: Miniflare, distDir: string, snapshot?: SnapshotFiles): Promise<PublishReport> {
  return publishRelease({
    bucket: await MiniflareBucket.of(mf),
    distDir,
    snapshot: snapshot ?? null,
    concurrency: LOAD_CONCURRENCY,
    progress: null,
  });
}

export async function startLocalWorker(options: LocalWorkerOptions): Promise<LocalWorker> {
  const host = options.host ?? '127.0.0.1';
  const limiter = limiterStorage(options.persist);
  const origin = options.origin ? await startOriginServer(options.origin) : null;
  const clockToken = options.replayClock ? randomBytes(16).toString('hex') : null;
  const api = {
    name: 'api',
    ...(await (clockToken ? workerBase(REPLAY_BUNDLE, REPLAY_ENTRY) : workerBase())),
    ...(origin ? {} : { r2Buckets: ['BUCKET'] }),
    bindings: {
      ...(origin ? { ORIGIN_URL: origin.url.origin } : {}),
      ...(clockToken ? { REPLAY_CLOCK_TOKEN: clockToken } : {}),
      ...options.bindings,
    },
    d1Databases: { KEYS: LOCAL_KEYS_DATABASE, ALERTS: LOCAL_ALERTS_DATABASE },
    // The worker's own socket, without miniflare's entry in between: the local edge talks to it.
    unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
  };
  const loader = {
    name: 'loader',
    modules: true,
    scriptPath: LOADER,
    compatibilityDate: COMPATIBILITY_DATE,
    r2Buckets: ['BUCKET'],
    unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
  };
  const mf = new Miniflare({
    workers: origin ? [api] : [api, loader],
    ...(limiter.dir ? { durableObjectsPersist: limiter.dir } : {}),
    ...(origin ? {} : { r2Persist: options.bucketDir ?? bucketDirOf(options.distDir) }),
    d1Persist: options.keysDir ?? options.persist ?? DEFAULT_KEYS_DIR,
  });
  await mf.ready;
  await applyKeyMigrations((await mf.getD1Database('KEYS', 'api')) as unknown as LocalD1);
  await applyKeyMigrations((await mf.getD1Database('ALERTS', 'api')) as unknown as LocalD1, ALERTS_MIGRATIONS_DIR);
  const publication =
    origin || options.publishAtStart === false ? null : await publishLocally(mf, options.distDir, options.snapshot);
  const direct = await mf.unsafeGetDirectURL();
  const edge = await startLocalEdge(direct, { port: options.port ?? 0, host });
  return {
    mf,
    url: edge.url,
    publication,
    bucket: () => MiniflareBucket.of(mf),
    bucketUrl: origin ? null : await mf.unsafeGetDirectURL('loader'),
    setClock: async (at) => {
      if (!clockToken) throw new Error('this worker was started without the replay clock (replayClock)');
      const answer = await fetch(new URL('/__replay/clock', direct), {
        method: 'POST',
        headers: { 'x-replay-token': clockToken },
        body: at.toISOString(),
      });
      if (answer.status !== 204) throw new Error(`the worker refused the replay clock: ${answer.status}`);
    },
    dispose: async () => {
      await edge.close();
      await mf.dispose();
      await origin?.close();
      if (limiter.temporary) rmSync(limiter.dir!, { recursive: true, force: true });
    },
  };
}
