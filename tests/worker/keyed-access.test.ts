/**
 * Keyed access under workerd over the real build: keys issued with the operator command's own code
 * (scripts/lib/key-admin.ts) into the worker's D1, used, exhausted, revoked; malformed and unknown
 * keys; the keyless path unchanged; a key's quota exact under concurrent clients; a plan changed in
 * D1 applying at the next request; and a key never written to the worker's logs, an answer's body
 * or headers, or the edge's kept answers.
 */
import { Miniflare } from 'miniflare';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { distOrigin } from '../../scripts/lib/dist-origin.ts';
import { KeyAdmin } from '../../scripts/lib/key-admin.ts';
import { applyKeyMigrations, d1Sql, type LocalD1 } from '../../scripts/lib/keys-local.ts';
import { COMPATIBILITY_DATE, workerBase, type LocalWorker } from '../../scripts/lib/local-worker.ts';
import { startOriginServer } from '../../scripts/lib/origin-server.ts';
import { captureOutput } from '../support/captured-output.ts';
import { clientOf, expectErrorBody, type Reply, startOwnWorker } from '../support/worker.ts';

const QUOTA = ['x-quota-limit', 'x-quota-remaining', 'x-quota-reset', 'x-api-plan'];
const RATE = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

const persist = mkdtempSync(join(tmpdir(), 'hal-keys-'));
let worker: LocalWorker;
let db: LocalD1;
let admin: KeyAdmin;
/** Everything the worker (workerd, through miniflare) and this process logged or wrote to stdout and stderr. */
const captured = captureOutput();
const output = captured.lines;
/** Every key this file issued: none may appear anywhere but in the request that sends it. */
const issued: string[] = [];

beforeAll(async () => {
  worker = await startOwnWorker({ distDir: inject('distDir'), persist });
  db = (await worker.mf.getD1Database('KEYS', 'api')) as unknown as LocalD1;
  admin = new KeyAdmin(d1Sql(db));
}, 120_000);
afterAll(async () => {
  captured.restore();
  await worker?.dispose();
  rmSync(persist, { recursive: true, force: true });
});

/** A key on a plan of its own with these limits (plans are rows: made here as an operator would). */
async function keyOn(plan: string, daily: number, burst = 1_000): Promise<string> {
  await admin.setPlan(plan, { daily, burst });
  const { key } = await admin.issue(plan, `test ${plan}`);
  issued.push(key);
  return key;
}

/** No issued key in any header or the body of an answer. */
function expectNoKey(r: Reply): void {
  for (const key of issued) {
    expect(r.text).not.toContain(key);
    for (const [name, value] of r.headers) expect(value, name).not.toContain(key);
  }
}

function expectKeyed(r: Reply, plan: string, limit: number, remaining: number): void {
  expect(r.headers.get('x-api-plan')).toBe(plan);
  expect(r.headers.get('x-quota-limit')).toBe(String(limit));
  expect(r.headers.get('x-quota-remaining')).toBe(String(remaining));
  const reset = Number(r.headers.get('x-quota-reset'));
  expect(reset).toBeGreaterThanOrEqual(1);
  expect(reset).toBeLessThanOrEqual(86_400);
  for (const name of RATE) expect(r.headers.get(name), name).toBeNull();
  expectNoKey(r);
}

afterEach(() => {
  for (const key of issued) expect(output.join('').includes(key), 'a key reached the logs').toBe(false);
});

