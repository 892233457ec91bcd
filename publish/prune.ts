/**
 * Retention. Builds stay reachable by date for `buildDays` days after their build day (and the
 * newest `minBuilds` and the current one always stay, so a stopped nightly never empties the
 * bucket); then their prefix is deleted, and the content-addressed objects (`objects/`, shared
 * partitions) that they listed and no retained build lists go with them. Daily snapshots stay
 * `snapshotDays` days; the first snapshot of every month stays for good. Half-written prefixes of
 * dead runs are pruned by the same rule once they are old enough; what such a run stored is
 * listed nowhere, so pruning one sweeps every content-addressed object no retained build lists.
 */
import { addDays } from '../core/dates.ts';
import type { ObjectBucket } from './bucket.ts';
import {
  BUILDS_LIST_KEY,
  BUILDS_PREFIX,
  isContentAddressed,
  OBJECTS_PREFIX,
  RELEASE_FILE,
  SHARED_PREFIX,
  SNAPSHOTS_LIST_KEY,
  SNAPSHOTS_PREFIX,
} from './layout.ts';
import { countOperations, type Operations } from './operations.ts';
import { putList, readPointer, type BuildsList, type Release, type SnapshotsList } from './release.ts';

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
  /** content-addressed objects (`objects/`, shared partitions) no retained build lists */
  unusedPruned: number;
  snapshotsPruned: string[];
  objectsDeleted: number;
  operations: Operations;
};

export async function prune(
  given: ObjectBucket,
  today: string,
  policy: RetentionPolicy = DEFAULT_RETENTION,
  now = new Date(),
): Promise<PruneReport> {
  const { bucket, operations } = countOperations(given);
  const report: PruneReport = {
    buildsKept: 0,
    buildsPruned: [],
    unusedPruned: 0,
    snapshotsPruned: [],
    objectsDeleted: 0,
    operations,
  };
  const pointer = await readPointer(bucket);
  if (!pointer) return report; // nothing published: nothing to judge against
  const list = (await bucket.getJson<BuildsList>(BUILDS_LIST_KEY)) ?? {
    updatedAt: now.toISOString(),
    current: null,
    builds: [],
  };
  const newest = new Set(list.builds.slice(0, policy.minBuilds).map((b) => b.prefix));
  const horizon = addDays(today, -policy.buildDays);
  const prefixes = await releasePrefixes(bucket, BUILDS_PREFIX);
  const keep = prefixes.filter((p) => p.prefix === pointer.prefix || newest.has(p.prefix) || p.day >= horizon);
  const dropped = prefixes.filter((p) => !keep.includes(p));
  report.buildsKept = keep.length;
  if (dropped.length) {
    // What the dropped builds list is read first; then they are listed no more, lose their
    // records (a recorded build is always whole: re-publishing one only moves the pointer),
    // their unused objects go, and last their prefixes. A run that dies between two steps leaves
    // prefixes the next run finds and prunes again; without their records, by a sweep.
    const listed = await listedObjects(bucket, dropped);
    const kept = new Set(keep.map((p) => p.prefix));
    await putList(bucket, BUILDS_LIST_KEY, {
      ...list,
      updatedAt: now.toISOString(),
      builds: list.builds.filter((b) => kept.has(b.prefix)),
    });
    const record = (p: Dated) => p.prefix + RELEASE_FILE;
    for (const p of dropped) report.objectsDeleted += await bucket.delete(p.keys.filter((k) => k === record(p)));
    report.unusedPruned = await pruneUnused(bucket, keep, listed, pointer.prefix);
    report.objectsDeleted += report.unusedPruned;
    for (const p of dropped) {
      report.objectsDeleted += await bucket.delete(p.keys.filter((k) => k !== record(p)));
      report.buildsPruned.push(p.prefix);
    }
  }
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

/** The content-addressed objects the dropped builds' records list; null when one has no record (a run that died). */
async function listedObjects(bucket: ObjectBucket, dropped: readonly Dated[]): Promise<Set<string> | null> {
  const listed = new Set<string>();
  for (const p of dropped) {
    const release = p.keys.includes(p.prefix + RELEASE_FILE)
      ? await bucket.getJson<Release>(p.prefix + RELEASE_FILE)
      : null;
    if (!release) return null;
    for (const o of release.objects) if (isContentAddressed(o.key)) listed.add(o.key);
  }
  return listed;
}

/**
 * Of the content-addressed objects the dropped builds listed, those no retained build lists. A
 * retained prefix without a record (a run that died) lists nothing: a re-run looks for what it
 * stored before sending it. When a dropped build's list is unknown (`listed` null: a dead run
 * stored objects no record names), every content-addressed object in the bucket is judged.
 * Without the current build's record, or if a record cannot be read, nothing is deleted.
 */
async function pruneUnused(
  bucket: ObjectBucket,
  retained: readonly Dated[],
  listed: Set<string> | null,
  current: string,
): Promise<number> {
  const used = new Set<string>();
  for (const p of retained) {
    const release = await bucket.getJson<Release>(p.prefix + RELEASE_FILE);
    if (!release && p.prefix === current) return 0;
    for (const o of release?.objects ?? []) used.add(o.key);
  }
  const candidates = listed ?? new Set<string>();
  if (!listed)
    for (const root of [OBJECTS_PREFIX, SHARED_PREFIX])
      for (const o of (await bucket.list(root)).objects) candidates.add(o.key);
  return bucket.delete([...candidates].filter((key) => !used.has(key)));
}

async function pruneSnapshots(
  bucket: ObjectBucket,
  today: string,
  policy: RetentionPolicy,
  now: Date,
): Promise<{ prefixes: string[]; deleted: number }> {
  const list = (await bucket.getJson<SnapshotsList>(SNAPSHOTS_LIST_KEY)) ?? {
    updatedAt: now.toISOString(),
    snapshots: [],
  };
  const horizon = addDays(today, -policy.snapshotDays);
  const firstOfMonth = new Map<string, string>();
  for (const s of list.snapshots) {
    const month = s.day.slice(0, 7);
    if (!firstOfMonth.has(month) || s.day < firstOfMonth.get(month)!) firstOfMonth.set(month, s.day);
  }
  const kept = list.snapshots.filter(
    (s) => s.day >= horizon || (policy.monthlySnapshots && firstOfMonth.get(s.day.slice(0, 7)) === s.day),
  );
  const keptPrefixes = new Set(kept.map((s) => s.prefix));
  const pruned: string[] = [];
  let deleted = 0;
  for (const p of await releasePrefixes(bucket, SNAPSHOTS_PREFIX)) {
    // A snapshot not in the list is a superseded one of the same day, or a dead run's: gone once out of its own day.
    if (keptPrefixes.has(p.prefix) || (p.day >= today && !list.snapshots.some((s) => s.prefix === p.prefix))) continue;
    deleted += await bucket.delete(p.keys);
    pruned.push(p.prefix);
  }
  if (kept.length !== list.snapshots.length)
    await putList(bucket, SNAPSHOTS_LIST_KEY, { updatedAt: now.toISOString(), snapshots: kept });
  return { prefixes: pruned, deleted };
}
