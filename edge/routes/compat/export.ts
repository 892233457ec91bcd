/**
 * GET /api/v1/compat/prices/export: the variant's CSV (schemas/compat/export.ts columns, exactly)
 * of the main /prices rows for `city` (name or plate code), `product` and `range`. Without
 * `range`, the default days (the variant's default for a product's history, and the main rule for
 * a range that cannot be read); a selection above the main export's most rows is a 400
 * EXPORT_TOO_LARGE, never a cut file. Prices as the variant writes them ("12.50"), an empty cell
 * for a price the source did not print. No byte order mark: the header is exactly the variant's
 * column names, and a program reading its first cell by name would find the mark in it. Text
 * cells that a spreadsheet would run as a formula get a leading ' (the main export's rule). Not
 * cached, no 304.
 */
import { compatRouteSpec } from '../../../core/compat/routes.ts';
import { RANGE_DAYS } from '../../../core/routes.ts';
import { COMPAT_EXPORT_COLUMNS } from '../../../schemas/compat/export.ts';
import { readRows } from '../../query/collection.ts';
import { decimalString, parseRows } from './rows.ts';
import type { Answer, RouteContext } from '../../answer/context.ts';
import { CSV_DEFAULT, csvLine } from '../../answer/csv.ts';
import { ApiError } from '../../answer/errors.ts';
import { exportFileName } from '../../answer/export-file-name.ts';
import { answerHints } from '../../query/filter-hints.ts';
import { etagOf } from '../../../core/digest.ts';
import { rangeDays } from '../../request/params.ts';
import { compatFilters, selectRows } from './selection.ts';

const MAX_ROWS = compatRouteSpec('compatExportPrices').maxRows!;

export async function compatExportPrices(ctx: RouteContext): Promise<Answer> {
  const { params, origin } = ctx;
  const filters = compatFilters(params);
  const range = rangeDays(params.get('range')) ?? RANGE_DAYS.default;
  const { directory, offset, total } = await selectRows(origin, filters, range, ctx.today, false);
  if (total > MAX_ROWS) throw new ApiError(400, 'EXPORT_TOO_LARGE', { rows: total, max: MAX_ROWS });
  const rows = directory && total ? parseRows(await readRows(origin, directory, offset, offset + total)) : [];
  const records = rows.map((r) => [
    r.marketName,
    r.productName,
    decimalString(r.minPrice) ?? '',
    decimalString(r.maxPrice) ?? '',
    decimalString(r.avgPrice),
    r.unit,
    r.recordedDate,
  ]);
  const csv = [COMPAT_EXPORT_COLUMNS, ...records].map((cells) => csvLine(cells, CSV_DEFAULT)).join('');
  const fileName = exportFileName({ filters, range, latest: false, turkish: false, today: ctx.today });
  return {
    body: csv,
    etag: await etagOf(csv),
    contentType: 'text/csv; charset=utf-8',
    headers: {
      'content-disposition': `attachment; filename="${fileName}"`,
      ...(await answerHints(origin, directory, filters, params)),
    },
  };
}