describe('a key issued by the operator command', () => {
  it('is served with the keyed headers and not the keyless ones', async () => {
    const key = await keyOn('free-test', 100);
    const get = clientOf(worker, '203.0.113');
    const r = await get('/api/v1/prices?product=domates&limit=2', { headers: { 'x-api-key': key } });
    expect(r.status).toBe(200);
    expect(r.json().items).toHaveLength(2);
    expectKeyed(r, 'free-test', 100, 99);
    expect(r.headers.get('access-control-expose-headers')).toContain('x-quota-remaining');
    expect(r.headers.get('access-control-expose-headers')).toContain('x-api-plan');
    // The seeded plans are rows too, and a key on them works the same way.
    const { key: free } = await admin.issue('free', 'seeded plan');
    issued.push(free);
    const seeded = await get('/api/v1/markets', { headers: { 'x-api-key': free } });
    expectKeyed(seeded, 'free', 20_000, 19_999);
    // A 304 is counted and keyed too.
    const again = await get('/api/v1/markets', {
      headers: { 'x-api-key': free, 'if-none-match': seeded.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    expectKeyed(again, 'free', 20_000, 19_998);
  });

  it('past its daily quota: 429 QUOTA_EXCEEDED with the keyed headers and Retry-After to midnight', async () => {
    const key = await keyOn('tiny', 3);
    const get = clientOf(worker, '203.0.113');
    for (let i = 0; i < 3; i++)
      expect((await get('/api/v1/markets', { headers: { 'x-api-key': key } })).status).toBe(200);
    const refused = await get('/api/v1/markets', { headers: { 'x-api-key': key } });
    expectErrorBody(refused, 429, 'QUOTA_EXCEEDED');
    expectKeyed(refused, 'tiny', 3, 0);
    expect(refused.headers.get('retry-after')).toBe(refused.headers.get('x-quota-reset'));
    expect(refused.json().error.details).toMatchObject({ plan: 'tiny', exceeded: 'daily', daily: 3 });
    // The key's count is its own: the same address without a key is served as before.
    const keyless = await get('/api/v1/markets');
    expect(keyless.status).toBe(200);
    expect(keyless.headers.get('x-ratelimit-limit')).toBe('60');
  });

  it("past its plan's burst: 429 with a wait to the minute's end", async () => {
    const key = await keyOn('bursty', 1_000, 2);
    const get = clientOf(worker, '203.0.113');
    for (let i = 0; i < 2; i++)
      expect((await get('/api/v1/markets', { headers: { 'x-api-key': key } })).status).toBe(200);
    const refused = await get('/api/v1/markets', { headers: { 'x-api-key': key } });
    expectErrorBody(refused, 429, 'QUOTA_EXCEEDED');
    expectKeyed(refused, 'bursty', 1_000, 998);
    expect(refused.json().error.details).toMatchObject({ exceeded: 'burst', burst: 2, windowSeconds: 60 });
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('revoked: 401 INVALID_API_KEY at its next request, never served anonymously', async () => {
    const key = await keyOn('revocable', 100);
    const get = clientOf(worker, '203.0.113');
    expect((await get('/api/v1/markets', { headers: { 'x-api-key': key } })).status).toBe(200);
    const { id } = (await admin.list()).find((k) => k.plan === 'revocable')!;
    await admin.revoke(id);
    const r = await get('/api/v1/markets', { headers: { 'x-api-key': key } });
    expectErrorBody(r, 401, 'INVALID_API_KEY');
    expect(r.json().error.details).toEqual({ reason: 'revoked key' });
    for (const name of [...RATE, ...QUOTA]) expect(r.headers.get(name), name).toBeNull();
    expectNoKey(r);
  });
});

describe('a key that is not one', () => {
  it.each([
    ['malformed', 'hal_short', 'malformed: hal_ and 43 base64url characters'],
    ['unknown', `hal_${'A'.repeat(43)}`, 'unknown key'],
  ])('%s: 401 with the error body, the key echoed nowhere', async (_, key, reason) => {
    const r = await clientOf(worker, '203.0.113')('/api/v1/markets', { headers: { 'x-api-key': key } });
    expectErrorBody(r, 401, 'INVALID_API_KEY');
    expect(r.json().error.details).toEqual({ reason });
    expect(r.text).not.toContain(key);
    for (const [, value] of r.headers) expect(value).not.toContain(key);
  });

  it('a key in the query string is refused, so no kept answer is filed under it', async () => {
    const key = await keyOn('in-query', 100);
    const get = clientOf(worker, '203.0.113');
    for (const path of [`/api/v1/markets?api_key=${key}`, `/api/v1/prices?product=${key}`, '/api/v1/markets?key=x']) {
      const r = await get(path, { headers: { 'x-api-key': key } });
      expectErrorBody(r, 401, 'INVALID_API_KEY');
      expectNoKey(r);
    }
  });
});

describe('keyless access', () => {
  it('is exactly as before: per address, x-ratelimit-*, no keyed header', async () => {
    const get = clientOf(worker, '203.0.113');
    const r = await get('/api/v1/markets');
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ratelimit-limit')).toBe('60');
    expect(r.headers.get('x-ratelimit-remaining')).toBe('59');
    for (const name of QUOTA) expect(r.headers.get(name), name).toBeNull();
  });

  it('a preflight allows the key header', async () => {
    const r = await clientOf(worker, '203.0.113')('/api/v1/markets', { method: 'OPTIONS' });
    expect(r.status).toBe(204);
    expect(r.headers.get('access-control-allow-headers')).toContain('x-api-key');
  });
});

describe('counting', () => {
  it('admits exactly the quota of concurrent clients from many addresses: none past it', async () => {
    const key = await keyOn('concurrent', 25);
    const clients = Array.from({ length: 8 }, () => clientOf(worker, '192.0.2'));
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        clients[i % clients.length]!('/api/v1/markets', { headers: { 'x-api-key': key } }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(25);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(55);
    const remaining = answers.filter((r) => r.status === 200).map((r) => Number(r.headers.get('x-quota-remaining')));
    expect(new Set(remaining).size).toBe(25);
    expect(Math.min(...remaining)).toBe(0);
  }, 60_000);

  it('a plan changed in D1 applies at the next request, without a deploy', async () => {
    const key = await keyOn('changing', 2);
    const get = clientOf(worker, '203.0.113');
    for (let i = 0; i < 2; i++) await get('/api/v1/markets', { headers: { 'x-api-key': key } });
    expect((await get('/api/v1/markets', { headers: { 'x-api-key': key } })).status).toBe(429);
    await admin.setPlan('changing', { daily: 5 });
    const r = await get('/api/v1/markets', { headers: { 'x-api-key': key } });
    expect(r.status).toBe(200);
    expectKeyed(r, 'changing', 5, 2);
  });
});

describe('when the keys database fails', () => {
  it('a key that cannot be checked is a 503 with the error body, logged without the key', async () => {
    const key = await keyOn('outage', 100);
    const before = output.length;
    await db.prepare('ALTER TABLE api_keys RENAME TO api_keys_away').all();
    try {
      const r = await clientOf(worker, '203.0.113')('/api/v1/markets', { headers: { 'x-api-key': key } });
      expectErrorBody(r, 503, 'KEY_CHECK_UNAVAILABLE');
      expect(r.headers.get('retry-after')).toBe('30');
      expectNoKey(r);
      // Keyless requests do not need D1.
      expect((await clientOf(worker, '203.0.113')('/api/v1/markets')).status).toBe(200);
    } finally {
      await db.prepare('ALTER TABLE api_keys_away RENAME TO api_keys').all();
    }
    await expect.poll(() => output.slice(before).join(''), { timeout: 5_000 }).toContain('key check unavailable');
  });
});

const FAULTY = `
import { DurableObject } from 'cloudflare:workers';
export class Throwing extends DurableObject { hit() { throw new Error('overloaded'); } }
export class Hanging extends DurableObject { hit() { return new Promise(() => {}); } }
export default { fetch: () => new Response('faulty quota objects') };
`;

describe("when a key's quota object fails", () => {
  it.each(['Throwing', 'Hanging'])(
    '%s: a checked key is served uncounted, says so, with its keyed headers',
    async (className) => {
      const origin = await startOriginServer(distOrigin(inject('distDir')));
      const bundlePath = `.cache/edge/worker-quota-faults-${process.pid}.js`;
      const mf = new Miniflare({
        workers: [
          {
            name: 'api',
            ...(await workerBase(bundlePath)),
            durableObjects: {
              RATE_LIMITER: { className: 'RateLimiter', useSQLite: true },
              KEY_QUOTA: { className, scriptName: 'faulty', useSQLite: true },
            },
            d1Databases: ['KEYS'],
            bindings: { ORIGIN_URL: origin.url.origin },
          },
          {
            name: 'faulty',
            modules: true,
            script: FAULTY,
            compatibilityDate: COMPATIBILITY_DATE,
            durableObjects: { Q: { className, useSQLite: true } },
          },
        ],
      });
      try {
        const keys = (await mf.getD1Database('KEYS', 'api')) as unknown as LocalD1;
        await applyKeyMigrations(keys);
        const { key } = await new KeyAdmin(d1Sql(keys)).issue('pro', 'fault test');
        issued.push(key);
        const started = Date.now();
        const r = await mf.dispatchFetch('http://localhost/api/v1/markets', {
          headers: { 'cf-connecting-ip': '198.18.41.1', 'x-api-key': key },
        });
        expect(r.status).toBe(200);
        expect(r.headers.get('x-quota-uncounted')).toBe('quota counter unavailable');
        expect(r.headers.get('x-api-plan')).toBe('pro');
        expect(r.headers.get('x-quota-remaining')).toBe(r.headers.get('x-quota-limit'));
        expect(r.headers.get('x-ratelimit-limit')).toBeNull();
        expect(Date.now() - started).toBeLessThan(10_000);
        await r.arrayBuffer();
        // An unknown key is still refused: the key is checked before its quota is asked.
        const unknown = await mf.dispatchFetch('http://localhost/api/v1/markets', {
          headers: { 'cf-connecting-ip': '198.18.41.1', 'x-api-key': `hal_${'B'.repeat(43)}` },
        });
        expect(unknown.status).toBe(401);
        await unknown.arrayBuffer();
      } finally {
        await mf.dispose();
        await origin.close();
        rmSync(bundlePath, { force: true });
      }
    },
    60_000,
  );
});
