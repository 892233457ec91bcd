/**
 * A failing rate limiter under workerd: the worker's RATE_LIMITER binding points at a Durable
 * Object of another script that throws (an overload) or never answers (an outage). The limiter
 * fails open (edge/limits/admission.ts): the request is served, uncounted, and says so; never a 500 without
 * rate headers. OPTIONS preflights never ask the limiter.
 */
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { distOrigin } from '../../scripts/lib/dist-origin.ts';
import { COMPATIBILITY_DATE, workerBase } from '../../scripts/lib/local-worker.ts';
import { startOriginServer, type OriginServer } from '../../scripts/lib/origin-server.ts';

const FAULTY = `
import { DurableObject } from 'cloudflare:workers';
export class Throwing extends DurableObject { hit() { throw new Error('overloaded'); } }
export class Hanging extends DurableObject { hit() { return new Promise(() => {}); } }
export default { fetch: () => new Response('faulty limiters') };
`;

let throwing: Miniflare;
let hanging: Miniflare;
let origin: OriginServer;

async function workerWithLimiter(className: string, bundlePath: string): Promise<Miniflare> {
  const mf = new Miniflare({
    workers: [
      {
        name: 'api',
        ...(await workerBase(bundlePath)),
        durableObjects: { RATE_LIMITER: { className, scriptName: 'faulty', useSQLite: true } },
        bindings: { ORIGIN_URL: origin.url.origin },
      },
      {
        name: 'faulty',
        modules: true,
        script: FAULTY,
        compatibilityDate: COMPATIBILITY_DATE,
        durableObjects: {
          THROWING: { className: 'Throwing', useSQLite: true },
          HANGING: { className: 'Hanging', useSQLite: true },
        },
      },
    ],
  });
  await mf.ready;
  return mf;
}

beforeAll(async () => {
  origin = await startOriginServer(distOrigin(inject('distDir')));
  throwing = await workerWithLimiter('Throwing', `.cache/edge/worker-limiter-faults-${process.pid}.js`);
  hanging = await workerWithLimiter('Hanging', `.cache/edge/worker-limiter-faults-${process.pid}.js`);
}, 120_000);
afterAll(async () => {
  await throwing?.dispose();
  await hanging?.dispose();
  await origin?.close();
});

describe('the limiter fails open', () => {
  it('and /api-policy says so', async () => {
    const policy = await (
      await throwing.dispatchFetch('http://localhost/api-policy', { headers: { 'cf-connecting-ip': '198.18.40.9' } })
    ).text();
    expect(policy).toContain(
      '1 saniye içinde yanıt vermezse istek sayılmadan yanıtlanır ve yanıtta <code>x-ratelimit-uncounted</code> başlığı bulunur',
    );
  });

  it.each([
    ['throws', () => throwing],
    ['never answers', () => hanging],
  ])('a limiter that %s: served, uncounted, with the rate headers', async (_, mf) => {
    const started = Date.now();
    const r = await mf().dispatchFetch('http://localhost/api/v1/markets', {
      headers: { 'cf-connecting-ip': '198.18.40.1' },
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
    expect(r.headers.get('x-ratelimit-uncounted')).toBe('limiter unavailable');
    expect(r.headers.get('x-ratelimit-limit')).toBe('60');
    expect(r.headers.get('x-ratelimit-remaining')).toBe('60');
    expect(r.headers.get('x-ratelimit-reset')).toBe('60');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a preflight never asks the limiter', async () => {
    const r = await hanging.dispatchFetch('http://localhost/api/v1/markets', {
      method: 'OPTIONS',
      headers: { 'cf-connecting-ip': '198.18.40.2' },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get('x-ratelimit-uncounted')).toBeNull();
  });
});
