/** GET /products: the precomputed product list (all, or one category), paged at the edge. */
import { routeSpec } from '../../core/routes.ts';
import { itemsBody, readDirectory, readRows } from '../query/collection.ts';
import { defaultAttribution, JSON_TYPE, type Answer, type RouteContext } from '../answer/context.ts';
import { etagOf } from '../../core/digest.ts';
import { apiUrl } from '../../core/urls.ts';
import { pageLinks } from '../answer/page-links.ts';
import { paging, slugParam } from '../request/params.ts';

export async function listProducts(ctx: RouteContext): Promise<Answer> {
  const category = slugParam(ctx.params, 'category');
  const { page, limit } = paging(ctx.params, routeSpec('/products').paging!);
  const directory = await readDirectory(ctx.origin, 'products', category ? `category/${category}` : 'all');
  const total = directory?.total ?? 0;
  const start = (page - 1) * limit;
  const outside = page > 1 && start >= total;
  const rows =
    directory && !outside ? await readRows(ctx.origin, directory, start, Math.min(total, start + limit)) : [];
  const { next, link } = pageLinks(
    apiUrl('/products'),
    new URLSearchParams(category ? { category } : {}),
    page,
    limit,
    total,
  );
  const meta = { count: rows.length, limit, page, total: outside ? null : total, next };
  const attribution = directory?.attribution ?? (await defaultAttribution(ctx.origin));
  const body = itemsBody(
    '{"items":[',
    rows,
    `],"meta":${JSON.stringify(meta)},"attribution":${JSON.stringify(attribution)}}`,
  );
  return { body, etag: await etagOf(body), contentType: JSON_TYPE, link };
}
