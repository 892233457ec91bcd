/**
 * /prices/forecast/{slug}: a product variant's forecast, precomputed by the build
 * (build/endpoints/forecast.ts) as one of two objects:
 *   published → sent whole (ETag, 304)
 *   refused   → 422 FORECAST_NOT_PUBLISHABLE, the stored refusal (reasons, figures) as `details`
 *   neither   → 404: a product family, or any other slug
 * A forecast is shown only while its series is current. Served on a later day than its build, a
 * published forecast whose last data day has become stale is refused as the build refuses a stale
 * series (`stale_source`), with the forecast's own figures as the refusal's.
 */
import { classByMissedDays, missedPublishingDays } from '../../core/calendar.ts';
import { FORECAST_OBJECTS } from '../../core/objects.ts';
import type { ForecastRefusalT, ForecastT } from '../../schemas/forecast.ts';
import { agingCalendars } from '../answer/aging.ts';
import type { Answer, RouteContext } from '../answer/context.ts';
import { ApiError } from '../answer/errors.ts';
import { NAMES_NOTHING, pathSlug } from '../request/params.ts';
import { serveStored } from './stored.ts';

export const productForecast = (ctx: RouteContext): Promise<Answer> =>
  answerForecast(ctx, 'slug', FORECAST_OBJECTS.published);

/**
 * The forecast of the slug in path parameter `name`; `sentAt(slug)` is the object sent when it is
 * published (the main shape, or the compatibility prefix's).
 */
export async function answerForecast(
  ctx: RouteContext,
  name: string,
  sentAt: (slug: string) => string,
): Promise<Answer> {
  const slug = variantSlug(ctx.pathParams, name);
  await refuseWhenStale(ctx, slug);
  const published = await serveStored(ctx, sentAt(slug));
  if (published) return published;
  const refusal = await ctx.origin.get(FORECAST_OBJECTS.refused(slug));
  if (refusal) throw notPublishable(JSON.parse(await refusal.text()) as ForecastRefusalT);
  throw new ApiError(404, 'NOT_FOUND', { slug: (ctx.pathParams[name] ?? '').slice(0, 100) });
}

/** Folded like every path slug; a segment with no letter or digit (`---`, `🍅`) names no variant at all: a 400. */
function variantSlug(pathParams: Record<string, string>, name: string): string {
  const slug = pathSlug(pathParams, name);
  if (slug === NAMES_NOTHING)
    throw new ApiError(400, 'INVALID_PARAMETER', {
      parameter: name,
      value: (pathParams[name] ?? '').slice(0, 64),
      expected: 'a product variant slug: letters, digits and hyphens (Turkish letters and case are folded)',
    });
  return slug;
}

/**
 * On the build day the build's verdict stands. Later, the gate's own test is made again on the
 * serving day: the age of the last data day in missed publishing days, not the freshness class
 * (prices read from an archive are `stale` rows from the start, yet a series whose archive
 * reaches the build day had not stopped). The forecast names no source, so it is counted on the
 * calendar the worker re-ages such answers on (edge/answer/aging.ts).
 */
async function refuseWhenStale(ctx: RouteContext, slug: string): Promise<void> {
  const calendars = await agingCalendars(ctx.origin, ctx.today);
  if (!calendars) return;
  const object = await ctx.origin.get(FORECAST_OBJECTS.published(slug));
  if (!object) return;
  const forecast = JSON.parse(await object.text()) as ForecastT;
  const calendar = {
    publishingDays: new Set(calendars.fallback.days),
    holidays: new Set(calendars.holidays),
    lagDays: calendars.fallback.lag,
  };
  const lastDataDay = forecast.dataDate;
  if (lastDataDay && classByMissedDays(missedPublishingDays(calendar, lastDataDay, ctx.today)) === 'stale')
    throw notPublishable(staleRefusal(forecast));
}

/** The refusal the gate gives a series whose source stopped, from the figures the forecast was published with. */
function staleRefusal(forecast: ForecastT): ForecastRefusalT {
  return {
    productSlug: forecast.productSlug,
    reasons: ['stale_source'],
    validation: { ...forecast.validation, publishable: false },
    metrics: forecast.metrics,
    origins: forecast.origins,
    lastDataDay: forecast.dataDate,
    dataDays: forecast.dataDays,
  };
}

const notPublishable = (refusal: ForecastRefusalT) => new ApiError(422, 'FORECAST_NOT_PUBLISHABLE', refusal);
