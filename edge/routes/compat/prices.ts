/**
 * GET /api/v1/compat/prices: the main /prices rows for the variant's filters, in the same order
 * (newest day first), reshaped to the variant's items and meta. `latestOnly` reads the build's
 * collection of the newest row per variant × market instead (build/endpoints/compat/latest-only.ts); `range`
 * windows either; without it, the whole history. `limit` above COMPAT_PRICES_PAGING's most is clamped to it.
 */
import { COMPAT_PRICES_PAGING } from '../../../core/compat/routes.ts';
import { dayOfRow, readAgedRows } from '../../query/collection.ts';
import { compatPriceItem, parseRows } from './rows.ts';
import { booleanParam } from './params.ts';
import { compatFilters, selectRows } from './selection.ts';
import { JSON_TYPE, type Answer, type RouteContext } from '../../answer/context.ts';
import { answerHints } from '../../query/filter-hints.ts';
import { etagOf } from '../../../core/digest.ts';
import { paging, rangeDays } from '../../request/params.ts';

export async function compatListPrices(ctx: RouteContext): Promise<Answer> {
  const { params, origin } = ctx;
  const filters = compatFilters(params);
  const range = rangeDays(params.get('range'));
  const latest = booleanParam(params, 'latestOnly');
  const { page, limit } = paging(params, COMPAT_PRICES_PAGING);
  const { directory, offset, total } = await selectRows(origin, filters, range, ctx.today, latest);
  const start = (page - 1) * limit;
  const rows =
    directory && start < total
      ? await readAgedRows(origin, directory, offset + start, offset + Math.min(total, start + limit), ctx.today)
      : [];
  const meta = { total, page, limit, latestRecordedDate: directory && total > 0 ? dayOfRow(directory, offset) : null };
  const body = JSON.stringify({ items: parseRows(rows).map(compatPriceItem), meta });
  const headers = await answerHints(origin, directory, filters, params);
  return { body, etag: await etagOf(body), contentType: JSON_TYPE, aged: true, headers };
}
