/**
 * The weekly basket price index, answered from the build's objects (build/endpoints/basket-index.ts):
 *   /index/latest, /index/basket   one object each
 *   /index/history                 the whole series; `range`, `from`, `to` keep the weeks that
 *                                  overlap the period (from/to win over range); series=real
 *   /index/{slug}                  published → the series; defined, not published → 409; else 404
 */
import { BASKET_INDEX_OBJECTS as OBJECTS } from '../../core/objects.ts';
import type { Day } from '../../core/dates.ts';
import { rangeWindow } from '../query/collection.ts';
import { jsonAnswer, type Answer, type RouteContext } from '../answer/context.ts';
import { ApiError } from '../answer/errors.ts';
import { dayParam, enumParam, pathSlug, rangeDays } from '../request/params.ts';
import { missingFromBuild } from '../origin/object.ts';
import { serveStored, storedRoute } from './stored.ts';

export const indexLatest = storedRoute(OBJECTS.latest);
export const indexBasket = storedRoute(OBJECTS.basket);

type Week = { week: string; week_start: Day; week_end: Day };

export async function indexHistory(ctx: RouteContext): Promise<Answer> {
  const series = enumParam(ctx.params, 'series', ['nominal', 'real']);
  const from = dayParam(ctx.params, 'from');
  const to = dayParam(ctx.params, 'to');
  if (from && to && from > to) throw new ApiError(400, 'INVALID_DATE', { parameter: 'from', value: from, to });
  const range = from || to ? undefined : rangeDays(ctx.params.get('range'));
  const key = OBJECTS.history[series ?? 'nominal'];
  if (!from && !to && range === undefined) return (await serveStored(ctx, key)) ?? missingFromBuild(key);
  const period = range !== undefined ? rangeWindow(ctx.today, range) : { from: from ?? null, to: to ?? null };
  const object = await ctx.origin.get(key);
  if (!object) return missingFromBuild(key);
  const body = JSON.parse(await object.text()) as {
    items: Week[];
    meta: { count: number; from: Day | null; to: Day | null };
  };
  // A week belongs to the period when any of its days does.
  body.items = body.items.filter(
    (w) => (period.from === null || w.week_end >= period.from) && (period.to === null || w.week_start <= period.to),
  );
  body.meta = { count: body.items.length, from: period.from, to: period.to };
  return jsonAnswer(body);
}

export async function indexSeries(ctx: RouteContext): Promise<Answer> {
  const slug = pathSlug(ctx.pathParams);
  const published = await serveStored(ctx, OBJECTS.series(slug));
  if (published) return published;
  const defined = await ctx.origin.get(OBJECTS.unpublished(slug));
  if (defined) {
    const d = JSON.parse(await defined.text()) as { weeks: number; rule: string };
    throw new ApiError(409, 'INDEX_NOT_PUBLISHED', { slug, weeks: d.weeks, rule: d.rule });
  }
  throw new ApiError(404, 'NOT_FOUND', { slug: (ctx.pathParams.slug ?? '').slice(0, 100) });
}
