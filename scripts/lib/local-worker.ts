/**
 * The edge worker in workerd through miniflare, exactly as deployed but for the store: the
 * ORIGIN service binding serves dist/ from Node, and the rate limiter is a real Durable Object.
 */
import { Miniflare } from 'miniflare';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { bundleWorker, ROOT } from './bundle-worker.ts';
import { distOrigin } from './dist-origin.ts';

type Origin = (request: Request) => Promise<Response>;

/**
 * Miniflare hands a Node service's response to workerd as the Workers runtime does one a worker
 * returns: the body is encoded per its `content-encoding` header. A bucket's stored gzip or brotli
 * bytes would arrive encoded twice; decoded here, they arrive encoded once, as from a bucket.
 */
export function asMiniflareService(origin: Origin): Origin {
  return async (request) => {
    const response = await origin(request);
    const coding = response.headers.get('content-encoding');
    if (coding !== 'gzip' && coding !== 'br') return response;
    const stored = Buffer.from(await response.arrayBuffer());
    const identity = coding === 'gzip' ? gunzipSync(stored) : brotliDecompressSync(stored);
    return new Response(identity, { status: response.status, headers: response.headers });
  };
}

export const COMPATIBILITY_DATE = '2026-04-20';

export type LocalWorker = { mf: Miniflare; url: URL; dispose(): Promise<void> };

export async function startLocalWorker(options: { distDir: string; port?: number; host?: string; origin?: Origin }): Promise<LocalWorker> {
  const bundle = await bundleWorker();
  const mf = new Miniflare({
    rootPath: ROOT,
    modules: true,
    modulesRoot: ROOT,
    scriptPath: `${ROOT}${bundle.path}`,
    compatibilityDate: COMPATIBILITY_DATE,
    durableObjects: { RATE_LIMITER: 'RateLimiter' },
    serviceBindings: { ORIGIN: asMiniflareService(options.origin ?? distOrigin(options.distDir)) as never },
    ...(options.port !== undefined ? { port: options.port, host: options.host ?? '127.0.0.1' } : {}),
  });
  const url = await mf.ready;
  return { mf, url, dispose: () => mf.dispose() };
}
