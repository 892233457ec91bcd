/** Bundles the edge worker (edge/worker.ts and the pure core/ it imports) for workerd. */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WORKER_BUNDLE = '.cache/edge/worker.js';

export async function bundleWorker(outfile = WORKER_BUNDLE): Promise<{ path: string; bytes: number }> {
  const result = await build({
    entryPoints: [`${ROOT}edge/worker.ts`],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    // The runtime's own modules (node:* under nodejs_compat, wrangler.toml).
    external: ['cloudflare:*', 'node:*'],
    // A package without `exports` (worker-mailer) is found by these, as wrangler finds it.
    mainFields: ['module', 'main'],
    outfile: `${ROOT}${outfile}`,
    metafile: true,
    logLevel: 'warning',
  });
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  return { path: outfile, bytes };
}
