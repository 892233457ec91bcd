/** The forecast routes over an origin of a few objects: published, refused, unknown, and served days after the build. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ForecastRefusal, type ForecastRefusalT, type ForecastT } from '../../schemas/forecast.ts';
import { forgetCalendars } from '../answer/aging.ts';
import type { RouteContext } from '../answer/context.ts';
import { ApiError } from '../answer/errors.ts';
import type { Origin, StoredObject } from '../origin/object.ts';
import { compatProductForecast } from './compat/forecast.ts';
import { productForecast } from './forecast.ts';

const BUILD_DAY = '2026-07-24';
const metrics = [1, 2].map((horizon) => ({
  horizon,
  model: { mae: 0.4, mape: 3.1, mase: 0.61 },
  naive: { mae: 0.7, mape: 5.2, mase: 1.02 },
  seasonalNaive: { mae: 0.9, mape: 6.8, mase: 1.3 },
  coverage: 0.8,
}));
/** Published on the build day from data of the day before: fresh. */
const FORECAST = {
  productSlug: 'domates-salkim',
  predictions: [
    { date: '2026-07-24', predicted: 21.5 },
    { date: '2026-07-25', predicted: 21.9 },
  ],
  validation: { modelMape: 3.4, baselineMape: 5.9, publishable: true },
  horizon: 2,
  method: 'AutoETS',
  intervals: { level: 0.8, lower: [20, 20.1], upper: [23, 23.9] },
  metrics,
  origins: { count: 30, first: '2026-06-01', last: '2026-07-14' },
  dataDays: 180,
  dataDate: '2026-07-23',
  fetchedAt: '2026-07-23T05:00:00.000Z',
  isStale: false,
  freshness: 'fresh',
  warnings: [],
  attribution: 'İzmir Büyükşehir Belediyesi',
} as ForecastT;
/** The same forecast of prices read from an archive: `stale` rows from the start, whatever their age. */
const FROM_ARCHIVE = {
  ...FORECAST,
  productSlug: 'biber-sivri',
  isStale: true,
  freshness: 'stale',
  warnings: ['static_archive'],
} as ForecastT;
const COMPAT = { productSlug: 'domates-salkim', predictions: FORECAST.predictions, validation: FORECAST.validation };
const REFUSAL: ForecastRefusalT = {
  productSlug: 'patlican-kemer',
  reasons: ['not_better_than_naive', 'drift'],
  validation: { modelMape: 9.2, baselineMape: 7.7, publishable: false },
  metrics,
  origins: { count: 30, first: '2026-06-01', last: '2026-07-14' },
  lastDataDay: '2026-07-23',
  dataDays: 170,
};
const CALENDARS = { today: BUILD_DAY, fallback: { days: [1, 2, 3, 4, 5, 6], lag: 0 }, sources: {}, holidays: [] };

const OBJECTS: Record<string, unknown> = {
  'api/v1/_meta/calendars.json': CALENDARS,
  'api/v1/prices/forecast/domates-salkim.json': FORECAST,
  'api/v1/compat/prices/forecast/domates-salkim.json': COMPAT,
  'api/v1/prices/forecast/refused/patlican-kemer.json': REFUSAL,
  'api/v1/prices/forecast/biber-sivri.json': FROM_ARCHIVE,
};

function stored(key: string, text: string): StoredObject {
  const bytes = new TextEncoder().encode(text);
  return {
    etag: `"${key}"`,
    contentType: 'application/json; charset=utf-8',
    encoding: null,
    raw: () => bytes,
    get body() {
      return new Response(bytes).body;
    },
    text: async () => text,
    bytes: async () => bytes,
    lines: async () => bytes,
    discard: async () => {},
  };
}

const asked: string[] = [];
const origin: Origin = {
  get: async (key) => (asked.push(key), key in OBJECTS ? stored(key, JSON.stringify(OBJECTS[key])) : null),
};
const ctx = (pathParams: Record<string, string>, today = BUILD_DAY): RouteContext => ({
  url: new URL('http://localhost/'),
  params: new URLSearchParams(),
  origin,
  today,
  pathParams,
  codings: [],
});

beforeEach(() => {
  forgetCalendars();
  asked.length = 0;
});

