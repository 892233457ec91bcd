/**
 * The OpenAPI 3.1 document, generated from the same zod schemas that validate every file and
 * from the route table the edge uses (core/routes.ts). JSON Schema 2020-12 is OpenAPI 3.1's
 * schema dialect, so zod's own converter is enough.
 */
import { z } from 'zod';
import type { ErrorCode } from '../../core/errors.ts';
import { COMPAT_PREFIX, COMPAT_ROUTES } from '../../core/compat/routes.ts';
import { RATE_LIMIT, ROUTES, type RouteSpec } from '../../core/routes.ts';
import { API_BASE } from '../../core/urls.ts';
import { ErrorBody, Freshness, Warning } from '../../schemas/common.ts';
import { LatestItem } from '../../schemas/latest.ts';
import { MarketItem } from '../../schemas/markets.ts';
import { PriceRow } from '../../schemas/prices.ts';
import { ProductItem } from '../../schemas/products.ts';
import { SourceStatusItem } from '../../schemas/sources.ts';
import { HistoryItem } from '../../schemas/history.ts';
import { AliasItem, ProductSearchItem } from '../../schemas/search.ts';
import {
  FILTER_SUGGESTIONS,
  HINT_HEADERS,
  NEWEST_DATA_DAY,
  QUOTA_HEADERS,
  STATE_HEADERS,
  UNKNOWN_FILTERS,
} from '../../core/extra-headers.ts';
import { KEY_CHECK_RETRY_SECONDS } from '../../core/keyed-access.ts';
import { IndexRef, IndexWeek, MunicipalIndexRef } from '../../schemas/basket-index.ts';
import { MoverItem, TrendingItem } from '../../schemas/movers.ts';
import { ALERT_SCHEMAS, readCodesOf, withAlertOperations } from './alerts.ts';
import { COMPAT_PRICES_DOCS } from './compat/prices.ts';
import { COMPAT_REST_DOCS } from './compat/rest.ts';
import { FORECAST_DOCS } from './forecast.ts';
import { MAIN_DOCS } from './main.ts';
import { PRODUCTION_DOCS } from './production.ts';
import { parameter, type Json } from './parts.ts';

/** The main contract's operations, then those described in files of their own. */
const DOCS = [MAIN_DOCS, FORECAST_DOCS, PRODUCTION_DOCS, COMPAT_PRICES_DOCS, COMPAT_REST_DOCS];

const RESPONSE_SCHEMAS: Record<string, z.ZodType | null> = Object.assign({}, ...DOCS.map((d) => d.schemas));
const PARAMETERS: Record<string, Json[]> = Object.assign({}, ...DOCS.map((d) => d.parameters));
/** What a CSV answer is, by operation. */
const CSV_DESCRIPTIONS: Record<string, string> = Object.assign({}, ...DOCS.map((d) => d.csvDescriptions ?? {}));

const p = parameter;
const limitOf = (what: string, limits: { default: number; max: number }) =>
  p(
    'limit',
    `${what}, default ${limits.default}; above ${limits.max} counts as ${limits.max}. Not a whole number ≥ 1 → 400 INVALID_LIMIT.`,
    { type: 'integer', minimum: 1, default: limits.default, maximum: limits.max },
  );
const paging = (r: RouteSpec) => [
  ...(r.paging
    ? [
        p(
          'page',
          'Page number from 1 (any whole number: a page past the last is empty, with meta.total null). Not a whole number ≥ 1 → 400 INVALID_PAGE.',
          { type: 'integer', minimum: 1, default: 1 },
        ),
        limitOf('Page size', r.paging),
      ]
    : []),
  ...(r.limit ? [limitOf('Results', r.limit)] : []),
];
const DESCRIPTIONS: Record<string, string> = Object.assign({}, ...DOCS.map((d) => d.descriptions ?? {}));
/** Error bodies narrower than ErrorBody (a known `details`), by operation and status. */
const ERROR_SCHEMAS: Record<string, Record<number, z.ZodType>> = Object.assign(
  {},
  ...DOCS.map((d) => d.errorSchemas ?? {}),
);

