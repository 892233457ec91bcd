/**
 * One worker in workerd for the whole run of the worker project, over the suite archive's bucket,
 * behind the local edge on a real port. Files that only read the API share it (each client speaks
 * from its own address, so the per-IP limits of one file never touch another's); files that need
 * their own bindings, buckets or stores start their own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startLocalWorker } from '../../scripts/lib/local-worker.ts';
import { suiteArchive } from './archive.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the shared worker's address, behind the local edge */
    apiUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const t = performance.now();
  const archive = await suiteArchive();
  // Its own D1 databases: the keys and alerts a developer keeps in .cache/keys/ stay out of the tests.
  const keysDir = mkdtempSync(join(tmpdir(), 'hal-shared-worker-'));
  const worker = await startLocalWorker({ distDir: archive.distDir, keysDir });
  project.provide('apiUrl', worker.url.href);
  console.log(`shared worker at ${worker.url.href} in ${Math.round(performance.now() - t)} ms`);
  return async () => {
    await worker.dispose();
    rmSync(keysDir, { recursive: true, force: true });
  };
}
