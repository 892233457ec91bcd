/**
 * One worker in workerd for the whole run, over the suite archive's bucket, behind the local edge
 * on a real port: the worker and browser projects share it (each client speaks from its own
 * address, so the per-IP limits of one file never touch another's); files that need their own
 * bindings, buckets or stores start their own over the same bucket.
 *
 * It answers at once and publishes the archive and its snapshot into the local bucket meanwhile,
 * with the real publisher (a no-op when an earlier run left them there): the unit and archive
 * projects run while it loads, and each file of the projects that read the bucket first waits for
 * it (tests/setup/published.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { describeReport } from '../../publish/release.ts';
import { startLocalWorker, type LocalWorker } from '../../scripts/lib/local-worker.ts';
import { suiteArchive } from './archive.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the shared worker's address, behind the local edge */
    apiUrl: string;
    /** a file written when the bucket holds the archive: `{ ok: true }`, or `{ ok: false, error }` */
    publishedMarker: string;
  }
}

type Shared = { worker: LocalWorker; folder: string; marker: string; users: number };
/** Projects load their global setups apart: the one worker of the run hangs on the process. */
const KEY = Symbol.for('hal-api.shared-worker');
const holder = globalThis as { [KEY]?: Promise<Shared> };

async function start(): Promise<Shared> {
  const t = performance.now();
  const archive = await suiteArchive();
  // Its own D1 databases: the keys and alerts a developer keeps in .cache/keys/ stay out of the tests.
  const folder = mkdtempSync(join(tmpdir(), 'hal-shared-worker-'));
  const marker = join(folder, 'published.json');
  const worker = await startLocalWorker({
    distDir: archive.distDir,
    snapshot: archive.snapshot,
    keysDir: folder,
    publishAfterStart: true,
  });
  console.log(`shared worker at ${worker.url.href} in ${Math.round(performance.now() - t)} ms; publishing the archive`);
  worker.published.then(
    (report) => {
      console.log(`shared worker: ${describeReport(report!).join('; ')}`);
      writeFileSync(marker, JSON.stringify({ ok: true }));
    },
    (error: Error) => writeFileSync(marker, JSON.stringify({ ok: false, error: error.stack ?? String(error) })),
  );
  return { worker, folder, marker, users: 0 };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = await (holder[KEY] ??= start());
  shared.users++;
  project.provide('apiUrl', shared.worker.url.href);
  project.provide('publishedMarker', shared.marker);
  return async () => {
    if (--shared.users > 0) return;
    await shared.worker.published.catch(() => {});
    await shared.worker.dispose();
    rmSync(shared.folder, { recursive: true, force: true });
    delete holder[KEY];
  };
}
