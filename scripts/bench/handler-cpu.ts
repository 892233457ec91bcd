/**
 * CPU time of the worker's own code per request: the same `handle` the edge runs, called in
 * this process with its objects already in memory, timed with process.cpuUsage around each
 * request. workerd's process CPU (the other figure of the benchmark) also counts the runtime's
 * request plumbing and the local origin's HTTP hop, and a worker cannot time itself (its timers
 * stand still while it computes), so this is the closest measure of what the Workers plan
 * bills. The serving day is pinned, so the figure is for a given day: the build's own day
 * (the common case), or the next (every JSON answer re-aged until the nightly build lands).
 */
import { register } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MANIFEST_FILE } from '../../core/objects.ts';
import { POINTER_KEY, type DistManifest, type Pointer } from '../../core/publication.ts';
import { distOrigin } from '../lib/dist-origin.ts';

/** The worker module is typed against the Workers runtime (edge/tsconfig.json), not Node's: loaded by path. */
const WORKER = new URL('../../edge/worker.ts', import.meta.url).href;
/** The isolate's caches (parsed collection directories, calendars), emptied for the cold figure: the same modules the worker loads. */
const COLLECTION = new URL('../../edge/query/collection.ts', import.meta.url).href;
const AGING = new URL('../../edge/answer/aging.ts', import.meta.url).href;
type Handle = (request: Request, env: unknown) => Promise<Response>;

type Cached = { status: number; headers: [string, string][]; body: Uint8Array | null };

/**
 * `median`, `p99`: the build folder read as it is (nothing kept at the edge: every request does the
 * route's work); `cold`: the median with the isolate's parsed directories and calendars emptied before
 * each request; `hit`: the median through a publication pointer, where the edge cache answers a
 * repeated request (edge/answer/cache.ts; Node has no Cache API, so the isolate's memory does).
 */
export type HandlerCpu = { median: number; p99: number; cold: number; hit: number };

/** The build folder as a bucket with one published build under `build/` (format 1 pointer). */
const PUBLISHED_PREFIX = 'build/';

/**
 * The module also exports the rate limiter's Durable Object class, which extends the runtime's
 * `DurableObject`: in Node that import resolves to an empty class (the limiter is stubbed below).
 */
const RUNTIME_SHIM = `export async function resolve(specifier, context, next) {
  if (specifier === 'cloudflare:workers') return { url: 'data:text/javascript,export class DurableObject {}', shortCircuit: true };
  return next(specifier, context);
}`;

export async function handlerCpuMeter(
  distDir: string,
): Promise<(path: string, rounds: number, servingDay: string) => Promise<HandlerCpu>> {
  register(`data:text/javascript,${encodeURIComponent(RUNTIME_SHIM)}`);
  const { handle } = (await import(WORKER)) as { handle: Handle };
  const { forgetDirectories } = (await import(COLLECTION)) as { forgetDirectories: () => void };
  const { forgetCalendars } = (await import(AGING)) as { forgetCalendars: () => void };
  const origin = distOrigin(distDir);
  const memory = new Map<string, Cached>();
  const fetcher = {
    async fetch(input: string): Promise<Response> {
      let hit = memory.get(input);
      if (!hit) {
        const r = await origin(new Request(input));
        hit = {
          status: r.status,
          headers: [...r.headers],
          body: r.status === 200 ? new Uint8Array(await r.arrayBuffer()) : null,
        };
        memory.set(input, hit);
      }
      return new Response(hit.body, { status: hit.status, headers: hit.headers });
    },
  };
  const limiter = {
    hit: async (_now: number, limit: number, windowSeconds: number) => ({
      allowed: true,
      limit,
      remaining: limit,
      reset: windowSeconds,
    }),
  };
  const env = { ORIGIN: fetcher, RATE_LIMITER: { idFromName: () => ({}), get: () => limiter } };
  const manifest = JSON.parse(readFileSync(join(distDir, MANIFEST_FILE), 'utf8')) as DistManifest;
  const pointer: Pointer = {
    format: 1,
    buildId: manifest.buildId,
    releaseId: 'handler-cpu',
    day: manifest.today,
    prefix: PUBLISHED_PREFIX,
    shared: { prefix: PUBLISHED_PREFIX, paths: [] },
    builtAt: manifest.builtAt,
    newestDataDay: manifest.newestDataDay,
    publishedAt: manifest.builtAt,
  };
  const published = {
    ...env,
    POINTER_KEY,
    ORIGIN: {
      fetch: (input: string): Promise<Response> => {
        const key = new URL(input).pathname.slice(1);
        if (key === POINTER_KEY) return Promise.resolve(Response.json(pointer));
        return fetcher.fetch(new URL(`/${key.slice(PUBLISHED_PREFIX.length)}`, input).href);
      },
    },
  };

  return async (path, rounds, servingDay) => {
    const restore = pinClock(Date.parse(`${servingDay}T09:00:00Z`));
    try {
      // What the Workers runtime hands every worker, whatever the client sent (edge/routes/stored.ts).
      const request = () => new Request(`http://localhost${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
      const ask = async (through = env) => (await handle(request(), through)).arrayBuffer();
      await ask(); // objects into memory, code warmed
      await ask(published);
      const timed = async (cold: boolean, through = env): Promise<number[]> => {
        const cpu: number[] = [];
        for (let r = 0; r < rounds; r++) {
          if (cold) {
            forgetDirectories();
            forgetCalendars();
          }
          const before = process.cpuUsage();
          await ask(through);
          const used = process.cpuUsage(before);
          cpu.push((used.user + used.system) / 1000);
        }
        return cpu.sort((a, b) => a - b);
      };
      const warm = await timed(false);
      const cold = await timed(true);
      const hit = await timed(false, published);
      const at = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(list.length * q))]!;
      return { median: at(warm, 0.5), p99: at(warm, 0.99), cold: at(cold, 0.5), hit: at(hit, 0.5) };
    } finally {
      restore();
    }
  };
}

/** `new Date()` and `Date.now()` answer `ms` until restored (the worker reads its serving day from the clock). */
function pinClock(ms: number): () => void {
  const Real = Date;
  class Pinned extends Real {
    constructor(...args: ConstructorParameters<typeof Date> | []) {
      if (args.length === 0) super(ms);
      else super(...(args as ConstructorParameters<typeof Date>));
    }
    static override now(): number {
      return ms;
    }
  }
  globalThis.Date = Pinned as DateConstructor;
  return () => {
    globalThis.Date = Real;
  };
}
