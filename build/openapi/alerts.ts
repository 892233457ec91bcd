/**
 * The alert operations in the OpenAPI document (docs/alerts.md), from the operation table the worker
 * routes (core/alert-routes.ts): the only operations that write, each marked `x-writes: true`, with
 * the manage token declared as their security where they take it. Every read operation keeps empty
 * security; this file adds operations and a security scheme and changes none of the others.
 */
import type { z } from 'zod';
import { ALERT_ID_PATTERN, MANAGE_TOKEN_DAYS, PENDING_HOURS } from '../../core/alerts.ts';
import { ALERT_OPERATIONS, TOKEN_SCHEME, type AlertOperation } from '../../core/alert-routes.ts';
import { COMPAT_PREFIX } from '../../core/compat/routes.ts';
import { codesOf, type ErrorCode } from '../../core/errors.ts';
import { RATE_LIMIT } from '../../core/routes.ts';
import {
  AlertCreated,
  AlertDeleted,
  AlertItem,
  AlertList,
  AlertRequest,
  CompatAlertCreated,
  CompatAlertItem,
  CompatAlertList,
  ManageLinkRequested,
} from '../../schemas/alerts.ts';
import { parameter, type Json } from './parts.ts';

/** The security scheme of the manage token, by name. */
export const ALERT_TOKEN_SCHEME = 'alertToken';

/**
 * Every schema an alert operation names, each its own component. The request is the same under
 * both prefixes; the compatibility prefix answers the variant's keys alone.
 */
export const ALERT_SCHEMAS: z.ZodType[] = [
  AlertRequest,
  AlertCreated,
  CompatAlertCreated,
  AlertItem,
  CompatAlertItem,
  AlertList,
  CompatAlertList,
  AlertDeleted,
  ManageLinkRequested,
];

/** The answer of each success status, by operation id (without the compatibility prefix's `compat`). */
const ANSWERS: Record<string, Record<number, { main: z.ZodType; compat: z.ZodType; description: string }>> = {
  createAlert: {
    202: {
      main: AlertCreated,
      compat: CompatAlertCreated,
      description:
        `Accepted: the alert is pending and one confirmation mail is on its way. Unconfirmed within ${PENDING_HOURS} ` +
        'hours, the alert is deleted. The answer is the same whether or not the address already had alerts.',
    },
  },
  listAlerts: {
    200: {
      main: AlertList,
      compat: CompatAlertList,
      description: "With a valid manage token: the alerts of the token's address, pending ones included.",
    },
    202: {
      main: ManageLinkRequested,
      compat: ManageLinkRequested,
      description:
        'With `email` and no token: a manage link is mailed to that address if it has alerts. The answer is ' +
        'identical either way, so it tells nobody whether an address has alerts.',
    },
  },
  deleteAlert: {
    200: {
      main: AlertDeleted,
      compat: AlertDeleted,
      description: "Deleted: the alert was one of the token's address.",
    },
  },
};

/**
 * The codes each error status of an alert operation is sent with: only codes of core/errors.ts
 * compile, and a test holds each to its status there.
 */
export const ALERT_ERROR_CODES: Record<number, ErrorCode[]> = {
  400: ['INVALID_ALERT'],
  401: ['ALERT_TOKEN_REQUIRED', 'ALERT_TOKEN_INVALID'],
  404: ['NOT_FOUND'],
  429: ['RATE_LIMITED', 'ALERT_LIMITED'],
  500: ['INTERNAL_ERROR'],
  503: ['ALERTS_UNAVAILABLE'],
};

/** The codes only alert operations send: a read operation never answers with one. */
export const ALERT_ONLY_CODES: readonly ErrorCode[] = [
  'INVALID_ALERT',
  'ALERT_TOKEN_REQUIRED',
  'ALERT_TOKEN_INVALID',
  'ALERT_LIMITED',
  'ALERTS_UNAVAILABLE',
];
/** The codes a read operation may send with a status (core/errors.ts), in their order there. */
export const readCodesOf = (status: number): ErrorCode[] =>
  codesOf(status).filter((code) => !ALERT_ONLY_CODES.includes(code));

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid request: a body that is not the closed AlertRequest, a product that is not published, a malformed address or id.',
  401: 'No manage token, or one that is unknown, expired or already used (details.reason).',
  404: 'Unknown id, or the alert of another address: the two are not told apart, so an id reveals nothing.',
  429:
    `Rate limit exceeded: the per-address request limit (${RATE_LIMIT.requests} a minute) or the alert limits ` +
    '(confirmation and manage mails per address a day, creates per IP address an hour: details). Header Retry-After.',
  500: 'Server error.',
  503: 'The alert store or the mail transport does not answer; nothing was created, mailed or deleted.',
};

const header = (description: string, schema: Json = { type: 'string' }) => ({ description, schema });
/** The headers every alert answer has: an alert answer is never stored by any cache, and has no ETag. */
const HEADERS = {
  'x-request-id': header('The request id: the one sent (8–128 of letters, digits, . _ : -) or a generated UUID.'),
  'x-ratelimit-limit': header(`Requests allowed per window per IP address (${RATE_LIMIT.requests}).`, {
    type: 'integer',
  }),
  'x-ratelimit-remaining': header('Requests left in the current window.', { type: 'integer' }),
  'x-ratelimit-reset': header('Seconds until the current window ends.', { type: 'integer' }),
  'cache-control': header('Always `no-store`: an alert answer holds personal data and is never cached.', {
    type: 'string',
    const: 'no-store',
  }),
};
/** The `x-cache` of every alert operation: nothing stored at the edge, in a CDN or in a browser. */
export const ALERT_CACHE = { sMaxAge: 0, staleWhileRevalidate: 0, noStore: true } as const;

