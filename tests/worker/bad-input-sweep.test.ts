/**
 * Bad input at the edge, swept over every path of the worker with plain HTTP requests: malformed
 * escapes in every path parameter and in query values, overlong segments, odd methods, odd
 * If-None-Match and Accept-Encoding. Whatever comes in, the worker answers below 500, and every
 * 4xx is the contract's error body (five keys, no-store).
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { COMPAT_ROUTES } from '../../core/compat/routes.ts';
import { PAGES, ROUTES, WIDGETS } from '../../core/routes.ts';
import { sharedWorker } from '../support/worker.ts';

const worker = sharedWorker();

type Ask = { method: string; path: string; headers?: Record<string, string> };
type Seen = Ask & { status: number; contentType: string; body: string; cacheControl: string };

let ip = 0;
function send(ask: Ask): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const sent = request(
      new URL(ask.path, worker.url),
      { method: ask.method, headers: { 'cf-connecting-ip': `198.18.50.${++ip % 250}.${ip}`, ...ask.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            ...ask,
            status: res.statusCode!,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
            cacheControl: String(res.headers['cache-control'] ?? ''),
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

const BAD_SEGMENTS = [
  '%E0%A4%A',
  '%',
  '%zz',
  '%ff',
  '%00',
  '..%2f..%2fetc',
  'x'.repeat(4000),
  '%F0%9F%8D%85',
  'a%20b',
  '-',
];
const ODD_QUERIES = [
  '?page=%',
  '?limit=%ff',
  '?date=%00',
  '?range=%E0%A4%A',
  '?product=%',
  '?q=%zz',
  '?slugs=%ff,%',
  '?week=%',
  '?from=x&to=%',
  `?product=${'y'.repeat(3000)}`,
  '?year=%',
  '?year=2020.5',
  '?region=%ff',
  '?measure=%00',
];
// Methods an HTTP parser knows (one it does not know never reaches a worker).
const ODD_METHODS = ['POST', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'PURGE', 'SEARCH'];
const ODD_HEADERS: Record<string, string>[] = [
  { 'if-none-match': '*' },
  { 'if-none-match': 'W/"x", garbage, ,,' },
  { 'if-none-match': '"'.repeat(500) },
  { 'accept-encoding': 'br;q=abc, gzip;q=2, ,,' },
  { 'accept-encoding': '*;q=0, identity;q=0' },
  { 'accept-encoding': 'x'.repeat(2000) },
  { 'x-request-id': 'bad id with spaces and ünicode' },
];

/** A variant's forecast, which the suite's build refuses (its archive is months old): the 422 path. */
const REFUSED_FORECASTS = ['/api/v1/prices/forecast/domates-salkim', '/api/v1/compat/prices/forecast/domates-salkim'];

/** Every path the worker answers, with path parameters filled by `fill`. */
function paths(fill: string): string[] {
  return [
    ...[...ROUTES, ...COMPAT_ROUTES].map((r) => `/api/v1${r.path.replace(/\{(\w+)\}/g, fill)}`),
    ...PAGES.map((p) => p.path),
    ...WIDGETS.map((w) => w.path),
  ];
}

function asks(): Ask[] {
  const withParams = [...ROUTES, ...COMPAT_ROUTES].filter((r) => r.path.includes('{'));
  return [
    ...withParams.flatMap((r) =>
      BAD_SEGMENTS.map((s) => ({ method: 'GET', path: `/api/v1${r.path.replace(/\{(\w+)\}/g, s)}` })),
    ),
    ...paths('domates').flatMap((p) => ODD_QUERIES.map((q) => ({ method: 'GET', path: p + q }))),
    ...paths('domates').flatMap((p) => ODD_METHODS.map((method) => ({ method, path: p }))),
    ...paths('domates').flatMap((p) => ODD_HEADERS.map((headers) => ({ method: 'GET', path: p, headers }))),
    ...REFUSED_FORECASTS.flatMap((p) => [
      ...ODD_QUERIES.map((q) => ({ method: 'GET', path: p + q })),
      ...ODD_METHODS.map((method) => ({ method, path: p })),
      ...ODD_HEADERS.map((headers) => ({ method: 'GET', path: p, headers })),
    ]),
    ...BAD_SEGMENTS.map((s) => ({ method: 'GET', path: `/api/v1/${s}` })),
  ];
}

async function sweep(all: Ask[], at = 16): Promise<Seen[]> {
  const seen: Seen[] = [];
  for (let i = 0; i < all.length; i += at) seen.push(...(await Promise.all(all.slice(i, i + at).map(send))));
  return seen;
}

describe('a raw-request sweep', () => {
  it('no 5xx from the worker; every 4xx in the error body, never cached', async () => {
    const seen = await sweep(asks());
    expect(seen.length).toBeGreaterThan(600);
    // /health answers 503 with its own body while the build is degraded (the archive is months old): documented, not a failure.
    const degradedHealth = (s: Seen) => s.status === 503 && s.path.startsWith('/api/v1/health');
    const failures = seen
      .filter((s) => s.status >= 500 && !degradedHealth(s))
      .map((s) => `${s.method} ${s.path.slice(0, 80)} ${JSON.stringify(s.headers ?? {}).slice(0, 60)} → ${s.status}`);
    expect(failures).toEqual([]);
    for (const s of seen.filter((x) => x.status >= 400 && x.status < 500)) {
      const where = `${s.method} ${s.path.slice(0, 80)} → ${s.status}`;
      expect(s.contentType, where).toMatch(/^application\/json/);
      const body = JSON.parse(s.body);
      expect(Object.keys(body).sort(), where).toEqual(['code', 'error', 'message', 'requestId', 'timestamp']);
      expect(s.cacheControl, where).toBe('no-store');
    }
    // The sweep reaches the worker's refusals, not only its answers.
    expect(new Set(seen.map((s) => s.status))).toEqual(new Set([200, 304, 400, 404, 405, 422, 503]));
  }, 180_000);
});
