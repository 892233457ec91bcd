/**
 * GET /prices/history/{slug}: a product's series per market (optionally one market), oldest
 * first, over `range` (core/routes.ts RANGE_DAYS; an invalid one is the default, the legacy contract) in the
 * `bucket` asked (daily, weekly, monthly; auto picks daily up to 90 days, weekly up to 730,
 * monthly beyond; anything else counts as daily). Paged only when page or limit is sent.
 */
import { historyCollectionKey, historySeries, type HistoryResolution } from '../../core/collection-keys.ts';
import { RANGE_DAYS, routeSpec } from '../../core/routes.ts';
import { isoWeek } from '../../core/dates.ts';
import {
  itemsBody,
  rangeWindow,
  readAgedRows,
  readDirectory,
  window,
  type CollectionDirectory,
} from '../query/collection.ts';
import { defaultAttribution, JSON_TYPE, type Answer, type RouteContext } from '../answer/context.ts';
import { etagOf } from '../../core/digest.ts';
import { newestDayHeader, unknownFilterHeaders } from '../query/filter-hints.ts';
import { apiUrl } from '../../core/urls.ts';
import { pageLinks } from '../answer/page-links.ts';
import { pathSlug, paging, rangeDays, slugParam } from '../request/params.ts';

/** The resolution the `bucket` parameter asks for. */
function resolutionOf(value: string | null, days: number): HistoryResolution {
  if (value === 'weekly' || value === 'monthly' || value === 'daily') return value;
  if (value === 'auto') return days <= 90 ? 'daily' : days <= 730 ? 'weekly' : 'monthly';
  return 'daily';
}

export async function productHistory(ctx: RouteContext): Promise<Answer> {
  // The table lists no 404 here: a slug is folded like a filter value, and an unknown one has no items.
  const slug = pathSlug(ctx.pathParams);
  const days = rangeDays(ctx.params.get('range')) ?? RANGE_DAYS.default;
  const resolution = resolutionOf(ctx.params.get('bucket'), days);
  const market = slugParam(ctx.params, 'market');
  const { page, limit, sent } = paging(ctx.params, routeSpec('/prices/history/{slug}').paging!);
  const directory = await readDirectory(
    ctx.origin,
    'history',
    historyCollectionKey(resolution, historySeries(slug, market)),
  );
  // Weekly and monthly items start on their period's first day: widen the window to the period holding its first day.
  const { from, to } = rangeWindow(ctx.today, days);
  const periodFrom =
    resolution === 'monthly' ? `${from.slice(0, 7)}-01` : resolution === 'weekly' ? isoWeek(from).weekStart : from;
  const win = directory ? window(directory, periodFrom, to) : { offset: 0, total: 0 };
  let rows: Uint8Array[] = [];
  let link: string | undefined;
  const meta: Record<string, unknown> = { productSlug: slug, rangeDays: days, bucket: resolution };
  // Stored newest first, answered oldest first: items [s, e) of the answer are the window's
  // stored rows [total - e, total - s), read and reversed.
  const oldestFirst = async (stored: CollectionDirectory, s: number, e: number) =>
    (
      await readAgedRows(ctx.origin, stored, win.offset + win.total - e, win.offset + win.total - s, ctx.today)
    ).reverse();
  if (sent) {
    const start = (page - 1) * limit;
    const outside = page > 1 && start >= win.total;
    rows = directory && !outside ? await oldestFirst(directory, start, Math.min(win.total, start + limit)) : [];
    const query = new URLSearchParams({ range: `${days}d`, bucket: resolution, ...(market ? { market } : {}) });
    const links = pageLinks(apiUrl('/prices/history/{slug}', { slug }), query, page, limit, win.total);
    link = links.link;
    Object.assign(meta, { page, limit, next: links.next, total: outside ? null : win.total, count: rows.length });
  } else if (directory) {
    rows = await oldestFirst(directory, 0, win.total);
  }
  const attribution = directory?.attribution ?? (await defaultAttribution(ctx.origin));
  const body = itemsBody(
    '{"items":[',
    rows,
    `],"meta":${JSON.stringify(meta)},"attribution":${JSON.stringify(attribution)}}`,
  );
  const headers = directory
    ? newestDayHeader(directory)
    : await unknownFilterHeaders(
        ctx.origin,
        { product: slug, ...(market ? { market } : {}) },
        { product: ctx.pathParams.slug, ...(market ? { market: ctx.params.get('market')! } : {}) },
      );
  return { body, etag: await etagOf(body), contentType: JSON_TYPE, aged: true, headers, ...(link ? { link } : {}) };
}