const header = (description: string, schema: Json = { type: 'string' }) => ({ description, schema });
const COMMON_HEADERS = {
  'x-request-id': header('The request id: the one sent (8–128 of letters, digits, . _ : -) or a generated UUID.'),
  'x-ratelimit-limit': header(
    `Keyless requests: requests allowed per window per IP address (${RATE_LIMIT.requests}). ` +
      'A keyed request carries the x-quota-* headers instead.',
    { type: 'integer' },
  ),
  'x-ratelimit-remaining': header('Requests left in the current window.', { type: 'integer' }),
  'x-ratelimit-reset': header(
    `Seconds until the current window ends (on a 429, the exact wait; Retry-After: ${RATE_LIMIT.windowSeconds} is its upper bound).`,
    { type: 'integer' },
  ),
  etag: header('Strong entity tag of the body; send it back as If-None-Match.'),
  'cache-control': header('Caching: max-age, s-maxage and stale-while-revalidate of the endpoint (see x-cache).'),
  'access-control-allow-origin': header('Always `*`.'),
  ...Object.fromEntries(Object.entries(STATE_HEADERS).map(([name, description]) => [name, header(description)])),
  ...Object.fromEntries(Object.entries(QUOTA_HEADERS).map(([name, description]) => [name, header(description)])),
};

/**
 * Keyed access is optional: every operation keeps `security: []`, as the contract says, and takes
 * the key as an optional header parameter (one component, referenced), which every client
 * generator turns into an optional argument. A security scheme would be unused under empty
 * security, and an optional requirement (`[{}, {key: []}]`) would no longer be empty security.
 */
const API_KEY_PARAMETER = p(
  'X-API-Key',
  'Optional. A key for a daily quota of its own instead of the per-address limit; without it, keyless access ' +
    'as always. Never in the query string. Malformed, unknown or revoked → 401 INVALID_API_KEY.',
  { type: 'string', pattern: '^hal_[A-Za-z0-9_-]{43}$' },
  false,
  'header',
);
const KEYED_ERRORS: Record<number, string> = {
  401:
    'Only with an X-API-Key: the key is malformed, unknown or revoked, or a key was sent in the query string ' +
    `(error body, code ${readCodesOf(401).join(', ')}).`,
  503:
    `Only with an X-API-Key: the key could not be checked (error body, code ${readCodesOf(503).join(', ')}); ` +
    `header Retry-After: ${KEY_CHECK_RETRY_SECONDS}. Without the key the request is served keyless.`,
};

/** The operations that say why an answer is empty (core/extra-headers.ts). */
const HINTS: Record<string, string[]> = {
  listPrices: [NEWEST_DATA_DAY, UNKNOWN_FILTERS, FILTER_SUGGESTIONS],
  productHistory: [NEWEST_DATA_DAY, UNKNOWN_FILTERS, FILTER_SUGGESTIONS],
  latestPrices: [UNKNOWN_FILTERS, FILTER_SUGGESTIONS],
  exportPrices: [NEWEST_DATA_DAY, UNKNOWN_FILTERS, FILTER_SUGGESTIONS],
  compatListPrices: [NEWEST_DATA_DAY, UNKNOWN_FILTERS, FILTER_SUGGESTIONS],
  compatProductHistory: [NEWEST_DATA_DAY, UNKNOWN_FILTERS, FILTER_SUGGESTIONS],
  compatExportPrices: [NEWEST_DATA_DAY, UNKNOWN_FILTERS, FILTER_SUGGESTIONS],
};

