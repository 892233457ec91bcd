/**
 * Builds the real archive once for the whole suite (import → SQLite → dist/) with a fixed build
 * day, so contract and worker tests check the files `npm start` publishes.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../build/build.ts';
import { openDb } from '../store/db.ts';
import { importArchives } from '../store/import.ts';
import { bucketDirOf, startLocalWorker } from '../scripts/lib/local-worker.ts';
import { describeReport } from '../publish/release.ts';

export const TEST_TODAY = '2026-11-21';
export const TEST_BUILT_AT = '2026-11-21T03:00:00Z';
export const TEST_ROOT = '.cache/test';

declare module 'vitest' {
  export interface ProvidedContext {
    dbPath: string;
    distDir: string;
    today: string;
  }
}

export default async function setup(project: TestProject) {
  // For quick unit-only runs (`HAL_SKIP_BUILD=1 npx vitest run sources core`); npm test always builds.
  if (process.env.HAL_SKIP_BUILD === '1') return;
  const dbPath = `${TEST_ROOT}/hal.sqlite`;
  const distDir = `${TEST_ROOT}/dist`;
  // For a session that changes only the edge or the tests: `HAL_REUSE_BUILD=1` keeps the last build.
  if (process.env.HAL_REUSE_BUILD === '1' && existsSync(`${distDir}/manifest.json`))
    return provideBuild(project, dbPath, await loadIntoBucket(distDir));
  rmSync(TEST_ROOT, { recursive: true, force: true });
  rmSync(bucketDirOf(distDir), { recursive: true, force: true });
  mkdirSync(TEST_ROOT, { recursive: true });
  const db = openDb(dbPath);
  const t = performance.now();
  importArchives(db);
  const report = buildSite({ db, outDir: distDir, today: TEST_TODAY, builtAt: TEST_BUILT_AT });
  db.close();
  console.log(
    `global setup: real archive built in ${Math.round(performance.now() - t)} ms (${report.objects} objects)`,
  );
  provideBuild(project, dbPath, await loadIntoBucket(distDir));
}

/** Published into the local bucket once, before the files that serve it start at once. */
async function loadIntoBucket(distDir: string): Promise<string> {
  const t = performance.now();
  const worker = await startLocalWorker({ distDir });
  await worker.dispose();
  const report = worker.publication!;
  if (report.switched)
    console.log(`global setup: ${describeReport(report).join('; ')} (${Math.round(performance.now() - t)} ms)`);
  return distDir;
}

function provideBuild(project: TestProject, dbPath: string, distDir: string): void {
  project.provide('dbPath', dbPath);
  project.provide('distDir', distDir);
  project.provide('today', TEST_TODAY);
}
