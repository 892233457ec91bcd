/**
 * The market movers, answered from the build's objects (build/endpoints/movers.ts):
 *   /prices/trending               the ranked list cut to `limit` (its bounds in core/routes.ts)
 *   /prices/weekly-summary         one object per closed week; `week` = YYYY-WW
 */
import { NEWEST_WEEKLY_SUMMARY_PATH, TRENDING_PATH, weeklySummaryPath } from '../../core/objects.ts';
import { addDays, isoWeek, isoWeekMonday, type Day } from '../../core/dates.ts';
import { routeSpec, WEEKLY_SUMMARY_LIMIT } from '../../core/routes.ts';
import { defaultAttribution, jsonAnswer, type Answer, type RouteContext } from '../answer/context.ts';
import { isoWeekParam, limitParam } from '../request/params.ts';
import { missingFromBuild } from '../origin/object.ts';
import { serveStored } from './stored.ts';

export async function trendingPrices(ctx: RouteContext): Promise<Answer> {
  const limit = limitParam(ctx.params, routeSpec('/prices/trending').limit!);
  const key = TRENDING_PATH;
  const object = await ctx.origin.get(key);
  if (!object) return missingFromBuild(key);
  const body = JSON.parse(await object.text()) as {
    items: unknown[];
    meta: { count: number; limit: number; total: number; from: Day | null; to: Day | null };
  };
  body.items = body.items.slice(0, limit);
  body.meta = { count: body.items.length, limit, total: body.meta.total, from: body.meta.from, to: body.meta.to };
  return jsonAnswer(body);
}

export async function weeklySummary(ctx: RouteContext): Promise<Answer> {
  let week = isoWeekParam(ctx.params, 'week');
  if (week === undefined) {
    const latest = await serveStored(ctx, NEWEST_WEEKLY_SUMMARY_PATH);
    if (latest) return latest;
    week = isoWeek(addDays(ctx.today, -7)).week;
  } else {
    const stored = await serveStored(ctx, weeklySummaryPath(week));
    if (stored) return stored;
  }
  // A real week without data (before the archive, after it, or still running): empty lists.
  const weekStart = isoWeekMonday(week)!;
  return jsonAnswer({
    week,
    weekStart,
    weekEnd: addDays(weekStart, 6),
    topRisers: [],
    topFallers: [],
    meta: {
      previousWeek: isoWeek(addDays(weekStart, -7)).week,
      compared: 0,
      limit: WEEKLY_SUMMARY_LIMIT,
      note: 'Bu hafta için kapanmış haftalık fiyat verisi yok.',
    },
    dataDate: null,
    fetchedAt: null,
    isStale: true,
    freshness: 'unavailable',
    warnings: ['no_data'],
    attribution: await defaultAttribution(ctx.origin),
  });
}
