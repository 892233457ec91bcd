/**
 * npm run bench:publish [-- --profile small|national-3m|national-1y|national-5y --memory --concurrency N --regenerate]:
 * builds a synthetic profile (a full build, then the next night's incremental one, as
 * `npm run bench` does), publishes the first build and then the second into an empty bucket,
 * and prints the bucket operations of each publication by kind. The bucket is a real S3
 * server (s3rver) unless `--memory`: then an in-memory bucket that answers as S3 does and
 * keeps only the bodies the publisher reads back (records, pointer, lists), so a national
 * build is counted without a server's disk. Operations are counted around the bucket
 * (publish/operations.ts), as the publisher counts them in its report: one per request (a listing
 * one per page of 1,000 keys, a delete one per batch of 1,000). Nothing is asserted; the numbers
 * are for reading.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { addDays } from '../../core/dates.ts';
import { md5Hex, type Head, type Listed, type ObjectBucket, type PutInput } from '../../publish/bucket.ts';
import { countOperations, describeOperations, type Operations } from '../../publish/operations.ts';
import { prune } from '../../publish/prune.ts';
import { describeReport, publishRelease } from '../../publish/release.ts';
import { startS3rver } from '../../tests/support/s3rver.ts';
import { option } from '../args.ts';
import { syntheticStore } from './synthetic/store.ts';
import { storeNight, storeNightBefore } from './synthetic/nightly.ts';
import { profileByName } from './synthetic/profiles.ts';

const profile = profileByName(option('profile', 'small'));
const memory = process.argv.includes('--memory');
const concurrency = Number(option('concurrency', '16'));
const dir = join('.cache/bench', profile.name);
const today = addDays(profile.endDay, 1);
mkdirSync(dir, { recursive: true });

type Kept = { head: Head; body: Uint8Array | null };
/** Bodies the publisher reads back: the pointer, the builds and snapshots lists, records, path map shards and build inputs. */
const readBack = (key: string): boolean =>
  /(^current\.json$|index\.json$|release\.json$|\/_index\/|\/_build\/)/.test(key);

/** An S3 bucket in memory: MD5 ETags, metadata and headers kept, bodies only where they are read back. */
function memoryBucket(): ObjectBucket {
  const objects = new Map<string, Kept>();
  const stored = (key: string) => {
    const o = objects.get(key);
    if (!o) return null;
    if (!o.body) throw new Error(`the bench bucket did not keep the body of ${key}`);
    return { stored: o.body, encoding: o.head.contentEncoding, metadata: o.head.metadata };
  };
  const get = async (key: string) => {
    const o = stored(key);
    return o && { bytes: o.encoding === 'gzip' ? gunzipSync(o.stored) : o.stored, metadata: o.metadata };
  };
  return {
    stats: { requests: 0, retries: 0 },
    put: async (input: PutInput) => {
      const head: Head = {
        md5: md5Hex(input.body),
        size: input.body.byteLength,
        metadata: input.metadata,
        contentType: input.contentType,
        contentEncoding: input.contentEncoding,
        cacheControl: input.cacheControl,
      };
      objects.set(input.key, { head, body: readBack(input.key) ? input.body : null });
      return head.md5;
    },
    copy: async (from, to) => {
      const o = objects.get(from);
      if (!o) throw Object.assign(new Error(`no ${from}`), { $metadata: { httpStatusCode: 404 } });
      objects.set(to, o);
    },
    head: async (key) => objects.get(key)?.head ?? null,
    get,
    getStored: async (key) => stored(key),
    getJson: async <T>(key: string) => {
      const o = await get(key);
      return o ? (JSON.parse(Buffer.from(o.bytes).toString('utf8')) as T) : null;
    },
    list: async (prefix) => ({
      objects: [...objects.keys()]
        .filter((k) => k.startsWith(prefix))
        .sort()
        .map(
          (key): Listed => ({
            key,
            md5: objects.get(key)!.head.md5,
            size: objects.get(key)!.head.size,
            lastModified: null,
          }),
        ),
    }),
    delete: async (keys) => {
      for (const k of keys) objects.delete(k);
      return keys.length;
    },
  };
}

// 1. The store and the two builds, as `npm run bench` makes them; kept in .cache/bench/<profile>/ for the next run
// (`--regenerate` builds them again; a store `npm run bench` generated there is taken as it is).
const full = join(dir, 'full.sqlite');
const before = join(dir, 'publish.sqlite');
const distA = join(dir, 'publish-a');
const distB = join(dir, 'publish-b');
const built = (d: string) => existsSync(join(d, 'manifest.json'));

function build(dbPath: string, outDir: string, previous?: string): void {
  rmSync(outDir, { recursive: true, force: true });
  const t = performance.now();
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/build-child.ts', dbPath, outDir, today, ...(previous ? [previous] : [])],
    { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  console.log(
    `built ${outDir}${previous ? ` incrementally from ${previous}` : ''} in ${Math.round((performance.now() - t) / 1000)} s`,
  );
}

if (!built(distA) || !built(distB) || process.argv.includes('--regenerate')) {
  syntheticStore(profile, false);
  const lastDay = storeNightBefore(full, before);
  build(before, distA);
  // The next night: the last day stored, as a nightly scrape stores it, then built from the first build.
  storeNight(full, before, lastDay);
  build(before, distB, distA);
}

// 2. Both publications into an empty bucket, then retention as `npm run publish` runs it.
const s3 = memory ? null : await startS3rver(['bench']);
try {
  const inner = s3 ? s3.bucket('bench') : memoryBucket();
  const line = (label: string, operations: Operations, seconds = '') =>
    console.log(`${label.padEnd(28)} ${describeOperations(operations)}${seconds}`);
  const at = (time: string) => () => new Date(`${today}T${time}Z`);
  const nights: [string, string, string][] = [
    ['first publication', distA, '03:00:00'],
    ['second publication', distB, '04:00:00'],
  ];
  console.log(
    `\nprofile ${profile.name}, bucket: ${s3 ? 's3rver' : 'in memory'}, concurrency ${concurrency}, no snapshot\n`,
  );
  for (const [label, distDir, time] of nights) {
    const { bucket, operations } = countOperations(inner);
    const t = performance.now();
    const report = await publishRelease({ bucket, distDir, concurrency, now: at(time), progress: null });
    const seconds = ` · ${((performance.now() - t) / 1000).toFixed(1)} s`;
    for (const l of describeReport(report)) console.log(l);
    line(label, operations, seconds);
    const retention = countOperations(inner);
    const pruned = await prune(retention.bucket, today, undefined, new Date(`${today}T${time}Z`));
    line(`  then retention`, retention.operations);
    console.log(`  retention pruned ${pruned.objectsDeleted} objects\n`);
  }
} finally {
  await s3?.close();
}
