/**
 * The edge worker in workerd through miniflare, exactly as deployed but for the store: the
 * ORIGIN service binding serves dist/ from Node, and the rate limiter is a real Durable Object.
 */
import { Miniflare } from 'miniflare';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { bundleWorker, ROOT } from './bundle-worker.ts';
import { distOrigin } from './dist-origin.ts';
import { startLocalEdge } from './local-edge.ts';

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

/** The limiter as wrangler.toml declares it: a SQLite-backed Durable Object class. */
const DURABLE_OBJECTS = { RATE_LIMITER: { className: 'RateLimiter', useSQLite: true } };

/** Bundles the worker (into `bundlePath` when given) and answers the Miniflare options every instance running it shares. */
export async function workerBase(bundlePath?: string) {
  const bundle = await bundleWorker(bundlePath);
  return {
    rootPath: ROOT,
    modules: true,
    modulesRoot: ROOT,
    scriptPath: `${ROOT}${bundle.path}`,
    compatibilityDate: COMPATIBILITY_DATE,
    durableObjects: DURABLE_OBJECTS,
  };
}

/** `url`: the local edge (scripts/lib/local-edge.ts) in front of the worker; `mf.dispatchFetch` goes through miniflare's own entry. */
export type LocalWorker = { mf: Miniflare; url: URL; dispose(): Promise<void> };

/** `persist`: a folder the Durable Objects' storage outlives the worker in (a restart then finds the limiter's windows). */
export type LocalWorkerOptions = {
  distDir: string;
  port?: number;
  host?: string;
  origin?: Origin;
  persist?: string;
  /** text bindings of the worker's Env (e.g. ORIGIN_TIMEOUT_MS) */
  bindings?: Record<string, string>;
};

export async function startLocalWorker(options: LocalWorkerOptions): Promise<LocalWorker> {
  const host = options.host ?? '127.0.0.1';
  const mf = new Miniflare({
    ...(await workerBase()),
    ...(options.persist ? { durableObjectsPersist: options.persist } : {}),
    serviceBindings: { ORIGIN: asMiniflareService(options.origin ?? distOrigin(options.distDir)) as never },
    ...(options.bindings ? { bindings: options.bindings } : {}),
    // The worker's own socket, without miniflare's entry in between: the local edge talks to it.
    unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
  });
  await mf.ready;
  const edge = await startLocalEdge(await mf.unsafeGetDirectURL(), { port: options.port ?? 0, host });
  return {
    mf,
    url: edge.url,
    dispose: async () => {
      await edge.close();
      await mf.dispose();
    },
  };
}
