/**
 * npm run bench:limiter: what the rate limiter costs a request under workerd. A harness worker
 * answers /admit after asking the limiter exactly as the API worker does (edge/limits/admission.ts `admit`,
 * the real RateLimiter Durable Object, storage on disk) and /plain without it; the difference is
 * the limiter's share. Two address mixes: a pool of clients making several requests each, and a
 * new address per request. Prints per-request latency (p50, p99, at a fixed concurrency) and
 * workerd's CPU per request (/proc/<pid>/stat, user + system); nothing is asserted.
 */
import { build } from 'esbuild';
import { Miniflare } from 'miniflare';
import { execSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../lib/bundle-worker.ts';
import { COMPATIBILITY_DATE } from '../lib/local-worker.ts';

/** Requests of each mix; clients of the pool (each makes REQUESTS / CLIENTS); requests in flight at once. */
const REQUESTS = 4_000;
const CLIENTS = 500;
const CONCURRENCY = 8;
const BUNDLE = '.cache/bench/limiter-harness.js';

const HARNESS = `
import { admit } from './edge/limits/admission.ts';
export { RateLimiter } from './edge/limits/rate-limiter.ts';
export default {
  async fetch(request, env) {
    if (new URL(request.url).pathname !== '/admit') return new Response('plain');
    const a = await admit(env.RATE_LIMITER, request, 'api');
    if (a.uncounted) return new Response('uncounted', { status: 503 });
    return new Response(String(a.state.remaining), { status: a.allowed ? 200 : 429 });
  },
};
`;

await build({
  stdin: { contents: HARNESS, resolveDir: ROOT, loader: 'ts', sourcefile: 'limiter-harness.ts' },
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  external: ['cloudflare:workers'],
  outfile: join(ROOT, BUNDLE),
  logLevel: 'warning',
});
const persist = mkdtempSync(join(tmpdir(), 'hal-bench-limiter-'));
const mf = new Miniflare({
  rootPath: ROOT,
  modules: true,
  modulesRoot: ROOT,
  scriptPath: join(ROOT, BUNDLE),
  compatibilityDate: COMPATIBILITY_DATE,
  durableObjects: { RATE_LIMITER: { className: 'RateLimiter', useSQLite: true } },
  durableObjectsPersist: persist,
  unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
});
await mf.ready;
const base = await mf.unsafeGetDirectURL();
const workerd = findWorkerd();
const TICKS_PER_SECOND = Number(execSync('getconf CLK_TCK').toString().trim());
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function findWorkerd(): number {
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(workerd)') && Number(stat.split(') ')[1]!.split(' ')[1]) === process.pid) return Number(pid);
    } catch {
      // the process ended while listed
    }
  }
  throw new Error('no workerd child process found');
}

function cpuMs(): number {
  const fields = readFileSync(`/proc/${workerd}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000;
}

/** Connections workerd closed under a request (reset): the request is sent again on a new one. */
let resets = 0;

function send(path: string, ip: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const r = request(new URL(path, base), { agent, headers: { 'cf-connecting-ip': ip } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    });
    r.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' || resets++ > 100) return reject(error);
      send(path, ip).then(resolve, reject);
    });
    r.end();
  });
}

type Figures = { requests: number; seconds: number; p50: number; p99: number; cpuPerRequest: number };

/** Every request of `addresses` (one per entry) to `path`, CONCURRENCY at a time. */
async function run(path: string, addresses: string[]): Promise<Figures> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const cpuBefore = cpuMs();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < addresses.length) {
        const ip = addresses[next++]!;
        const t = performance.now();
        const status = await send(path, ip);
        latencies.push(performance.now() - t);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuMs() - cpuBefore;
  // Every answer a 200: the limiter answered (none uncounted) and counted no client past its limit.
  if (statuses.size !== 1 || !statuses.has(200))
    throw new Error(`${path}: answers ${JSON.stringify([...statuses])}, all 200 expected`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { requests: addresses.length, seconds, p50: at(0.5), p99: at(0.99), cpuPerRequest: cpu / addresses.length };
}

/** A deterministic shuffle, so both runs see the same order. */
function shuffled<T>(xs: T[]): T[] {
  let seed = 0x2545f491;
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const ipOf = (n: number, net: number) => `10.${net}.${(n >> 8) & 255}.${n & 255}`;
const perClient = Math.ceil(REQUESTS / CLIENTS);
// Each client stays under its 60 a minute, so every request is admitted and counted.
if (perClient > 60) throw new Error(`${perClient} requests per client would pass the limit of 60`);
const pool = shuffled(Array.from({ length: CLIENTS * perClient }, (_, i) => ipOf(i % CLIENTS, 1)));
const fresh = Array.from({ length: REQUESTS }, (_, i) => ipOf(i, 2 + (i >> 16)));

await run(
  '/plain',
  Array.from({ length: 500 }, (_, i) => ipOf(i, 250)),
); // code warmed
await run(
  '/admit',
  Array.from({ length: 50 }, (_, i) => ipOf(i, 251)),
);
const plain = await run('/plain', fresh);
const pooled = await run('/admit', pool);
const everyNew = await run('/admit', fresh);
const objects = readdirSync(join(persist, '-RateLimiter')).filter(
  (f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite',
).length;

const row = (name: string, f: Figures) =>
  `${name.padEnd(44)} ${String(f.requests).padStart(6)} ${(f.requests / f.seconds).toFixed(0).padStart(7)} ` +
  `${f.p50.toFixed(2).padStart(7)} ${f.p99.toFixed(2).padStart(7)} ${f.cpuPerRequest.toFixed(3).padStart(9)}`;
const share = (f: Figures) =>
  `+${(f.p50 - plain.p50).toFixed(2)} ms p50, +${(f.p99 - plain.p99).toFixed(2)} ms p99, ` +
  `+${(f.cpuPerRequest - plain.cpuPerRequest).toFixed(3)} ms CPU`;
console.log(
  `the limiter under workerd (miniflare, storage on disk), ${CONCURRENCY} requests in flight; ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
const HEADS = ['count', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req'];
console.log(`${'requests to'.padEnd(44)} ${HEADS.map((h, i) => h.padStart([6, 7, 7, 7, 9][i]!)).join(' ')}`);
console.log(row('/plain: no limiter', plain));
console.log(row(`/admit: ${CLIENTS} clients × ${perClient} requests`, pooled));
console.log(row('/admit: a new address per request', everyNew));
console.log(`the limiter's share, ${CLIENTS} clients: ${share(pooled)}`);
console.log(`the limiter's share, a new address each: ${share(everyNew)}`);
console.log(`limiter objects with a database on disk after the run: ${objects}; connections reset: ${resets}`);

agent.destroy();
await mf.dispose();
rmSync(persist, { recursive: true, force: true });
