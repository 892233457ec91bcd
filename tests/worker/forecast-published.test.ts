/**
 * Published forecasts under workerd, on the real archive built the Monday after its last lists
 * (tests/support/forecast-dist.ts): the variants whose backtest passed answer 200 with their
 * forecast, the variant's keys first, seven predictions on the next publishing days after the
 * series' last data day, each inside its interval; the compatibility prefix answers the same
 * numbers in exactly its three keys; both answer 304 to their ETag. The same build served months
 * after its day refuses every one of them (stale_source), with the forecast's own figures.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HORIZON, INTERVAL_LEVEL, MAX_MAPE, ORIGINS } from '../../build/forecast/rules.ts';
import { PLAUSIBLE_SQL } from '../../build/price-rows.ts';
import { addDays, isoWeekday, type Day } from '../../core/dates.ts';
import { compatForecastPath } from '../../core/compat/objects.ts';
import { CALENDARS_PATH, FORECAST_OBJECTS } from '../../core/objects.ts';
import { CompatForecast, Forecast, ForecastRefusal, type ForecastT } from '../../schemas/forecast.ts';
import type { LocalWorker } from '../../scripts/lib/local-worker.ts';
import { BUILD_DAY, writeForecastDists, type ForecastDists } from '../support/forecast-dist.ts';
import { openApiValidator, type OpenApiValidator } from '../support/openapi.ts';
import { clientOf, expectErrorBody, type Client, startOwnWorker } from '../support/worker.ts';

let dists: ForecastDists;
let onBuildDay: LocalWorker;
let late: LocalWorker;
let api: OpenApiValidator;
const started: Record<string, number> = {};

beforeAll(async () => {
  let t = performance.now();
  dists = writeForecastDists(inject('dbPath'));
  started.dists = Math.round(performance.now() - t);
  t = performance.now();
  [onBuildDay, late] = await Promise.all([
    startOwnWorker({ distDir: dists.onBuildDay, bucketDir: join(dists.onBuildDay, '..', 'bucket-on-build-day') }),
    startOwnWorker({ distDir: dists.late, bucketDir: join(dists.late, '..', 'bucket-late') }),
  ]);
  started.workers = Math.round(performance.now() - t);
  api = openApiValidator((await get()('/api/v1/openapi.json')).json());
  console.log(
    `forecast dist: ${dists.published.length} published (${dists.published.join(', ')}), ` +
      `${dists.refused.length} refused; forecasts ${dists.ms.forecasts} ms, rest ${dists.ms.rest} ms; ` +
      `two workers started in ${started.workers} ms`,
  );
}, 600_000);
afterAll(async () => {
  await Promise.all([onBuildDay?.dispose(), late?.dispose()]);
  dists?.dispose();
});

const get = (): Client => clientOf(onBuildDay, '198.18.127');
const getLate = (): Client => clientOf(late, '198.18.128');
const stored = (path: string) => JSON.parse(readFileSync(join(dists.late, path), 'utf8'));

/** The variant's newest data day up to the build day, and the sources that printed it in the year before. */
function seriesOf(slug: string): { last: Day; sources: string[] } {
  const db = new Database(inject('dbPath'), { readonly: true });
  const rows = `FROM observations o JOIN source_names n ON n.id = o.source_name_id
                WHERE n.variant_slug = ? AND ${PLAUSIBLE_SQL} AND o.data_day <= ?`;
  const last = db.prepare(`SELECT max(o.data_day) ${rows}`).pluck().get(slug, BUILD_DAY) as Day;
  const sources = db
    .prepare(`SELECT DISTINCT o.source_key ${rows} AND o.data_day > ?`)
    .pluck()
    .all(slug, BUILD_DAY, addDays(BUILD_DAY, -400)) as string[];
  db.close();
  return { last, sources };
}

/** The days a forecast must be dated: the next publishing days of the sources that printed the variant. */
function publishingDaysAfter(last: Day, sources: string[], count: number): Day[] {
  const calendars = stored(CALENDARS_PATH) as { sources: Record<string, { days: number[] }>; holidays: Day[] };
  const weekdays = new Set(sources.flatMap((s) => calendars.sources[s]!.days));
  const days: Day[] = [];
  for (let d = addDays(last, 1); days.length < count; d = addDays(d, 1))
    if (weekdays.has(isoWeekday(d)) && !calendars.holidays.includes(d)) days.push(d);
  return days;
}

