/**
 * The weekly index and the market movers, answered from the build's objects
 * (build/endpoints/basket-index.ts, build/endpoints/movers.ts):
 *   /index/latest, /index/basket   one object each
 *   /index/history                 the whole series; `range`, `from`, `to` keep the weeks that
 *                                  overlap the period (from/to win over range); series=real
 *   /index/{slug}                  published → the series; defined, not published → 409; else 404
 *   /prices/trending               the ranked list cut to `limit` (its bounds in core/routes.ts)
 *   /prices/weekly-summary         one object per closed week; `week` = YYYY-WW
 */
import {
  BASKET_INDEX_HISTORY_PATH,
  BASKET_INDEX_HISTORY_REAL_PATH,
  BASKET_INDEX_LATEST_PATH,
  BASKET_PATH,
  basketIndexSeriesPath,
  NEWEST_WEEKLY_SUMMARY_PATH,
  TRENDING_PATH,
  unpublishedIndexPath,
  weeklySummaryPath,
} from '../../core/objects.ts';
import { addDays, isoWeek, isoWeekMonday, type Day } from '../../core/dates.ts';
import { routeSpec } from '../../core/routes.ts';
import { rangeWindow } from '../collection.ts';
import { defaultAttribution, JSON_TYPE, type Answer, type RouteContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { sha256Etag } from '../headers.ts';
import { dayParam, enumParam, limitParam, pathSlug, rangeDays } from '../params.ts';
import { missingFromBuild } from '../store.ts';
import { serveStored, storedRoute } from './stored.ts';

async function json(body: unknown): Promise<Answer> {
  const text = JSON.stringify(body);
  return { body: text, etag: await sha256Etag(text), contentType: JSON_TYPE };
}

export const indexLatest = storedRoute(BASKET_INDEX_LATEST_PATH);
export const indexBasket = storedRoute(BASKET_PATH);

type Week = { week: string; week_start: Day; week_end: Day };

export async function indexHistory(ctx: RouteContext): Promise<Answer> {
  const series = enumParam(ctx.params, 'series', ['nominal', 'real']);
  const from = dayParam(ctx.params, 'from');
  const to = dayParam(ctx.params, 'to');
  if (from && to && from > to) throw new ApiError(400, 'INVALID_DATE', { parameter: 'from', value: from, to });
  const range = from || to ? undefined : rangeDays(ctx.params.get('range'));
  const key = series === 'real' ? BASKET_INDEX_HISTORY_REAL_PATH : BASKET_INDEX_HISTORY_PATH;
  if (!from && !to && range === undefined) return (await serveStored(ctx, key)) ?? missingFromBuild(key);
  const period = range !== undefined ? rangeWindow(ctx.today, range) : { from: from ?? null, to: to ?? null };
  const object = await ctx.store.get(key);
  if (!object) return missingFromBuild(key);
  const body = JSON.parse(await object.text()) as { items: Week[]; meta: { count: number; from: Day | null; to: Day | null } };
  // A week belongs to the period when any of its days does.
  body.items = body.items.filter((w) => (period.from === null || w.week_end >= period.from) && (period.to === null || w.week_start <= period.to));
  body.meta = { count: body.items.length, from: period.from, to: period.to };
  return json(body);
}


export async function indexSeries(ctx: RouteContext): Promise<Answer> {
  const slug = pathSlug(ctx.pathParams);
  const published = await serveStored(ctx, basketIndexSeriesPath(slug));
  if (published) return published;
  const defined = await ctx.store.get(unpublishedIndexPath(slug));
  if (defined) {
    const d = JSON.parse(await defined.text()) as { weeks: number; rule: string };
    throw new ApiError(409, 'INDEX_NOT_PUBLISHED', { slug, weeks: d.weeks, rule: d.rule });
  }
  throw new ApiError(404, 'NOT_FOUND', { slug: (ctx.pathParams.slug ?? '').slice(0, 100) });
}

export async function trendingPrices(ctx: RouteContext): Promise<Answer> {
  const limit = limitParam(ctx.params, routeSpec('/prices/trending').limit!);
  const key = TRENDING_PATH;
  const object = await ctx.store.get(key);
  if (!object) return missingFromBuild(key);
  const body = JSON.parse(await object.text()) as { items: unknown[]; meta: { count: number; limit: number; total: number; from: Day | null; to: Day | null } };
  body.items = body.items.slice(0, limit);
  body.meta = { count: body.items.length, limit, total: body.meta.total, from: body.meta.from, to: body.meta.to };
  return json(body);
}

export async function weeklySummary(ctx: RouteContext): Promise<Answer> {
  const value = ctx.params.get('week');
  let week: string;
  if (value === null) {
    const latest = await serveStored(ctx, NEWEST_WEEKLY_SUMMARY_PATH);
    if (latest) return latest;
    week = isoWeek(addDays(ctx.today, -7)).week;
  } else {
    week = value.trim();
    if (!isoWeekMonday(week)) throw new ApiError(400, 'INVALID_PARAMETER', { parameter: 'week', value: value.slice(0, 64), expected: 'YYYY-WW (ISO week, e.g. 2026-07)' });
    const stored = await serveStored(ctx, weeklySummaryPath(week));
    if (stored) return stored;
  }
  // A real week without data (before the archive, after it, or still running): empty lists.
  const weekStart = isoWeekMonday(week)!;
  return json({
    week,
    weekStart,
    weekEnd: addDays(weekStart, 6),
    topRisers: [],
    topFallers: [],
    meta: { previousWeek: isoWeek(addDays(weekStart, -7)).week, compared: 0, limit: 10, note: 'Bu hafta için kapanmış haftalık fiyat verisi yok.' },
    dataDate: null,
    fetchedAt: null,
    isStale: true,
    freshness: 'unavailable',
    warnings: ['no_data'],
    attribution: await defaultAttribution(ctx.store),
  });
}