/** The codes of a status (core/errors.ts), as the descriptions name them. */
const codes = (status: number) => readCodesOf(status).join(', ');
/** One code named in prose: only a code of core/errors.ts compiles. */
const code = (c: ErrorCode): string => c;
const ERROR_TEXT: Record<number, string> = {
  400: `Invalid request (error body). Codes: ${codes(400)}.`,
  404: `Unknown resource (error body, code ${codes(404)}).`,
  409:
    'The municipal index is defined but not published: it does not meet the publication rule yet ' +
    `(error body, code ${codes(409)}; details: slug, weeks, rule).`,
  422:
    "The variant's forecast is not published: its backtest failed the gate, or its data is no longer current " +
    `(error body, code ${codes(422)}; details: the reasons, the validation figures, the per-horizon metrics, ` +
    'the origins, the last data day and the number of data days).',
  429:
    `Rate limit exceeded (error body, codes ${codes(429)}). Keyless: ${code('RATE_LIMITED')}, the per-address limit, ` +
    `header Retry-After: ${RATE_LIMIT.windowSeconds}. With an X-API-Key: ${code('QUOTA_EXCEEDED')}, the plan's daily ` +
    "quota or its burst a minute, headers Retry-After (seconds to the day's or the minute's end) and x-quota-*.",
  500:
    `Server error (error body): ${code('INTERNAL_ERROR')}, or ${code('ORIGIN_UNAVAILABLE')} ` +
    'when the bucket failed to give a published object ' +
    '(an error, a timeout, something that is not the object, or nothing where the build published one) ' +
    'and the edge keeps no copy of the answer from today.',
};

const MAIN_TAG = {
  name: 'main',
  description:
    'The main contract: every operation under /api/v1 answers with its envelope (items, meta, the freshness block where rows have a day, attribution), including the additional operations.',
};
const COMPAT_TAG = {
  name: 'compat',
  description:
    "The variant description's operations under /api/v1/compat, exactly as the variant gives them (paths, parameters, defaults, limits, decimal strings, bare arrays, meta keys, cache values): a client written for them changes only its base URL. Errors use the main contract's error body.",
};

const RETRY_AFTER = header(`Seconds to wait: ${RATE_LIMIT.windowSeconds}.`, { type: 'integer' });

/** The component a schema is registered as. */
const idOf = (schema: z.ZodType): string | undefined => z.globalRegistry.get(schema)?.id as string | undefined;

function operation(r: RouteSpec, schemas: Record<string, Json>): Json {
  const schema = RESPONSE_SCHEMAS[r.operationId];
  const id = schema ? idOf(schema) : undefined;
  const content = id
    ? { $ref: `#/components/schemas/${id}` }
    : { type: 'object', description: 'An OpenAPI 3.1 document.' };
  if (id && !schemas[id]) throw new Error(`schema ${id} missing from components`);
  const body = r.json
    ? { 'application/json': { schema: content } }
    : {
        'text/csv': {
          schema: {
            type: 'string',
            description: CSV_DESCRIPTIONS[r.operationId],
          },
        },
      };
  const responses: Json = {
    200: {
      description: 'OK',
      headers: {
        ...COMMON_HEADERS,
        ...(r.paging
          ? {
              link: header(
                'RFC 8288 links on every page: rel "first" and "last" always, "prev" from page 2, "next" while a page follows (the address of meta.next).',
              ),
            }
          : {}),
        ...Object.fromEntries((HINTS[r.operationId] ?? []).map((name) => [name, header(HINT_HEADERS[name]!)])),
        ...(r.json
          ? {}
          : {
              'content-disposition': header(
                '`attachment; filename="…"`: hal-fiyatlari, the filters (product, market, city, category), the date or son-<n>-gun, en-son for latest=1, the day of the export without date, _tr for locale=tr; e.g. hal-fiyatlari_domates_izmir-sebze-meyve_2026-07-23_tr.csv.',
              ),
            }),
      },
      content: body,
    },
  };
  if (r.conditional !== false)
    responses[304] = {
      description: 'Not modified: If-None-Match matched the ETag. No body; headers etag and x-request-id.',
    };
  for (const status of r.statuses) {
    if (status === 503 && r.operationId === 'health') {
      responses[503] = {
        description: `Degraded: the same health body, with the reasons. ${KEYED_ERRORS[503]}`,
        content: { 'application/json': { schema: content } },
      };
      continue;
    }
    const errorSchema = ERROR_SCHEMAS[r.operationId]?.[status];
    responses[status] = {
      description: ERROR_TEXT[status] ?? 'Error',
      ...(status === 429 ? { headers: { 'retry-after': RETRY_AFTER } } : {}),
      content: {
        'application/json': {
          schema: { $ref: `#/components/schemas/${errorSchema ? idOf(errorSchema) : 'ErrorBody'}` },
        },
      },
    };
  }
  for (const [status, description] of Object.entries(KEYED_ERRORS))
    responses[status] ??= {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    };
  return {
    operationId: r.operationId,
    summary: r.summary,
    ...(DESCRIPTIONS[r.operationId] ? { description: DESCRIPTIONS[r.operationId] } : {}),
    tags: [r.path.startsWith(`${COMPAT_PREFIX}/`) ? COMPAT_TAG.name : MAIN_TAG.name],
    security: [],
    parameters: [
      p(
        'x-request-id',
        'Optional request id, echoed when it is 8–128 of letters, digits, . _ : -',
        { type: 'string' },
        false,
        'header',
      ),
      p('If-None-Match', 'An ETag from an earlier response; a match answers 304.', { type: 'string' }, false, 'header'),
      { $ref: '#/components/parameters/ApiKey' },
      ...(PARAMETERS[r.operationId] ?? []),
      ...paging(r),
    ],
    responses,
    'x-cache': { sMaxAge: r.cache.sMaxAge, staleWhileRevalidate: r.cache.staleWhileRevalidate },
  };
}

