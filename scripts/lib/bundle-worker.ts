/** Bundles the edge worker (edge/worker.ts and the pure core/ it imports) for workerd. */
import { build } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORKER_BUNDLE = '.cache/edge/worker.js';

/** `entry`: the worker's module, edge/worker.ts as deployed (a local replay's wraps it: scripts/lib/replay-clock/). */
export async function bundleWorker(
  outfile = WORKER_BUNDLE,
  entry = 'edge/worker.ts',
): Promise<{ path: string; bytes: number }> {
  const result = await build({
    entryPoints: [`${ROOT}${entry}`],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    // The runtime's own modules (node:* under nodejs_compat, wrangler.toml).
    external: ['cloudflare:*', 'node:*'],
    // A package without `exports` (worker-mailer) is found by these, as wrangler finds it.
    mainFields: ['module', 'main'],
    outfile: `${ROOT}${outfile}`,
    write: false,
    logLevel: 'warning',
  });
  // Written whole, then renamed: a workerd starting beside this bundling never reads half a file.
  const [bundle] = result.outputFiles;
  const temporary = `${ROOT}${outfile}.${process.pid}`;
  mkdirSync(dirname(temporary), { recursive: true });
  writeFileSync(temporary, bundle!.contents);
  renameSync(temporary, `${ROOT}${outfile}`);
  return { path: outfile, bytes: bundle!.contents.byteLength };
}
