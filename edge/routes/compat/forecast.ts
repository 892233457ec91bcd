/**
 * /compat/prices/forecast/{productSlug}: the variant's forecast in its three keys
 * (core/compat/objects.ts compatForecastPath), by the main route's rules (edge/routes/forecast.ts):
 * a refused or stale series is the same 422 with the same details, an unknown slug the same 404.
 */
import { compatForecastPath } from '../../../core/compat/objects.ts';
import type { Answer, RouteContext } from '../../answer/context.ts';
import { answerForecast } from '../forecast.ts';

export const compatProductForecast = (ctx: RouteContext): Promise<Answer> =>
  answerForecast(ctx, 'productSlug', compatForecastPath);
