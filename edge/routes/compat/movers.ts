import type { Answer, RouteContext } from '../../context.ts';
import { ApiError } from '../../errors.ts';

export async function compatTrendingPrices(ctx: RouteContext): Promise<Answer> {
  throw new ApiError(404, 'NOT_FOUND', { path: ctx.url.pathname.slice(0, 200) });
}

export async function compatWeeklySummary(ctx: RouteContext): Promise<Answer> {
  throw new ApiError(404, 'NOT_FOUND', { path: ctx.url.pathname.slice(0, 200) });
}
