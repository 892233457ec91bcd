/**
 * GET /api/v1/compat/prices/history/{productSlug}: the variant's bare array, one item per data
 * day, oldest first, over `range` (core/routes.ts RANGE_DAYS, the main rule), optionally in one
 * `market`. The build wrote the items (build/endpoints/compat/history.ts), newest first:
 * the edge takes the window's lines, reverses them and joins them, never parsing one. An unknown
 * product or market is an empty array, with the main's hint headers.
 */
import { compatHistoryKey, historySeries } from '../../../core/collection-keys.ts';
import { RANGE_DAYS } from '../../../core/routes.ts';
import { itemsBody, rangeWindow, readDirectory, readRows, window } from '../../query/collection.ts';
import { JSON_TYPE, type Answer, type RouteContext } from '../../answer/context.ts';
import { newestDayHeader, unknownFilterHeaders } from '../../query/filter-hints.ts';
import { etagOf } from '../../../core/digest.ts';
import { pathSlug, rangeDays, slugParam } from '../../request/params.ts';

export async function compatProductHistory(ctx: RouteContext): Promise<Answer> {
  const slug = pathSlug(ctx.pathParams, 'productSlug');
  const days = rangeDays(ctx.params.get('range')) ?? RANGE_DAYS.default;
  const market = slugParam(ctx.params, 'market');
  const directory = await readDirectory(ctx.origin, 'history', compatHistoryKey(historySeries(slug, market)));
  const { from, to } = rangeWindow(ctx.today, days);
  const win = directory ? window(directory, from, to) : { offset: 0, total: 0 };
  const rows = directory && win.total ? await readRows(ctx.origin, directory, win.offset, win.offset + win.total) : [];
  const body = itemsBody('[', rows.reverse(), ']');
  const headers = directory
    ? newestDayHeader(directory)
    : await unknownFilterHeaders(
        ctx.origin,
        { product: slug, ...(market ? { market } : {}) },
        { product: ctx.pathParams.productSlug, ...(market ? { market: ctx.params.get('market')! } : {}) },
      );
  return { body, etag: await etagOf(body), contentType: JSON_TYPE, aged: true, headers };
}
