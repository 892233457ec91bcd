/**
 * npm run publish: dist/ and a snapshot of the store → the bucket (publish/), then the
 * pointer moves, then retention prunes old builds. Also `restore-store` (npm run restore) and
 * `save-store` (npm run save-store), which keep the store between nightly runs, and
 * `fetch-previous` (npm run fetch-previous), what the nightly's incremental build takes from the
 * published build.
 * Bucket from the environment: HAL_S3_ENDPOINT, HAL_S3_REGION, HAL_S3_BUCKET,
 * HAL_S3_ACCESS_KEY_ID, HAL_S3_SECRET_ACCESS_KEY (docs/publishing.md).
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { Bucket, bucketConfigFromEnv } from '../publish/bucket.ts';
import { describeOperations } from '../publish/operations.ts';
import { MB } from '../publish/progress.ts';
import { DEFAULT_RETENTION, prune } from '../publish/prune.ts';
import { describeReport, publishRelease, readManifest } from '../publish/release.ts';
import { createSnapshot } from '../publish/snapshot.ts';
import { restoreStore, saveStore } from '../publish/store-copy.ts';
import { openDb } from '../store/db.ts';
import { fetchPrevious } from '../publish/fetch-previous.ts';
import { buildClock, DEFAULT_DB, DEFAULT_OUT, DEFAULT_PREVIOUS, option } from './args.ts';
import { stepSummary } from './lib/step-summary.ts';

const flag = (name: string) => process.argv.includes(`--${name}`);
const command = process.argv[2]?.startsWith('--') ? 'publish' : (process.argv[2] ?? 'publish');
const dbPath = option('db', DEFAULT_DB);
const bucket = Bucket.fromConfig(bucketConfigFromEnv());

if (command === 'restore-store') {
  const r = await restoreStore(bucket, dbPath, flag('force'));
  console.log(
    r.from
      ? `Restored ${dbPath} from ${r.from} (${MB(r.bytes)})`
      : `No saved store or snapshot in the bucket: ${dbPath} starts from the archives (npm run import)`,
  );
} else if (command === 'save-store') {
  const r = await saveStore(bucket, dbPath, option('evidence', '.cache/evidence'));
  console.log(
    `Saved ${dbPath} (${MB(r.dbBytes)}, ${MB(r.storedBytes)} stored); evidence: ${r.evidenceSent} documents sent, ${r.evidenceKept} already kept`,
  );
} else if (command === 'fetch-previous') {
  await fetchPreviousBuild();
} else if (command === 'publish') {
  await publish();
} else {
  throw new Error(`unknown command ${command}: publish (default), restore-store, save-store, fetch-previous`);
}

/** What tonight's build takes from the published build, downloaded into --into (docs/incremental-build.md). */
async function fetchPreviousBuild(): Promise<void> {
  const into = option('into', DEFAULT_PREVIOUS);
  const { today } = buildClock();
  const db = openDb(dbPath);
  try {
    const r = await fetchPrevious(bucket, into, db, today, Number(option('concurrency', '16')));
    if (!r.boundary) console.log(`Nothing to take from the bucket (${r.reason}): the build is a full one`);
    else if ('full' in r.boundary)
      console.log(
        `Fetched the state of ${r.prefix} into ${into}; a build of ${today} is a full one: ${r.boundary.full}`,
      );
    else
      console.log(
        `Fetched from ${r.prefix} into ${into}: its state and manifest, ${r.directories} collection directories and ${r.partitions} partitions (${MB(r.bytes)}); a build of ${today} builds rows from ${r.boundary.from} on`,
      );
  } finally {
    db.close();
  }
}

async function publish(): Promise<void> {
  const distDir = option('out', DEFAULT_OUT);
  const manifest = await readManifest(distDir);
  const snapshotDir = option('snapshot-dir', join('.cache/publish', `snapshot-${manifest.today}`));
  const snapshot = flag('no-snapshot')
    ? null
    : await createSnapshot({
        dbPath,
        outDir: snapshotDir,
        day: manifest.today,
        buildId: manifest.buildId,
        builtAt: manifest.builtAt,
      });
  if (snapshot)
    console.log(
      `Snapshot of ${dbPath}: ${snapshot.files.length} files, ${MB(snapshot.files.reduce((n, f) => n + f.bytes, 0))}, ${snapshot.rows.observations ?? 0} observations`,
    );
  const verbose = flag('verbose');
  const report = await publishRelease({
    bucket,
    distDir,
    snapshot,
    concurrency: Number(option('concurrency', '16')),
    onObject: verbose ? (op, key) => console.log(`${op} ${key}`) : undefined,
  });
  for (const line of describeReport(report)) console.log(line);
  const policy = {
    ...DEFAULT_RETENTION,
    buildDays: Number(option('retention-days', String(DEFAULT_RETENTION.buildDays))),
    snapshotDays: Number(option('snapshot-retention-days', String(DEFAULT_RETENTION.snapshotDays))),
    minBuilds: Number(option('min-builds', String(DEFAULT_RETENTION.minBuilds))),
  };
  const pruned = flag('no-prune') ? null : await prune(bucket, manifest.today, policy);
  if (pruned)
    console.log(
      `Retention (${policy.buildDays} days of builds, ${policy.snapshotDays} of daily snapshots): ${pruned.buildsPruned.length} builds, ${pruned.snapshotsPruned.length} snapshots and ${pruned.unusedPruned} objects no retained build lists pruned (${pruned.objectsDeleted} objects)\n  bucket operations: ${describeOperations(pruned.operations)}`,
    );
  if (process.env.GITHUB_STEP_SUMMARY)
    appendFileSync(process.env.GITHUB_STEP_SUMMARY, stepSummary(distDir, report, pruned));
}
