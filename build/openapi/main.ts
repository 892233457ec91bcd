/**
 * The main contract's own operations in the OpenAPI document (build/openapi/document.ts): the
 * answer's schema, the parameters and the CSV description of each, by operation id.
 */
import { EXPORT_COLUMNS } from '../../core/export-columns.ts';
import { RANGE_DAYS, SEARCH_QUERY } from '../../core/routes.ts';
import { apiUrl } from '../../core/urls.ts';
import { BasketResponse, IndexHistory, IndexLatest, IndexSeries } from '../../schemas/basket-index.ts';
import { HealthResponse } from '../../schemas/health.ts';
import { HistoryEnvelope } from '../../schemas/history.ts';
import { LatestEnvelope } from '../../schemas/latest.ts';
import { MarketsEnvelope } from '../../schemas/markets.ts';
import { TrendingResponse, WeeklySummary } from '../../schemas/movers.ts';
import { ObservationRecord } from '../../schemas/observations.ts';
import { PricesEnvelope } from '../../schemas/prices.ts';
import { ProductsEnvelope } from '../../schemas/products.ts';
import { AliasResponse, ProductSearchResponse, SearchIndex, SearchResponse } from '../../schemas/search.ts';
import { SourceStatusEnvelope } from '../../schemas/sources.ts';
import { LONGEST_RANGE, parameter as p, type OperationDocs } from './parts.ts';

const slugParam = (name: string, d: string) => p(name, d, { type: 'string' });
const FILTERS = {
  product: slugParam(
    'product',
    'Product variant slug or product short name (family slug); Turkish letters are folded.',
  ),
  market: slugParam('market', 'Market short name (slug).'),
  city: slugParam('city', 'Province name (İzmir, izmir and IZMIR are the same).'),
  category: slugParam('category', 'Category slug: sebze, meyve, balik.'),
  date: p('date', 'A single data day YYYY-MM-DD; an invalid date answers 400 INVALID_DATE.', {
    type: 'string',
    format: 'date',
  }),
  range: p(
    'range',
    `Period ending today (Europe/Istanbul) as \`<days>d\`; an invalid value counts as ${RANGE_DAYS.default} days (legacy contract); ${LONGEST_RANGE}. Without date and range, the whole history.`,
    { type: 'string', pattern: '^\\d+d$' },
  ),
};
/** One rule for every slug in a path: folded like a filter value, so `Domates` and `DOMATES` are `domates`. */
const pathSlugParam = (description: string) =>
  p(
    'slug',
    `${description} Folded like a filter value (Turkish letters, case); a malformed percent-escape → 400 INVALID_PARAMETER.`,
    { type: 'string' },
    true,
    'path',
  );

