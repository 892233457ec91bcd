/**
 * The national basket index in the variant's shapes, from the build's objects
 * (build/endpoints/compat/basket-index.ts):
 *   /compat/index/latest, /compat/index/basket   one object each, sent as stored
 *   /compat/index/history                        the last `weeks` weeks with a value, oldest first
 */
import {
  COMPAT_INDEX_BASKET_PATH,
  COMPAT_INDEX_HISTORY_PATH,
  COMPAT_INDEX_LATEST_PATH,
} from '../../../core/compat/objects.ts';
import { COMPAT_INDEX_WEEKS } from '../../../core/compat/routes.ts';
import { jsonAnswer, type Answer, type RouteContext } from '../../answer/context.ts';
import { ApiError } from '../../answer/errors.ts';
import { missingFromBuild } from '../../origin/object.ts';
import { storedRoute } from '../stored.ts';

export const compatIndexLatest = storedRoute(COMPAT_INDEX_LATEST_PATH);
export const compatIndexBasket = storedRoute(COMPAT_INDEX_BASKET_PATH);

/** `weeks`: the default when absent, clamped to the maximum; anything but a whole number ≥ 1 is a 400. */
export function weeksParam(params: URLSearchParams): number {
  const value = params.get('weeks');
  if (value === null) return COMPAT_INDEX_WEEKS.default;
  const weeks = /^\s*\+?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(weeks >= 1))
    throw new ApiError(400, 'INVALID_PARAMETER', {
      parameter: 'weeks',
      value: value.slice(0, 64),
      expected: `a whole number from 1; above ${COMPAT_INDEX_WEEKS.max} counts as ${COMPAT_INDEX_WEEKS.max}`,
    });
  return Math.min(weeks, COMPAT_INDEX_WEEKS.max);
}

export async function compatIndexHistory(ctx: RouteContext): Promise<Answer> {
  const weeks = weeksParam(ctx.params);
  const object = await ctx.origin.get(COMPAT_INDEX_HISTORY_PATH);
  if (!object) return missingFromBuild(COMPAT_INDEX_HISTORY_PATH);
  return jsonAnswer((JSON.parse(await object.text()) as unknown[]).slice(-weeks));
}
