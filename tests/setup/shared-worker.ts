/**
 * One worker in workerd for the whole run, over the suite archive's bucket, behind the local edge
 * on a real port: the worker and browser projects share it (each client speaks from its own
 * address, so the per-IP limits of one file never touch another's); files that need their own
 * bindings, buckets or stores start their own over the same bucket.
 *
 * The global setup returns at once: once the archive is made (tests/setup/archive.ts) the worker
 * starts and publishes the archive and its snapshot into the local bucket with the real publisher
 * (a no-op when an earlier run left them there), while the projects that do not read the bucket
 * run. Its marker then says where it answers, and each file of the projects that read the bucket
 * first waits for it (tests/setup/published.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { describeReport } from '../../publish/release.ts';
import { startLocalWorker, type LocalWorker } from '../../scripts/lib/local-worker.ts';
import { madeArchive } from './archive.ts';
import { writeMarker, type Marker } from './marker.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a file written when the bucket holds the archive: {@link Published} */
    publishedMarker: string;
  }
}

/** What the marker holds once the bucket holds the archive: the shared worker's address behind the local edge. */
export type Published = { url: string };
export const PUBLISH_FAILED = 'the suite archive could not be published';

type Shared = { worker: Promise<LocalWorker | null>; folder: string; marker: string; users: number };
/** Projects load their global setups apart: the one worker of the run hangs on the process. */
const KEY = Symbol.for('hal-api.shared-worker');
const holder = globalThis as { [KEY]?: Shared };

async function startAndPublish(
  folder: string,
  mark: (content: Marker<Published>) => void,
): Promise<LocalWorker | null> {
  let worker: LocalWorker | null = null;
  try {
    const archive = await madeArchive();
    const t = performance.now();
    // Its own D1 databases: the keys and alerts a developer keeps in .cache/keys/ stay out of the tests.
    worker = await startLocalWorker({ distDir: archive.distDir, snapshot: archive.snapshot, keysDir: folder });
    console.log(
      `shared worker at ${worker.url.href} in ${Math.round(performance.now() - t)} ms: ${describeReport(worker.publication!).join('; ')}`,
    );
    mark({ ok: true, url: worker.url.href });
  } catch (error) {
    mark({ ok: false, error: (error as Error).stack ?? String(error) });
  }
  return worker;
}

function start(): Shared {
  const folder = mkdtempSync(join(tmpdir(), 'hal-shared-worker-'));
  const marker = join(folder, 'published.json');
  const worker = startAndPublish(folder, (content) => writeMarker(marker, content));
  return { worker, folder, marker, users: 0 };
}

export default function setup(project: TestProject): () => Promise<void> {
  const shared = (holder[KEY] ??= start());
  shared.users++;
  project.provide('publishedMarker', shared.marker);
  return async () => {
    if (--shared.users > 0) return;
    await (await shared.worker)?.dispose();
    rmSync(shared.folder, { recursive: true, force: true });
    delete holder[KEY];
  };
}
