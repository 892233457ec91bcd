/** GET /products/search and GET /search (see edge/query/search.ts for matching and ranking). */
import { routeSpec } from '../../core/routes.ts';
import { apiUrl } from '../../core/urls.ts';
import { jsonAnswer, type Answer, type RouteContext } from '../answer/context.ts';
import { limitParam } from '../request/params.ts';
import { readSearchData, searchMarkets, searchProducts, searchQuery } from '../query/search.ts';

export async function productSearch(ctx: RouteContext): Promise<Answer> {
  const { query, normalised } = searchQuery(ctx.params);
  const limit = limitParam(ctx.params, routeSpec('/products/search').limit!);
  const data = await readSearchData(ctx.origin);
  const items = searchProducts(data, normalised, limit).map(({ entry, matched, alias }) => ({
    slug: entry[0],
    name: entry[1],
    product: entry[2],
    category: entry[3],
    unit: entry[4],
    observed_date: entry[5],
    matched,
    alias,
    url: apiUrl('/prices', { product: entry[0] }),
    aliases_url: apiUrl('/products/{slug}/aliases', { slug: entry[0] }),
  }));
  return jsonAnswer({ query, normalised, items, meta: { count: items.length, limit }, attribution: data.attribution });
}

export async function combinedSearch(ctx: RouteContext): Promise<Answer> {
  const { query, normalised } = searchQuery(ctx.params);
  const limit = limitParam(ctx.params, routeSpec('/search').limit!);
  const data = await readSearchData(ctx.origin);
  const products = searchProducts(data, normalised, limit).map(({ entry }) => ({
    slug: entry[0],
    name: entry[1],
    category: entry[3],
    unit: entry[4],
    observed_date: entry[5],
    url: apiUrl('/prices', { product: entry[0] }),
  }));
  const markets = searchMarkets(data, normalised, limit).map((m) => ({
    slug: m[0],
    name: m[1],
    province: m[2],
    url: apiUrl('/prices', { market: m[0] }),
  }));
  return jsonAnswer({
    query,
    normalised,
    products,
    markets,
    meta: { products: products.length, markets: markets.length, limit },
    attribution: data.attribution,
  });
}
