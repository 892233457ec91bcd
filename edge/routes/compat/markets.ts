import type { Answer, RouteContext } from '../../context.ts';
import { ApiError } from '../../errors.ts';

export async function compatListMarkets(ctx: RouteContext): Promise<Answer> {
  throw new ApiError(404, 'NOT_FOUND', { path: ctx.url.pathname.slice(0, 200) });
}