async function thrown(answer: Promise<unknown>): Promise<ApiError> {
  const error = await answer.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const bodyOf = async (answer: { body: unknown }) =>
  JSON.parse(await new Response(answer.body as ReadableStream).text());

describe('/prices/forecast/{slug}', () => {
  it('a published forecast is its stored object, with its ETag; a folded slug finds it', async () => {
    for (const slug of ['domates-salkim', 'Domates-Salkım', 'DOMATES SALKIM']) {
      const answer = await productForecast(ctx({ slug }));
      expect(answer.etag).toBe('"api/v1/prices/forecast/domates-salkim.json"');
      expect(await bodyOf(answer)).toEqual(FORECAST);
    }
  });

  it('a refused series is a 422 whose details are the stored refusal', async () => {
    const error = await thrown(productForecast(ctx({ slug: 'patlican-kemer' })));
    expect(error).toMatchObject({ status: 422, code: 'FORECAST_NOT_PUBLISHABLE', details: REFUSAL });
  });

  it('a family or unknown slug is a 404 naming it; one with no letter or digit a 400', async () => {
    for (const slug of ['domates', 'nope'])
      expect(await thrown(productForecast(ctx({ slug })))).toMatchObject({ status: 404, details: { slug } });
    for (const slug of ['---', '🍅', ''])
      expect(await thrown(productForecast(ctx({ slug })))).toMatchObject({
        status: 400,
        code: 'INVALID_PARAMETER',
        details: { parameter: 'slug', value: slug },
      });
  });

  it('on its build day the stored object goes as it is, unread', async () => {
    await productForecast(ctx({ slug: 'domates-salkim' }));
    expect(asked.filter((k) => k.includes('forecast'))).toEqual(['api/v1/prices/forecast/domates-salkim.json']);
  });

  it('served while its data is only delayed, it is still the forecast (the worker re-ages it)', async () => {
    // Data of Thursday 23 July; Friday 24 and Saturday 25 missed by Monday 27: delayed.
    const answer = await productForecast(ctx({ slug: 'domates-salkim' }, '2026-07-27'));
    expect(await bodyOf(answer)).toEqual(FORECAST);
  });

  it('served once its data has aged to stale, it is refused with stale_source and its own figures', async () => {
    // By Tuesday 28 July, Monday 27 is missed too: three publishing days, stale.
    const error = await thrown(productForecast(ctx({ slug: 'domates-salkim' }, '2026-07-28')));
    expect(error).toMatchObject({ status: 422, code: 'FORECAST_NOT_PUBLISHABLE' });
    expect(ForecastRefusal.parse(error.details)).toEqual({
      productSlug: 'domates-salkim',
      reasons: ['stale_source'],
      validation: { modelMape: 3.4, baselineMape: 5.9, publishable: false },
      metrics,
      origins: FORECAST.origins,
      lastDataDay: '2026-07-23',
      dataDays: 180,
    });
  });

  it('the age of the last data day decides, not the freshness class: an archive series is served', async () => {
    expect(await bodyOf(await productForecast(ctx({ slug: 'biber-sivri' }, '2026-07-27')))).toEqual(FROM_ARCHIVE);
    const error = await thrown(productForecast(ctx({ slug: 'biber-sivri' }, '2026-07-28')));
    expect(error.details).toMatchObject({ productSlug: 'biber-sivri', reasons: ['stale_source'] });
  });

  it('a holiday is no missed publishing day', async () => {
    OBJECTS['api/v1/_meta/calendars.json'] = { ...CALENDARS, holidays: ['2026-07-27'] };
    try {
      expect(await bodyOf(await productForecast(ctx({ slug: 'domates-salkim' }, '2026-07-28')))).toEqual(FORECAST);
    } finally {
      OBJECTS['api/v1/_meta/calendars.json'] = CALENDARS;
    }
  });
});

describe('/compat/prices/forecast/{productSlug}', () => {
  it('a published forecast is its three keys; refused, unknown and malformed as the main route', async () => {
    const answer = await compatProductForecast(ctx({ productSlug: 'domates-salkim' }));
    expect(answer.etag).toBe('"api/v1/compat/prices/forecast/domates-salkim.json"');
    expect(await bodyOf(answer)).toEqual(COMPAT);
    expect(await thrown(compatProductForecast(ctx({ productSlug: 'patlican-kemer' })))).toMatchObject({
      status: 422,
      details: REFUSAL,
    });
    expect(await thrown(compatProductForecast(ctx({ productSlug: 'domates' })))).toMatchObject({ status: 404 });
    expect(await thrown(compatProductForecast(ctx({ productSlug: '-' })))).toMatchObject({
      status: 400,
      details: { parameter: 'productSlug' },
    });
  });

  it('stale by the serving day, it is refused as the main route refuses it', async () => {
    expect(await compatProductForecast(ctx({ productSlug: 'domates-salkim' }, '2026-07-27'))).toBeDefined();
    const main = await thrown(productForecast(ctx({ slug: 'domates-salkim' }, '2026-07-28')));
    const compat = await thrown(compatProductForecast(ctx({ productSlug: 'domates-salkim' }, '2026-07-28')));
    expect(compat.details).toEqual(main.details);
  });
});
