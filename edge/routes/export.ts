/**
 * GET /prices/export: the rows of /prices (every filter, date and range) or, with latest=1,
 * each variant's latest price per market, as CSV (see edge/answer/csv.ts). Not cached, no 304.
 * At most the route's `maxRows` per file (core/routes.ts): a larger selection answers 400
 * EXPORT_TOO_LARGE (narrow it, or download the dated snapshot of the whole dataset).
 */
import { LATEST_ROWS_PATH } from '../../core/objects.ts';
import { EXPORT_COLUMNS } from '../../core/export-columns.ts';
import { routeSpec } from '../../core/routes.ts';
import { slugify } from '../../core/turkish.ts';
import { rangeWindow, readPriceCollection, readRows, window } from '../query/collection.ts';
import type { Answer, RouteContext } from '../answer/context.ts';
import { BOM, CSV_DEFAULT, CSV_TR, csvLine } from '../answer/csv.ts';
import { ApiError } from '../answer/errors.ts';
import { exportFileName } from '../answer/export-file-name.ts';
import { exportCells, type StoredPriceRow } from '../answer/export-rows.ts';
import { NEWEST_DATA_DAY } from '../../core/extra-headers.ts';
import {
  DIMENSIONS,
  newestDayHeader,
  sentFilters,
  unknownFilterHeaders,
  type Dimension,
} from '../query/filter-hints.ts';
import { etagOf } from '../../core/digest.ts';
import { dayParam, enumParam, rangeDays, slugParam } from '../request/params.ts';
import { readSearchData } from '../query/search.ts';

const MAX_EXPORT_ROWS = routeSpec('/prices/export').maxRows!;

export async function exportPrices(ctx: RouteContext): Promise<Answer> {
  const { params, origin } = ctx;
  enumParam(params, 'format', ['csv']);
  const latest = enumParam(params, 'latest', ['1']) === '1';
  const turkish = enumParam(params, 'locale', ['tr']) === 'tr';
  const locale = turkish ? CSV_TR : CSV_DEFAULT;
  const filters = Object.fromEntries(
    DIMENSIONS.map((f) => [f, slugParam(params, f)]).filter(([, v]) => v !== undefined),
  ) as Partial<Record<Dimension, string>>;
  const date = dayParam(params, 'date');
  const range = date ? undefined : rangeDays(params.get('range'));
  const days = date ? { from: date, to: date } : range ? rangeWindow(ctx.today, range) : { from: null, to: null };

  let lines: string[];
  let hints: Record<string, string> = {};
  if (latest) {
    const object = await origin.get(LATEST_ROWS_PATH);
    const family = new Map((await readSearchData(origin)).products.map((p) => [p[0], p[2]]));
    const all = object ? (await object.text()).split('\n').filter(Boolean) : [];
    lines = all.filter((line) => {
      const r = JSON.parse(line) as StoredPriceRow;
      return (
        (!filters.product || r.productSlug === filters.product || family.get(r.productSlug) === filters.product) &&
        (!filters.market || r.marketSlug === filters.market) &&
        (!filters.city || slugify(r.cityName) === filters.city) &&
        (!filters.category || r.categorySlug === filters.category) &&
        (days.from === null || (r.recordedDate >= days.from && r.recordedDate <= days.to!))
      );
    });
  } else {
    const directory = await readPriceCollection(origin, filters);
    const win = directory ? window(directory, days.from, days.to) : { offset: 0, total: 0 };
    if (win.total > MAX_EXPORT_ROWS)
      throw new ApiError(400, 'EXPORT_TOO_LARGE', { rows: win.total, max: MAX_EXPORT_ROWS });
    const decoder = new TextDecoder();
    lines = directory
      ? (await readRows(origin, directory, win.offset, win.offset + win.total)).map((line) => decoder.decode(line))
      : [];
    if (directory) hints = newestDayHeader(directory);
  }
  if (lines.length === 0 && !hints[NEWEST_DATA_DAY])
    hints = { ...hints, ...(await unknownFilterHeaders(origin, filters, sentFilters(params))) };

  const applied = [
    ...Object.entries({
      ürün: filters.product,
      hal: filters.market,
      şehir: filters.city,
      kategori: filters.category,
    }).filter(([, v]) => v),
    ...(date ? [['tarih', date]] : range ? [['aralık', `${range}d`]] : []),
    ...(latest ? [['en son', '1']] : []),
  ];
  const appliedText = applied.length ? applied.map(([k, v]) => `${k}=${v}`).join('; ') : 'Filtre yok';
  const context = {
    words: turkish,
    origin: ctx.url.origin,
    applied: appliedText,
    exportedAt: new Date().toISOString(),
  };
  let csv = BOM + csvLine([...EXPORT_COLUMNS], locale);
  for (const line of lines) csv += csvLine(exportCells(JSON.parse(line) as StoredPriceRow, context), locale);
  const fileName = exportFileName({ filters, date, range, latest, turkish, today: ctx.today });
  return {
    body: csv,
    etag: await etagOf(csv),
    contentType: 'text/csv; charset=utf-8',
    headers: { 'content-disposition': `attachment; filename="${fileName}"`, ...hints },
  };
}