const TOKEN_DESCRIPTION =
  `The manage token (\`${TOKEN_SCHEME} ham_…\` in the Authorization header): mailed to the address in every ` +
  `confirmation, alert and manage-link mail, valid ${MANAGE_TOKEN_DAYS} days; only its SHA-256 is stored. ` +
  'Never put it in the URL of an API call.';

const SECURITY: Record<AlertOperation['token'], Json[]> = {
  required: [{ [ALERT_TOKEN_SCHEME]: [] }],
  // GET /alerts: with the token (200), or with `email` alone (202, a manage link mailed).
  optional: [{}, { [ALERT_TOKEN_SCHEME]: [] }],
  none: [],
};

const idOf = (schema: z.ZodType, ids: Map<z.ZodType, string>) => {
  const id = ids.get(schema);
  if (!id) throw new Error('alert schema missing from components');
  return { $ref: `#/components/schemas/${id}` };
};
const json = (schema: Json) => ({ 'application/json': { schema } });

function operation(o: AlertOperation, ids: Map<z.ZodType, string>): Json {
  const base = o.compat ? o.operationId.replace(/^compat(.)/, (_, c: string) => c.toLowerCase()) : o.operationId;
  const answers = ANSWERS[base];
  if (!answers) throw new Error(`no answer documented for ${o.operationId}`);
  const responses: Json = {};
  for (const status of [...o.statuses, 429, 500]) {
    const answer = answers[status];
    if (answer) {
      responses[status] = {
        description: answer.description,
        headers: HEADERS,
        content: json(idOf(o.compat ? answer.compat : answer.main, ids)),
      };
      continue;
    }
    const codes = ALERT_ERROR_CODES[status];
    if (!codes) throw new Error(`${o.operationId}: no codes for status ${status}`);
    responses[status] = {
      description: `${ERROR_TEXT[status]} Error body, code ${codes.join(', ')}.`,
      headers:
        status === 429 ? { ...HEADERS, 'retry-after': header('Seconds to wait.', { type: 'integer' }) } : HEADERS,
      content: json({ $ref: '#/components/schemas/ErrorBody' }),
    };
  }
  const parameters: Json[] = [
    parameter(
      'x-request-id',
      'Optional request id, echoed when it is 8–128 of letters, digits, . _ : -',
      { type: 'string' },
      false,
      'header',
    ),
  ];
  if (base === 'listAlerts')
    parameters.push(
      parameter(
        'email',
        'Without a token only: the address to mail a manage link to (202). Ignored with a token; the list is ' +
          "always the token's address's, never an address's by its name.",
        { type: 'string', format: 'email' },
      ),
    );
  if (base === 'deleteAlert')
    parameters.push(
      parameter(
        'id',
        'The alert id (`id` of a list item).',
        { type: 'string', pattern: ALERT_ID_PATTERN.source },
        true,
        'path',
      ),
    );
  return {
    operationId: o.operationId,
    summary: o.summary,
    description:
      'One of the only operations that write (x-writes). ' +
      (o.compat
        ? "The variant's keys only; errors in the main contract's error body."
        : "The main contract's conventions: error body, x-request-id, rate-limit headers.") +
      ' Every answer is `no-store`.',
    tags: [o.compat ? 'compat' : 'main'],
    security: SECURITY[o.token],
    parameters,
    ...(o.method === 'POST' ? { requestBody: { required: true, content: json(idOf(AlertRequest, ids)) } } : {}),
    responses,
    'x-cache': ALERT_CACHE,
    'x-writes': true,
  };
}

/**
 * The document with the alert operations added beside the read operations (same path item where
 * paths meet), and the manage token's security scheme. Each alert schema must already be a
 * component (ALERT_SCHEMAS in the document's registry), found by its registered id.
 */
export function withAlertOperations(doc: Json, idsOf: (schema: z.ZodType) => string | undefined): Json {
  const ids = new Map<z.ZodType, string>();
  for (const schema of ALERT_SCHEMAS) {
    const id = idsOf(schema);
    if (id) ids.set(schema, id);
  }
  const paths = { ...(doc.paths as Record<string, Json>) };
  for (const o of ALERT_OPERATIONS) {
    const method = o.method.toLowerCase();
    if (paths[o.path]?.[method]) throw new Error(`${o.method} ${o.path} is already an operation`);
    paths[o.path] = { ...paths[o.path], [method]: operation(o, ids) };
  }
  const components = doc.components as Json;
  const info = doc.info as Json;
  return {
    ...doc,
    info: {
      ...info,
      description:
        `${info.description} Price alerts (/alerts and ${COMPAT_PREFIX}/alerts) are the only operations that ` +
        'write (x-writes: true) and the only ones with a security requirement: the manage token mailed to the ' +
        "alert's address. Every read operation keeps empty security.",
    },
    paths,
    components: {
      ...components,
      securitySchemes: {
        [ALERT_TOKEN_SCHEME]: { type: 'http', scheme: 'bearer', bearerFormat: 'ham_…', description: TOKEN_DESCRIPTION },
      },
    },
  };
}
