/**
 * Retention. Builds stay reachable by date for `buildDays` days after their build day (and the
 * newest `minBuilds` and the current one always stay, so a stopped nightly never empties the
 * bucket); then their prefix is deleted, and shared partitions that no retained build uses go
 * with it. Daily snapshots stay `snapshotDays` days; the first snapshot of every month stays for
 * good. Half-written prefixes of dead runs are pruned by the same rule once they are old enough.
 */
import { addDays } from '../core/dates.ts';
import type { ObjectBucket } from './bucket.ts';
import {
  BUILDS_INDEX_KEY,
  BUILDS_PREFIX,
  RELEASE_FILE,
  SHARED_PREFIX,
  SNAPSHOTS_INDEX_KEY,
  SNAPSHOTS_PREFIX,
} from './layout.ts';
import { putIndex, readPointer, type BuildsIndex, type Release, type SnapshotsIndex } from './release.ts';

export type RetentionPolicy = { buildDays: number; minBuilds: number; snapshotDays: number; monthlySnapshots: boolean };
export const DEFAULT_RETENTION: RetentionPolicy = {
  buildDays: 30,
  minBuilds: 3,
  snapshotDays: 30,
  monthlySnapshots: true,
};

export type PruneReport = {
  buildsKept: number;
  buildsPruned: string[];
  sharedPruned: number;
  snapshotsPruned: string[];
  objectsDeleted: number;
};

export async function prune(
  bucket: ObjectBucket,
  today: string,
  policy: RetentionPolicy = DEFAULT_RETENTION,
  now = new Date(),
): Promise<PruneReport> {
  const report: PruneReport = {
    buildsKept: 0,
    buildsPruned: [],
    sharedPruned: 0,
    snapshotsPruned: [],
    objectsDeleted: 0,
  };
  const pointer = await readPointer(bucket);
  if (!pointer) return report; // nothing published: nothing to judge against
  const index = (await bucket.getJson<BuildsIndex>(BUILDS_INDEX_KEY)) ?? {
    updatedAt: now.toISOString(),
    current: null,
    builds: [],
  };
  const newest = new Set(index.builds.slice(0, policy.minBuilds).map((b) => b.prefix));
  const horizon = addDays(today, -policy.buildDays);
  const prefixes = await releasePrefixes(bucket, BUILDS_PREFIX);
  const keep = prefixes.filter((p) => p.prefix === pointer.prefix || newest.has(p.prefix) || p.day >= horizon);
  for (const p of prefixes.filter((x) => !keep.includes(x))) {
    report.objectsDeleted += await bucket.delete(p.keys);
    report.buildsPruned.push(p.prefix);
  }
  report.buildsKept = keep.length;
  if (report.buildsPruned.length) {
    const kept = new Set(keep.map((p) => p.prefix));
    await putIndex(bucket, BUILDS_INDEX_KEY, {
      ...index,
      updatedAt: now.toISOString(),
      builds: index.builds.filter((b) => kept.has(b.prefix)),
    });
  }
  // The current build's partitions stay whatever a listing says.
  report.sharedPruned = await pruneShared(
    bucket,
    [...new Set([pointer.prefix, ...keep.map((p) => p.prefix)])],
    pointer.prefix,
  );
  report.objectsDeleted += report.sharedPruned;
  const snapshots = await pruneSnapshots(bucket, today, policy, now);
  report.snapshotsPruned = snapshots.prefixes;
  report.objectsDeleted += snapshots.deleted;
  return report;
}

type Dated = { day: string; prefix: string; keys: string[] };

/**
 * `<root><day>/<id>/` prefixes with their keys, from a full listing of the bucket (so the
 * half-written prefixes of dead runs are found too). A listing with a delimiter would be cheaper,
 * but not every S3-compatible server groups nested prefixes right (s3rver does not).
 */
async function releasePrefixes(bucket: ObjectBucket, root: string): Promise<Dated[]> {
  const byPrefix = new Map<string, Dated>();
  for (const { key } of (await bucket.list(root)).objects) {
    const match = /^(\d{4}-\d{2}-\d{2})\/([^/]+)\//.exec(key.slice(root.length));
    if (!match) continue;
    const prefix = `${root}${match[0]}`;
    const entry = byPrefix.get(prefix) ?? { day: match[1]!, prefix, keys: [] };
    entry.keys.push(key);
    byPrefix.set(prefix, entry);
  }
  return [...byPrefix.values()];
}

/**
 * A shared partition goes when no retained, complete build lists it. Retained builds without a
 * release record (a run that died) are being written: they re-check their shared objects on resume.
 * Without the current build's record, or if a retained record cannot be read, nothing shared is deleted.
 */
async function pruneShared(bucket: ObjectBucket, retained: readonly string[], current: string): Promise<number> {
  const used = new Set<string>();
  for (const prefix of retained) {
    const release = await bucket.getJson<Release>(prefix + RELEASE_FILE);
    if (!release && prefix === current) return 0;
    for (const o of release?.objects ?? []) if (o.key.startsWith(SHARED_PREFIX)) used.add(o.key);
  }
  const { objects } = await bucket.list(SHARED_PREFIX);
  return bucket.delete(objects.map((o) => o.key).filter((key) => !used.has(key)));
}

async function pruneSnapshots(
  bucket: ObjectBucket,
  today: string,
  policy: RetentionPolicy,
  now: Date,
): Promise<{ prefixes: string[]; deleted: number }> {
  const index = (await bucket.getJson<SnapshotsIndex>(SNAPSHOTS_INDEX_KEY)) ?? {
    updatedAt: now.toISOString(),
    snapshots: [],
  };
  const horizon = addDays(today, -policy.snapshotDays);
  const firstOfMonth = new Map<string, string>();
  for (const s of index.snapshots) {
    const month = s.day.slice(0, 7);
    if (!firstOfMonth.has(month) || s.day < firstOfMonth.get(month)!) firstOfMonth.set(month, s.day);
  }
  const kept = index.snapshots.filter(
    (s) => s.day >= horizon || (policy.monthlySnapshots && firstOfMonth.get(s.day.slice(0, 7)) === s.day),
  );
  const keptPrefixes = new Set(kept.map((s) => s.prefix));
  const pruned: string[] = [];
  let deleted = 0;
  for (const p of await releasePrefixes(bucket, SNAPSHOTS_PREFIX)) {
    // A snapshot not in the index is a superseded one of the same day, or a dead run's: gone once out of its own day.
    if (keptPrefixes.has(p.prefix) || (p.day >= today && !index.snapshots.some((s) => s.prefix === p.prefix))) continue;
    deleted += await bucket.delete(p.keys);
    pruned.push(p.prefix);
  }
  if (kept.length !== index.snapshots.length)
    await putIndex(bucket, SNAPSHOTS_INDEX_KEY, { updatedAt: now.toISOString(), snapshots: kept });
  return { prefixes: pruned, deleted };
}
