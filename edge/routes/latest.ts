/**
 * GET /prices/latest: a precomputed object per product (variant or family) and per category.
 * product × category reads the product's object and keeps it only when the category agrees.
 */
import { LATEST_PATH, latestGroupPath } from '../../core/objects.ts';
import { defaultAttribution, JSON_TYPE, type Answer, type RouteContext } from '../answer/context.ts';
import { etagOf } from '../../core/digest.ts';
import { sentFilters, unknownFilterHeaders } from '../query/filter-hints.ts';
import { slugParam } from '../request/params.ts';
import { serveStored } from './stored.ts';
import { LATEST_NOTE } from '../../core/latest-note.ts';

type Latest = { items: { category: string }[]; meta: { note: string }; attribution: string };

async function empty(ctx: RouteContext, note = LATEST_NOTE, attribution?: string): Promise<Answer> {
  const body = JSON.stringify({
    items: [],
    meta: { count: 0, distinct_dates: 0, newest: null, oldest: null, note },
    attribution: attribution ?? (await defaultAttribution(ctx.origin)),
  });
  const filters = {
    ...optional('product', slugParam(ctx.params, 'product')),
    ...optional('category', slugParam(ctx.params, 'category')),
  };
  const headers = await unknownFilterHeaders(ctx.origin, filters, sentFilters(ctx.params));
  return { body, etag: await etagOf(body), contentType: JSON_TYPE, headers };
}

const optional = (name: string, value: string | undefined) => (value === undefined ? {} : { [name]: value });

export async function latestPrices(ctx: RouteContext): Promise<Answer> {
  const product = slugParam(ctx.params, 'product');
  const category = slugParam(ctx.params, 'category');
  if (!product && !category) return (await serveStored(ctx, LATEST_PATH)) ?? empty(ctx);
  if (!product) return (await serveStored(ctx, latestGroupPath('category', category!))) ?? empty(ctx);
  const key = latestGroupPath('product', product);
  if (!category) return (await serveStored(ctx, key)) ?? empty(ctx);
  const object = await ctx.origin.get(key);
  if (!object) return empty(ctx);
  const text = await object.text();
  const latest = JSON.parse(text) as Latest;
  if (latest.items.every((i) => i.category === category))
    return { body: text, etag: object.etag, contentType: object.contentType };
  return empty(ctx, latest.meta.note, latest.attribution);
}
