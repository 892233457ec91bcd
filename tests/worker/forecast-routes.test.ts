/**
 * The forecast routes under workerd over the suite's real build. Its archive ends months before
 * its build day, so every variant's series has a stopped source and is refused: a 422 with the
 * build's refusal as `details`, under both prefixes. A product family and any other slug are 404,
 * a slug that names nothing 400; every answer carries its request id and no error is cached.
 * The published side, on the archive as it stood the day after its data: forecast-published.test.ts.
 */
import { describe, expect, inject, it } from 'vitest';
import { compatForecastPath } from '../../core/compat/objects.ts';
import { FORECAST_OBJECTS } from '../../core/objects.ts';
import { ForecastRefusal } from '../../schemas/forecast.ts';
import { distText } from '../support/dist-file.ts';
import { servedApi } from '../support/served-api.ts';
import { expectErrorBody } from '../support/worker.ts';

const served = servedApi('198.18.126');
const { client } = served;
const distDir = inject('distDir');

const VARIANT = 'domates-salkim';
const MAIN = `/api/v1/prices/forecast/${VARIANT}`;
const COMPAT = `/api/v1/compat/prices/forecast/${VARIANT}`;
const storedRefusal = () => JSON.parse(distText(distDir, FORECAST_OBJECTS.refused(VARIANT)));

describe('a refused variant', () => {
  it('answers 422 FORECAST_NOT_PUBLISHABLE with the stored refusal, stale_source among its reasons', async () => {
    const r = await client()(MAIN);
    expectErrorBody(r, 422, 'FORECAST_NOT_PUBLISHABLE');
    const body = r.json();
    served.api.expectValid('/prices/forecast/{slug}', body, 422);
    const details = ForecastRefusal.parse(body.error.details);
    expect(details).toEqual(storedRefusal());
    expect(details.productSlug).toBe(VARIANT);
    expect(details.reasons).toContain('stale_source');
    expect(details.validation.publishable).toBe(false);
    // Its last data day is the archive's, months before the build day.
    expect(details.lastDataDay! < inject('today')).toBe(true);
    expect(details.dataDays).toBeGreaterThan(0);
  });

  it('answers the same 422 under the compatibility prefix, and has no compat object', async () => {
    const r = await client()(COMPAT);
    expectErrorBody(r, 422, 'FORECAST_NOT_PUBLISHABLE');
    served.api.expectValid('/compat/prices/forecast/{productSlug}', r.json(), 422);
    expect(r.json().error.details).toEqual(storedRefusal());
    expect(() => distText(distDir, compatForecastPath(VARIANT))).toThrow(/ENOENT/);
  });

  it('is refused whatever the case and Turkish letters of its slug', async () => {
    for (const slug of ['Domates-Salkım', 'DOMATES-SALKIM'])
      for (const prefix of ['/api/v1', '/api/v1/compat']) {
        const r = await client()(`${prefix}/prices/forecast/${encodeURIComponent(slug)}`);
        expectErrorBody(r, 422, 'FORECAST_NOT_PUBLISHABLE');
        expect(r.json().error.details.productSlug).toBe(VARIANT);
      }
  });

  it('HEAD: the status and headers of the refusal', async () => {
    const r = await client()(MAIN, { method: 'HEAD', headers: { 'x-request-id': 'head-forecast-1' } });
    expect(r.status).toBe(422);
    expect(r.headers.get('x-request-id')).toBe('head-forecast-1');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});

describe('what is no variant', () => {
  it.each([
    ['a product family', 'domates'],
    ['an unknown slug', 'yok-boyle-bir-urun'],
    ['a path under the refusals', 'refused'],
  ])('%s is 404 NOT_FOUND under both prefixes', async (_, slug) => {
    for (const path of [`/api/v1/prices/forecast/${slug}`, `/api/v1/compat/prices/forecast/${slug}`]) {
      const r = await client()(path);
      expectErrorBody(r, 404, 'NOT_FOUND');
      expect(r.json().error.details).toEqual({ slug });
      served.api.expectValid(
        path.includes('compat') ? '/compat/prices/forecast/{productSlug}' : '/prices/forecast/{slug}',
        r.json(),
        404,
      );
    }
  });

  it.each([
    ['no letter or digit', '---', { expected: expect.stringContaining('slug') }],
    ['an emoji', '%F0%9F%8D%85', { value: '🍅' }],
    ['a malformed escape', '%E0%A4%A', { value: '%E0%A4%A', expected: 'percent-encoded UTF-8' }],
  ])('a slug with %s is 400 INVALID_PARAMETER under both prefixes', async (_, segment, details) => {
    for (const [prefix, parameter] of [
      ['/api/v1', 'slug'],
      ['/api/v1/compat', 'productSlug'],
    ]) {
      const r = await client()(`${prefix}/prices/forecast/${segment}`);
      expectErrorBody(r, 400, 'INVALID_PARAMETER');
      expect(r.json().error.details).toMatchObject({ parameter, ...details });
    }
  });
});

describe('request ids and caching', () => {
  it('every status echoes the request id; errors are no-store and carry the rate-limit headers', async () => {
    const get = client();
    for (const [path, status] of [
      [MAIN, 422],
      [COMPAT, 422],
      ['/api/v1/prices/forecast/domates', 404],
      ['/api/v1/prices/forecast/---', 400],
    ] as const) {
      const id = `forecast-${status}-${path.length}`;
      const r = await get(path, { headers: { 'x-request-id': id } });
      expect(r.status, path).toBe(status);
      expect(r.headers.get('x-request-id')).toBe(id);
      expect(r.json().requestId).toBe(id);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.headers.get('etag')).toBeNull();
      expect(r.headers.get('x-ratelimit-limit')).toBe('60');
    }
    // Without an id of its own, each request gets a new one: the refusal is never a cached answer.
    const [a, b] = [await get(MAIN), await get(MAIN)];
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
    expect(a.json().requestId).toBe(a.headers.get('x-request-id'));
  });
});