const query = p(
  'q',
  `Search text: at least ${SEARCH_QUERY.minLetters} letters after Turkish folding (else 400 QUERY_TOO_SHORT); at most ${SEARCH_QUERY.maxLength} characters are used.`,
  { type: 'string', minLength: SEARCH_QUERY.minLetters },
  true,
);
export const MAIN_DOCS: OperationDocs = {
  schemas: {
    listPrices: PricesEnvelope,
    latestPrices: LatestEnvelope,
    listMarketsLegacy: MarketsEnvelope,
    listMarkets: MarketsEnvelope,
    listProducts: ProductsEnvelope,
    getObservation: ObservationRecord,
    getOpenApi: null,
    productHistory: HistoryEnvelope,
    exportPrices: null,
    searchProducts: ProductSearchResponse,
    productAliases: AliasResponse,
    search: SearchResponse,
    health: HealthResponse,
    searchIndex: SearchIndex,
    sourcesStatus: SourceStatusEnvelope,
    indexLatest: IndexLatest,
    indexHistory: IndexHistory,
    indexBasket: BasketResponse,
    indexSeries: IndexSeries,
    trendingPrices: TrendingResponse,
    weeklySummary: WeeklySummary,
  },
  parameters: {
    listPrices: [FILTERS.product, FILTERS.market, FILTERS.city, FILTERS.category, FILTERS.date, FILTERS.range],
    latestPrices: [FILTERS.product, FILTERS.category],
    listProducts: [FILTERS.category],
    getObservation: [
      p('id', 'Observation id (the `id` of a price row), a UUID.', { type: 'string', format: 'uuid' }, true, 'path'),
    ],
    productHistory: [
      pathSlugParam(
        'Product variant slug or product family slug; an unknown slug has no items (see x-unknown-filters).',
      ),
      p(
        'range',
        `Period ending today as \`<days>d\`; default and invalid: ${RANGE_DAYS.default} days (legacy contract); ${LONGEST_RANGE}.`,
        { type: 'string', pattern: '^\\d+d$', default: `${RANGE_DAYS.default}d` },
      ),
      p('market', 'Only this market (slug).', { type: 'string' }),
      p(
        'bucket',
        'daily (default; also for an invalid value), weekly (ISO weeks from Monday), monthly, or auto: daily up to 90 days, weekly up to 730, monthly beyond.',
        { type: 'string', enum: ['daily', 'weekly', 'monthly', 'auto'], default: 'daily' },
      ),
    ],
    exportPrices: [
      p(
        'format',
        'Only csv (the default): UTF-8 with a byte order mark, comma separator, dot decimals, as the contract says; programs and spreadsheets set to English read it as it is (in LibreOffice choose the language English (USA) on import). A spreadsheet set to Turkish reads 30.5 as a date (30 May): Turkish spreadsheet users add locale=tr.',
        { type: 'string', enum: ['csv'] },
      ),
      FILTERS.product,
      FILTERS.market,
      FILTERS.city,
      FILTERS.category,
      FILTERS.date,
      FILTERS.range,
      p('latest', "1: each product variant's latest price per market (the rows behind /prices/latest).", {
        type: 'string',
        enum: ['1'],
      }),
      p(
        'locale',
        `tr: the file for Turkish spreadsheets (Excel or LibreOffice with Turkish settings), e.g. ${apiUrl('/prices/export', { product: 'domates', latest: 1, locale: 'tr' })}; in LibreOffice's import dialog choose UTF-8, separator semicolon, language Turkish. Decimal comma, as the contract says, and also \`;\` as the field separator: a spreadsheet set to Turkish uses the comma as its decimal separator and \`;\` as its list separator, so it would read a comma-separated file with decimal commas into one column. Güncellik, Uyarılar and Ortalama Yöntemi in Turkish words (the default file keeps the codes); the file name ends in _tr.`,
        { type: 'string', enum: ['tr'] },
      ),
    ],
    searchProducts: [query],
    productAliases: [pathSlugParam('Product variant slug or product family slug; unknown → 404.')],
    search: [query],
    indexHistory: [
      p(
        'range',
        `Weeks that overlap the period of \`<days>d\` ending today (Europe/Istanbul); an invalid value counts as ${RANGE_DAYS.default} days, above ${RANGE_DAYS.max}d as ${RANGE_DAYS.max}d. Without range, from and to: the whole series.`,
        { type: 'string', pattern: '^\\d+d$' },
      ),
      p(
        'from',
        'First day of the period (YYYY-MM-DD): weeks ending on or after it. from/to win over range. Not a real day → 400 INVALID_DATE; from after to → 400 INVALID_DATE.',
        { type: 'string', format: 'date' },
      ),
      p(
        'to',
        'Last day of the period (YYYY-MM-DD): weeks starting on or before it. Not a real day → 400 INVALID_DATE.',
        {
          type: 'string',
          format: 'date',
        },
      ),
      p(
        'series',
        'nominal (default) or real: the index deflated by the consumer price index (TÜİK TÜFE 2003=100, data/cpi/), in prices of the base week; only weeks whose month has a CPI value. Another value → 400 INVALID_PARAMETER.',
        { type: 'string', enum: ['nominal', 'real'], default: 'nominal' },
      ),
    ],
    indexSeries: [
      pathSlugParam(
        'Index short name: `ulusal` (national) or a province slug (izmir, ankara, bursa, istanbul …). Published → 200; defined but not published → 409 INDEX_NOT_PUBLISHED; unknown → 404.',
      ),
    ],
    weeklySummary: [
      p(
        'week',
        'ISO week YYYY-WW (Monday–Sunday, Europe/Istanbul). Default: the newest closed week with data. Not a real ISO week → 400 INVALID_PARAMETER; a week without data → 200 with empty lists and freshness unavailable.',
        { type: 'string', pattern: '^\\d{4}-(0[1-9]|[1-4]\\d|5[0-3])$' },
      ),
    ],
  },
  csvDescriptions: {
    exportPrices: `UTF-8 with a byte order mark. Columns: ${EXPORT_COLUMNS.join(', ')}. Gözlem URL and Belge URL are absolute. A text cell that starts with =, +, -, @, tab or carriage return gets a leading ' so that spreadsheets never run it as a formula; number cells are never changed.`,
  },
};
