/** The compatibility prefix's /prices, /prices/history/{productSlug} and /prices/export in the OpenAPI document. */
import { COMPAT_PRICES_PAGING, compatRouteSpec } from '../../../core/compat/routes.ts';
import { RANGE_DAYS } from '../../../core/routes.ts';
import { CompatHistoryResponse } from '../../../schemas/compat/history.ts';
import { COMPAT_EXPORT_COLUMNS } from '../../../schemas/compat/export.ts';
import { CompatPricesResponse } from '../../../schemas/compat/prices.ts';
import { LONGEST_RANGE, parameter as p, type OperationDocs } from '../parts.ts';

const MAX_EXPORT_ROWS = compatRouteSpec('compatExportPrices').maxRows!;
const DEFAULT_RANGE = `${RANGE_DAYS.default}d`;
const city = p(
  'city',
  'Province by name (İzmir, izmir and IZMIR are the same) or by plate code (35, 06 or 6); a number that is no plate code 01–81 → 400 INVALID_PARAMETER; a name without a market selects no row.',
  { type: 'string' },
);
const product = p(
  'product',
  'Product variant slug or product short name (family slug); Turkish letters are folded; an unknown one selects no row (see x-unknown-filters).',
  { type: 'string' },
);

export const COMPAT_PRICES_DOCS: OperationDocs = {
  schemas: { compatListPrices: CompatPricesResponse, compatProductHistory: CompatHistoryResponse },
  parameters: {
    compatListPrices: [
      city,
      product,
      p('category', 'Category slug: sebze, meyve, balik.', { type: 'string' }),
      p(
        'range',
        `Data days ending today (Europe/Istanbul) as \`<days>d\` (7d, 30d, 365d); an invalid value counts as ${RANGE_DAYS.default} days, ${LONGEST_RANGE}. Without range, the whole history, newest first.`,
        { type: 'string', pattern: '^\\d+d$' },
      ),
      p(
        'latestOnly',
        'true or 1: only the newest row of each product variant in each market (then windowed by range: a pair whose newest row is older than the range is absent). false, 0, absent or blank: every row. Any other value → 400 INVALID_PARAMETER.',
        { type: 'string', enum: ['true', 'false', '1', '0'], default: 'false' },
      ),
      p(
        'page',
        'Page number from 1, default 1; a page past the last is empty and meta.total still counts every row. Not a whole number ≥ 1 → 400 INVALID_PAGE.',
        { type: 'integer', minimum: 1, default: 1 },
      ),
      p(
        'limit',
        `Page size, default ${COMPAT_PRICES_PAGING.default}; above ${COMPAT_PRICES_PAGING.max} counts as ${COMPAT_PRICES_PAGING.max} (meta.limit says so). Not a whole number ≥ 1 → 400 INVALID_LIMIT.`,
        {
          type: 'integer',
          minimum: 1,
          default: COMPAT_PRICES_PAGING.default,
          maximum: COMPAT_PRICES_PAGING.max,
        },
      ),
    ],
    compatProductHistory: [
      p(
        'productSlug',
        'Product variant slug or product family slug, folded like a filter value; an unknown one is an empty array (see x-unknown-filters). A malformed percent-escape → 400 INVALID_PARAMETER.',
        { type: 'string' },
        true,
        'path',
      ),
      p(
        'range',
        `Data days ending today as \`<days>d\`; default and invalid: ${RANGE_DAYS.default} days; 1825d and beyond work, ${LONGEST_RANGE}.`,
        { type: 'string', pattern: '^\\d+d$', default: DEFAULT_RANGE },
      ),
      p(
        'market',
        "Only this market (slug): the product's prices there, one item per day. Without it, one item per day across every market.",
        { type: 'string' },
      ),
    ],
    compatExportPrices: [
      city,
      product,
      p(
        'range',
        `Data days ending today as \`<days>d\`; default and invalid: ${RANGE_DAYS.default} days, ${LONGEST_RANGE}. A selection of more than ${MAX_EXPORT_ROWS.toLocaleString('en-US')} rows → 400 EXPORT_TOO_LARGE (narrow it).`,
        { type: 'string', pattern: '^\\d+d$', default: DEFAULT_RANGE },
      ),
    ],
  },
  csvDescriptions: {
    compatExportPrices: `UTF-8 without a byte order mark, comma separator, CRLF line ends, quoted only where needed (RFC 4180). Header exactly: ${COMPAT_EXPORT_COLUMNS.join(',')}. The rows of /api/v1/compat/prices for the same city, product and range, newest day first; prices with two decimals and a dot (12.50), an empty cell where the source printed no minimum or maximum; price_date YYYY-MM-DD. A text cell that starts with =, +, -, @, tab or carriage return gets a leading ' so that spreadsheets never run it as a formula.`,
  },
};
