/**
 * The nightly's phases that talk to the bucket or build: the store back from the bucket (a runner
 * starts empty), the store saved right after the scrape, what the incremental build takes from
 * the published build, the build, and the publication (snapshot, release, pointer, retention).
 * The same library calls `npm run restore`, `save-store`, `fetch-previous`, `build` and `publish`
 * make, with the night's clock.
 */
import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite } from '../../build/build.ts';
import { fetchPrevious } from '../../publish/fetch-previous.ts';
import { describeOperations } from '../../publish/operations.ts';
import { MB } from '../../publish/progress.ts';
import { prune } from '../../publish/prune.ts';
import { describeReport, publishRelease, readManifest } from '../../publish/release.ts';
import { createSnapshot } from '../../publish/snapshot.ts';
import { restoreStore, saveStore } from '../../publish/store-copy.ts';
import { openDb } from '../../store/db.ts';
import { stepSummary } from '../lib/step-summary.ts';
import type { NightOptions, NightReport } from './night.ts';

/**
 * A store already here (a developer's machine, a replay that keeps it) is kept unless the night
 * replaces it: only an empty runner restores.
 */
export async function restorePhase(night: NightOptions): Promise<void> {
  if (existsSync(night.dbPath) && !night.replaceStore) return night.log(`  ${night.dbPath} is here: kept`);
  const r = await restoreStore(night.bucket(), night.dbPath, night.replaceStore);
  night.log(
    r.from
      ? `  restored ${night.dbPath} from ${r.from} (${MB(r.bytes)})`
      : `  no saved store or snapshot in the bucket: ${night.dbPath} starts from the archives (the import)`,
  );
}

export async function saveStorePhase(night: NightOptions): Promise<void> {
  const r = await saveStore(night.bucket(), night.dbPath, night.evidenceDir);
  night.log(
    `  saved ${night.dbPath} (${MB(r.dbBytes)}, ${MB(r.storedBytes)} stored); evidence: ${r.evidenceSent} documents sent, ${r.evidenceKept} already kept`,
  );
}

/** Leaves no directory behind when it fails: the build is then a full one. */
export async function fetchPreviousPhase(night: NightOptions): Promise<void> {
  const db = openDb(night.dbPath);
  try {
    const r = await fetchPrevious(night.bucket(), night.previousDir, db, night.clock.today, night.publish.concurrency);
    if (!r.boundary) night.log(`  nothing to take from the bucket (${r.reason}): the build is a full one`);
    else if ('full' in r.boundary)
      night.log(`  fetched the state of ${r.prefix}; the build is a full one: ${r.boundary.full}`);
    else
      night.log(
        `  fetched from ${r.prefix}: ${r.directories} collection directories and ${r.partitions} partitions (${MB(r.bytes)}); rows from ${r.boundary.from} on are built`,
      );
  } finally {
    db.close();
  }
}

export function buildPhase(night: NightOptions, report: NightReport): void {
  const db = openDb(night.dbPath);
  try {
    const previous = existsSync(night.previousDir) ? night.previousDir : undefined;
    const build = buildSite({
      db,
      outDir: night.outDir,
      today: night.clock.today,
      builtAt: night.clock.at,
      previous,
      fetchMissing: night.fetchMissing,
    });
    report.build = build;
    night.log(
      `  built ${build.objects} objects (${(build.bytes / 1e6).toFixed(1)} MB) for ${night.clock.today} in ${build.ms} ms; ${'from' in build.boundary ? `${build.reused} taken from the previous build` : `full: ${build.boundary.full}`}`,
    );
  } finally {
    db.close();
  }
}

export async function publishPhase(night: NightOptions, report: NightReport): Promise<void> {
  const bucket = night.bucket();
  const manifest = await readManifest(night.outDir);
  const { publish } = night;
  if (publish.snapshot) {
    report.snapshot = await createSnapshot({
      dbPath: night.dbPath,
      outDir: publish.snapshotDir ?? join('.cache/publish', `snapshot-${manifest.today}`),
      day: manifest.today,
      buildId: manifest.buildId,
      builtAt: manifest.builtAt,
    });
  }
  report.published = await publishRelease({
    bucket,
    distDir: night.outDir,
    snapshot: report.snapshot,
    concurrency: publish.concurrency,
    now: night.clock.now,
    progress: publish.progress,
    onObject: publish.onObject,
  });
  for (const line of describeReport(report.published)) night.log(line);
  if (publish.prune) {
    report.pruned = await prune(bucket, manifest.today, publish.retention, night.clock.now());
    night.log(
      `  retention: ${report.pruned.buildsPruned.length} builds, ${report.pruned.snapshotsPruned.length} snapshots, ${report.pruned.unusedPruned} unused objects pruned (${describeOperations(report.pruned.operations)})`,
    );
  }
  if (process.env.GITHUB_STEP_SUMMARY)
    appendFileSync(process.env.GITHUB_STEP_SUMMARY, stepSummary(night.outDir, report.published, report.pruned));
}
