/** GET /products/{slug}/aliases: a precomputed object per variant and per product family; unknown → 404. */
import { aliasesPath } from '../../core/objects.ts';
import type { Answer, RouteContext } from '../answer/context.ts';
import { ApiError } from '../answer/errors.ts';
import { pathSlug } from '../request/params.ts';
import { serveStored } from './stored.ts';

export async function productAliases(ctx: RouteContext): Promise<Answer> {
  const slug = pathSlug(ctx.pathParams);
  const answer = await serveStored(ctx, aliasesPath(slug));
  if (!answer) throw new ApiError(404, 'NOT_FOUND', { slug: (ctx.pathParams.slug ?? '').slice(0, 100) });
  return answer;
}
