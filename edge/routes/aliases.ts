/** GET /products/{slug}/aliases: a precomputed object per variant and per product family; unknown → 404. */
import { SLUG_PATTERN } from '../../core/turkish.ts';
import type { Answer, RouteContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { serveStored } from './stored.ts';

export async function productAliases(ctx: RouteContext): Promise<Answer> {
  const slug = ctx.pathParams.slug ?? '';
  if (!SLUG_PATTERN.test(slug)) throw new ApiError(404, 'NOT_FOUND', { slug: slug.slice(0, 100) });
  const answer = await serveStored(ctx, `api/v1/products/${slug}/aliases.json`);
  if (!answer) throw new ApiError(404, 'NOT_FOUND', { slug });
  return answer;
}
