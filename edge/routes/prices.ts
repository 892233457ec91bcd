/**
 * GET /prices: filters pick one precomputed collection; `date` (wins over `range`) or `range`
 * pick a window of data days; page and limit pick rows inside it. Without date and range the
 * whole history, newest first.
 */
import { routeSpec } from '../../core/routes.ts';
import { itemsBody, rangeWindow, readAgedRows, readPriceCollection, window } from '../query/collection.ts';
import { defaultAttribution, JSON_TYPE, type Answer, type RouteContext } from '../answer/context.ts';
import { etagOf } from '../../core/digest.ts';
import { answerHints, DIMENSIONS, type Dimension } from '../query/filter-hints.ts';
import { apiUrl } from '../../core/urls.ts';
import { pageLinks } from '../answer/page-links.ts';
import { dayParam, paging, rangeDays, slugParam } from '../request/params.ts';

export async function listPrices(ctx: RouteContext): Promise<Answer> {
  const { params, origin } = ctx;
  const filters = Object.fromEntries(
    DIMENSIONS.map((f) => [f, slugParam(params, f)]).filter(([, v]) => v !== undefined),
  ) as Record<Dimension, string>;
  const date = dayParam(params, 'date');
  const range = date ? undefined : rangeDays(params.get('range'));
  const { page, limit } = paging(params, routeSpec('/prices').paging!);

  const directory = await readPriceCollection(origin, filters);
  const days = date ? { from: date, to: date } : range ? rangeWindow(ctx.today, range) : { from: null, to: null };
  const win = directory ? window(directory, days.from, days.to) : { offset: 0, total: 0 };
  const start = (page - 1) * limit;
  const outside = page > 1 && start >= win.total;
  const rows =
    directory && !outside
      ? await readAgedRows(
          origin,
          directory,
          win.offset + start,
          win.offset + Math.min(win.total, start + limit),
          ctx.today,
        )
      : [];

  const query = new URLSearchParams(filters);
  if (date) query.set('date', date);
  if (range) query.set('range', `${range}d`);
  const { next, link } = pageLinks(apiUrl('/prices'), query, page, limit, win.total);
  const meta = {
    count: rows.length,
    limit,
    page,
    total: outside ? null : win.total,
    next,
    ...(range ? { rangeDays: range } : {}),
  };
  const attribution = directory?.attribution ?? (await defaultAttribution(origin));
  const body = itemsBody(
    '{"items":[',
    rows,
    `],"meta":${JSON.stringify(meta)},"attribution":${JSON.stringify(attribution)}}`,
  );
  const headers = await answerHints(origin, directory, filters, params);
  return { body, etag: await etagOf(body), contentType: JSON_TYPE, aged: true, link, headers };
}
