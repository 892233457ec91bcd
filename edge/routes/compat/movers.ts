/**
 * The market movers in the variant's shapes (core/compat/routes.ts):
 *   /compat/prices/trending        the build's bare array (build/endpoints/compat/movers.ts) cut to `limit`
 *   /compat/prices/weekly-summary  the main week's object (build/endpoints/movers.ts) cut to the
 *                                  variant's five keys; `week` as the main operation reads it
 */
import { NEWEST_WEEKLY_SUMMARY_PATH, weeklySummaryPath } from '../../../core/objects.ts';
import { COMPAT_TRENDING_PATH } from '../../../core/compat/objects.ts';
import { compatRouteSpec } from '../../../core/compat/routes.ts';
import { addDays, isoWeek, isoWeekMonday } from '../../../core/dates.ts';
import { jsonAnswer, type Answer, type RouteContext } from '../../answer/context.ts';
import { isoWeekParam, limitParam } from '../../request/params.ts';
import { missingFromBuild } from '../../origin/object.ts';

export async function compatTrendingPrices(ctx: RouteContext): Promise<Answer> {
  const limit = limitParam(ctx.params, compatRouteSpec('compatTrendingPrices').limit!);
  const object = await ctx.origin.get(COMPAT_TRENDING_PATH);
  if (!object) return missingFromBuild(COMPAT_TRENDING_PATH);
  return jsonAnswer((JSON.parse(await object.text()) as unknown[]).slice(0, limit));
}

type Summary = { week: string; weekStart: string; weekEnd: string; topRisers: unknown[]; topFallers: unknown[] };

export async function compatWeeklySummary(ctx: RouteContext): Promise<Answer> {
  const asked = isoWeekParam(ctx.params, 'week');
  // The newest closed week with data, as the main operation answers; without one, last week.
  const week = asked ?? isoWeek(addDays(ctx.today, -7)).week;
  const key = asked === undefined ? NEWEST_WEEKLY_SUMMARY_PATH : weeklySummaryPath(asked);
  const object = await ctx.origin.get(key);
  if (object) {
    const { week, weekStart, weekEnd, topRisers, topFallers } = JSON.parse(await object.text()) as Summary;
    return jsonAnswer({ week, weekStart, weekEnd, topRisers, topFallers });
  }
  // A real week without data (before the archive, after it, or still running): empty lists.
  const weekStart = isoWeekMonday(week)!;
  return jsonAnswer({ week, weekStart, weekEnd: addDays(weekStart, 6), topRisers: [], topFallers: [] });
}