export function buildOpenApi(): Json {
  const registry = z.registry<{ id: string }>();
  // Every schema with an id becomes its own component (shared pieces included), so references stay readable.
  for (const schema of [
    ErrorBody,
    Warning,
    Freshness,
    PriceRow,
    LatestItem,
    MarketItem,
    ProductItem,
    HistoryItem,
    AliasItem,
    ProductSearchItem,
    SourceStatusItem,
    IndexRef,
    MunicipalIndexRef,
    IndexWeek,
    TrendingItem,
    MoverItem,
    ...Object.values(RESPONSE_SCHEMAS),
    ...Object.values(ERROR_SCHEMAS).flatMap((byStatus) => Object.values(byStatus)),
    ...DOCS.flatMap((d) => d.components ?? []),
    ...ALERT_SCHEMAS,
  ]) {
    if (schema && !registry.has(schema)) registry.add(schema, { id: z.globalRegistry.get(schema)!.id as string });
  }
  const converted = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Json> };
  const schemas: Record<string, Json> = {};
  for (const [id, s] of Object.entries(converted.schemas)) {
    // `$id` must not carry a fragment (JSON Schema 2020-12): components are found by their $ref path.
    const { $schema: _drop, $id: _uri, id: _id, ...rest } = s;
    schemas[id] = rest;
  }
  const paths: Json = {};
  for (const r of [...ROUTES, ...COMPAT_ROUTES]) paths[r.path] = { get: operation(r, schemas) };
  const doc: Json = {
    openapi: '3.1.0',
    info: {
      title: 'hal-api: Turkish wholesale market (hal) prices',
      version: '1',
      description:
        'Keyless JSON API of official Turkish wholesale-market prices. Every price carries its source, ' +
        `data day and the document it was read from. Rate limit: ${RATE_LIMIT.requests} requests per minute per IP address, counted ` +
        'jointly. An optional X-API-Key gives a daily quota of its own instead (x-quota-* headers); keyless access ' +
        'is always available. Every JSON response carries `attribution`; show it when you republish.',
      license: {
        name: "Data: each source's licence (see attribution); API description: CC BY 4.0",
        identifier: 'CC-BY-4.0',
      },
    },
    servers: [{ url: API_BASE, description: 'This installation' }],
    security: [],
    tags: [MAIN_TAG, COMPAT_TAG],
    paths,
    components: { schemas, parameters: { ApiKey: API_KEY_PARAMETER } },
  };
  return withAlertOperations(doc, idOf);
}