describe('served on its build day', () => {
  it('some variants are published, every other variant is refused, none twice', () => {
    expect(dists.published.length).toBeGreaterThan(0);
    expect(dists.refused.length).toBeGreaterThan(dists.published.length);
    expect(dists.published.filter((s) => dists.refused.includes(s))).toEqual([]);
  });

  it('every published variant answers 200 with its forecast: valid, the variant keys first, as stored', async () => {
    for (const slug of dists.published) {
      const r = await get()(`/api/v1/prices/forecast/${slug}`);
      expect(r.status, slug).toBe(200);
      expect(r.headers.get('cache-control')).toBe('public, max-age=300, s-maxage=3600, stale-while-revalidate=3600');
      const body = r.json();
      Forecast.parse(body);
      api.expectValid('/prices/forecast/{slug}', body);
      expect(Object.keys(body)).toEqual(Object.keys(Forecast.shape));
      expect(Object.keys(body).slice(0, 3)).toEqual(['productSlug', 'predictions', 'validation']);
      expect(r.text).toBe(readFileSync(join(dists.late, FORECAST_OBJECTS.published(slug)), 'utf8'));
    }
  });

  it('seven predictions on the publishing days after the last data day, each inside its interval', async () => {
    for (const slug of dists.published) {
      const forecast = (await get()(`/api/v1/prices/forecast/${slug}`)).json() as ForecastT;
      const series = seriesOf(slug);
      expect(forecast).toMatchObject({ productSlug: slug, horizon: HORIZON, dataDate: series.last });
      expect(forecast.predictions.map((p) => p.date)).toEqual(
        publishingDaysAfter(series.last, series.sources, HORIZON),
      );
      expect(forecast.intervals.level).toBe(INTERVAL_LEVEL);
      expect(forecast.intervals.lower).toHaveLength(HORIZON);
      forecast.predictions.forEach((p, i) => {
        expect(forecast.intervals.lower[i]!, `${slug} ${p.date}`).toBeLessThanOrEqual(p.predicted);
        expect(p.predicted, `${slug} ${p.date}`).toBeLessThanOrEqual(forecast.intervals.upper[i]!);
      });
      expect(forecast.validation.publishable).toBe(true);
      expect(forecast.validation.modelMape!).toBeLessThan(MAX_MAPE);
      expect(forecast.metrics.map((m) => m.horizon)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(forecast.origins.count).toBe(ORIGINS);
      expect(forecast.origins.last < series.last).toBe(true);
    }
  });

  it('the compatibility prefix answers exactly the three keys, with the same numbers', async () => {
    for (const slug of dists.published) {
      const main = (await get()(`/api/v1/prices/forecast/${slug}`)).json();
      const r = await get()(`/api/v1/compat/prices/forecast/${slug}`);
      expect(r.status, slug).toBe(200);
      const body = r.json();
      CompatForecast.parse(body);
      api.expectValid('/compat/prices/forecast/{productSlug}', body);
      expect(Object.keys(body)).toEqual(['productSlug', 'predictions', 'validation']);
      expect(body).toEqual({ productSlug: slug, predictions: main.predictions, validation: main.validation });
      expect(Object.keys(body.validation)).toEqual(['modelMape', 'baselineMape', 'publishable']);
    }
  });

  it('an ETag sent back is a 304 under both prefixes; HEAD has the headers and no body', async () => {
    const slug = dists.published[0]!;
    for (const path of [`/api/v1/prices/forecast/${slug}`, `/api/v1/compat/prices/forecast/${slug}`]) {
      const client = get();
      const first = await client(path, { headers: { 'x-request-id': 'forecast-etag-1' } });
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      const again = await client(path, { headers: { 'if-none-match': etag, 'x-request-id': 'forecast-etag-2' } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('x-request-id')).toBe('forecast-etag-2');
      const head = await client(path, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('etag')).toBe(etag);
      expect(head.text).toBe('');
    }
  });

  it('a refused variant of the same build answers 422 with its refusal, under both prefixes', async () => {
    const slug = dists.refused[0]!;
    for (const path of [`/api/v1/prices/forecast/${slug}`, `/api/v1/compat/prices/forecast/${slug}`]) {
      const r = await get()(path);
      expectErrorBody(r, 422, 'FORECAST_NOT_PUBLISHABLE');
      expect(ForecastRefusal.parse(r.json().error.details)).toEqual(stored(FORECAST_OBJECTS.refused(slug)));
    }
  });
});

describe('the same build served months after its day', () => {
  it('refuses every published forecast with stale_source and the figures it was published with', async () => {
    expect(stored(CALENDARS_PATH).today).toBe(BUILD_DAY);
    for (const slug of dists.published) {
      const forecast = Forecast.parse(stored(FORECAST_OBJECTS.published(slug)));
      const expected = {
        productSlug: slug,
        reasons: ['stale_source'],
        validation: { ...forecast.validation, publishable: false },
        metrics: forecast.metrics,
        origins: forecast.origins,
        lastDataDay: forecast.dataDate,
      };
      for (const path of [`/api/v1/prices/forecast/${slug}`, `/api/v1/compat/prices/forecast/${slug}`]) {
        const r = await getLate()(path);
        expectErrorBody(r, 422, 'FORECAST_NOT_PUBLISHABLE');
        // A refusal reports the series' data days: the published forecast must carry them for this one.
        expect(r.json().error.details.dataDays, `${path}: the forecast's dataDays`).toBeTypeOf('number');
        expect(ForecastRefusal.parse(r.json().error.details), path).toMatchObject(expected);
      }
      // The compat object is still in the build: it is the day that refuses it.
      expect(CompatForecast.parse(stored(compatForecastPath(slug))).productSlug).toBe(slug);
    }
  });

  it('a refused variant keeps its refusal', async () => {
    const slug = dists.refused[0]!;
    const r = await getLate()(`/api/v1/prices/forecast/${slug}`);
    expectErrorBody(r, 422, 'FORECAST_NOT_PUBLISHABLE');
    expect(r.json().error.details).toEqual(stored(FORECAST_OBJECTS.refused(slug)));
  });
});
