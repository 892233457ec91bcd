/**
 * The rate limit says the truth: its window is kept in the Durable Object's storage, so a worker
 * restarted mid-window (every object evicted, only storage left, as when Cloudflare evicts an idle
 * object) still knows how many requests an address made. The headers of a 429 agree with each other.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startLocalWorker, type LocalWorker } from '../scripts/lib/local-worker.ts';
import { rawGet } from './support/raw-http.ts';

const persist = mkdtempSync(join(tmpdir(), 'hal-limiter-'));
let worker: LocalWorker | undefined;
const start = async () => (worker = await startLocalWorker({ distDir: inject('distDir'), persist }));
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
