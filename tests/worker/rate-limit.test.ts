/**
 * The rate limit says the truth: its window is kept in the Durable Object's storage, so a worker
 * restarted mid-window (every object evicted, only storage left, as when Cloudflare evicts an idle
 * object) still knows how many requests an address made. The headers of a 429 agree with each other.
 * One object counts many addresses: each apart, exactly, and what ended is swept from its storage.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { RATE_LIMIT_SHARDS } from '../../core/routes.ts';
import { shardName, shardOf } from '../../edge/limits/limiter-shard.ts';
import type { LocalWorker } from '../../scripts/lib/local-worker.ts';
import { rawGet } from '../support/raw-http.ts';
import { startOwnWorker } from '../support/worker.ts';

const persist = mkdtempSync(join(tmpdir(), 'hal-limiter-'));
let worker: LocalWorker | undefined;
const start = async () => (worker = await startOwnWorker({ distDir: inject('distDir'), persist }));
/** Every object of the limiter gone from memory: the worker and its runtime stopped and started again. */
const evictEverything = async () => {
  await worker!.dispose();
  await start();
};
afterAll(async () => worker?.dispose());

const get = (ip: string) => rawGet(new URL('/api/v1/openapi.json', worker!.url), { 'cf-connecting-ip': ip });

describe('the window outlives the object', () => {
  it('a restart mid-window keeps the count', async () => {
    await start();
    for (let i = 0; i < 30; i++) expect((await get('192.0.2.10')).status).toBe(200);
    await evictEverything();
    const after = await get('192.0.2.10');
    expect(after.status).toBe(200);
    expect(after.headers['x-ratelimit-remaining']).toBe('29');
  }, 120_000);

  it('an address past the limit stays refused after a restart, and its 429 agrees with itself', async () => {
    const answers = await Promise.all(Array.from({ length: 61 }, () => get('192.0.2.11')));
    expect(answers.filter((a) => a.status === 429)).toHaveLength(1);
    await evictEverything();
    const refused = await get('192.0.2.11');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    // Retry-After is the contract's fixed 60 s; x-ratelimit-reset the exact end of the window, never later.
    const reset = Number(refused.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
    expect(JSON.parse(refused.body.toString('utf8')).error.details).toMatchObject({
      limit: 60,
      windowSeconds: 60,
      resetSeconds: reset,
    });
    // Another address was never counted.
    expect((await get('192.0.2.12')).headers['x-ratelimit-remaining']).toBe('59');
  }, 120_000);
});

describe('what /api-policy says is what the limiter does', () => {
  it('a 304 saves the body, not a request: it is counted, and the page says so', async () => {
    const first = await get('192.0.2.13');
    const again = await rawGet(new URL('/api/v1/openapi.json', worker!.url), {
      'cf-connecting-ip': '192.0.2.13',
      'if-none-match': first.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.headers['x-ratelimit-remaining']).toBe('58');
    const policy = (
      await rawGet(new URL('/api-policy', worker!.url), { 'cf-connecting-ip': '192.0.2.14' })
    ).body.toString('utf8');
    expect(policy).toContain('her istek gibi istek sınırına sayılır');
    expect(policy).not.toContain('sınırınızı korur');
    expect(policy).toContain('<code>x-ratelimit-reset</code> kadar beklemek yeterlidir');
  });
});

/** The first counter `prefix` + 0, 1, … (in hex) whose object `fits`. */
function counterWhere(prefix: string, fits: (shard: number) => boolean): string {
  for (let i = 0; ; i++)
    if (fits(shardOf(`${prefix}${i.toString(16)}`, RATE_LIMIT_SHARDS))) return `${prefix}${i.toString(16)}`;
}

/** Miniflare's folder of the limiter class's objects: `<worker name>-RateLimiter`. */
const limiterDir = () => join(persist, readdirSync(persist).find((name) => name.endsWith('-RateLimiter'))!);

/** The rows of the limiter's `windows` tables, in the worker's persisted storage, per object (file). */
function storedWindows(): Map<string, { address: string; count: number }[] | 'no table'> {
  const dir = limiterDir();
  const files = readdirSync(dir).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  return new Map(
    files.map((f) => {
      const db = new Database(join(dir, f), { readonly: true });
      try {
        const table = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'windows'").get();
        return [f, table ? (db.prepare('SELECT address, count FROM windows').all() as never) : 'no table'];
      } finally {
        db.close();
      }
    }),
  );
}
const holding = (address: string) =>
  [...storedWindows()].find(([, rows]) => rows !== 'no table' && rows.some((r) => r.address === address))?.[0];

describe('one object counts many addresses', () => {
  it('two addresses of one object are counted apart, each exactly, under concurrent requests', async () => {
    const a = '198.51.100.1';
    const b = counterWhere('2001:db8::', (s) => s === shardOf(a, RATE_LIMIT_SHARDS));
    const both = await Promise.all(
      Array.from({ length: 122 }, (_, i) => get(i % 2 ? b : a).then((r) => [i % 2, r.status] as const)),
    );
    for (const side of [0, 1]) {
      const statuses = both.filter(([s]) => s === side).map(([, status]) => status);
      expect(statuses.filter((s) => s === 429)).toHaveLength(1);
      expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    }
    expect(holding(a)).toBe(holding(b));
  }, 120_000);

  it("an object's alarm sweeps the windows that ended; one left with none keeps no storage", async () => {
    const ns = await worker!.mf.getDurableObjectNamespace('RATE_LIMITER');
    const hit = (counter: string, windowSeconds: number) =>
      (ns.get(ns.idFromName(shardName(shardOf(counter, RATE_LIMIT_SHARDS)))) as never as Limiter).hit(
        Date.now(),
        5,
        windowSeconds,
        counter,
      );
    const used = new Set(
      [...storedWindows()]
        .flatMap(([, rows]) => (rows === 'no table' ? [] : rows))
        .map((r) => shardOf(r.address, RATE_LIMIT_SHARDS)),
    );
    const kept = counterWhere('sweep-kept-', (s) => !used.has(s));
    const ended = counterWhere('sweep-ended-', (s) => s === shardOf(kept, RATE_LIMIT_SHARDS));
    const alone = counterWhere('sweep-alone-', (s) => !used.has(s) && s !== shardOf(kept, RATE_LIMIT_SHARDS));
    // The object's first window sets its alarm (the limiter's windows are all of one length).
    await hit(ended, 1);
    await hit(kept, 60);
    await hit(alone, 1);
    const shared = holding(kept)!;
    const lone = holding(alone)!;
    expect(holding(ended)).toBe(shared);
    await expect.poll(() => holding(ended), { timeout: 10_000, interval: 250 }).toBeUndefined();
    expect(holding(kept)).toBe(shared);
    await expect
      .poll(() => !existsSync(join(limiterDir(), lone)) || storedWindows().get(lone) === 'no table', {
        timeout: 10_000,
        interval: 250,
      })
      .toBe(true);
    // Its next address makes the table again.
    const again = (await hit(alone, 60)) as { allowed: boolean; remaining: number };
    expect([again.allowed, again.remaining]).toEqual([true, 4]);
    expect(holding(alone)).toBe(lone);
  }, 60_000);
});

type Limiter = { hit(nowMs: number, limit: number, windowSeconds: number, address: string): Promise<unknown> };
