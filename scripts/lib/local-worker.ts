/**
 * The edge worker in workerd through miniflare, exactly as deployed but for the store: the
 * ORIGIN service binding serves dist/ from Node, and the rate limiter is a real Durable Object.
 */
import { Miniflare } from 'miniflare';
import { bundleWorker, ROOT } from './bundle-worker.ts';
import { distOrigin } from './dist-origin.ts';

export const COMPATIBILITY_DATE = '2026-04-20';

export type LocalWorker = { mf: Miniflare; url: URL; dispose(): Promise<void> };

export async function startLocalWorker(options: { distDir: string; port?: number; host?: string; origin?: (request: Request) => Promise<Response> }): Promise<LocalWorker> {
  const bundle = await bundleWorker();
  const mf = new Miniflare({
    rootPath: ROOT,
    modules: true,
    modulesRoot: ROOT,
    scriptPath: `${ROOT}${bundle.path}`,
    compatibilityDate: COMPATIBILITY_DATE,
    durableObjects: { RATE_LIMITER: 'RateLimiter' },
    serviceBindings: { ORIGIN: (options.origin ?? distOrigin(options.distDir)) as never },
    ...(options.port !== undefined ? { port: options.port, host: options.host ?? '127.0.0.1' } : {}),
  });
  const url = await mf.ready;
  return { mf, url, dispose: () => mf.dispose() };
}
