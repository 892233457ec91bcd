/** The OpenAPI document names the error codes the worker sends, from the one list of core/errors.ts. */
import { describe, expect, it } from 'vitest';
import { ERRORS, type ErrorCode } from '../../core/errors.ts';
import { ROUTES } from '../../core/routes.ts';
import { ALERT_ONLY_CODES, readCodesOf } from './alerts.ts';
import { buildOpenApi } from './document.ts';

type Operation = {
  responses: Record<string, { description: string }>;
  security: unknown[];
  parameters: object[];
  'x-writes'?: boolean;
};
const all: Operation[] = Object.values(buildOpenApi().paths as Record<string, Record<string, Operation>>).flatMap(
  (item) => Object.values(item),
);
/** The read operations: every operation but the alerts (build/openapi/alerts.ts), which name their own codes. */
const operations = all.filter((o) => !o['x-writes']);

describe('error codes in the OpenAPI document', () => {
  it('every error response of every operation names each code sent with its status', () => {
    let checked = 0;
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        for (const code of readCodesOf(Number(status))) {
          expect(response.description, `${status} ${code}`).toContain(code);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(ROUTES.length);
  });

  it('no read operation names a code only alert operations send', () => {
    for (const operation of operations)
      for (const [status, response] of Object.entries(operation.responses))
        for (const code of ALERT_ONLY_CODES) expect(response.description, `${status} ${code}`).not.toContain(code);
  });

  it('every code but the refused method is sent with a status some operation declares', () => {
    const declared = new Set(all.flatMap((o) => Object.keys(o.responses).map(Number)));
    const undeclared = (Object.keys(ERRORS) as ErrorCode[]).filter((code) => !declared.has(ERRORS[code].status));
    expect(undeclared).toEqual(['METHOD_NOT_ALLOWED']);
  });

  it('the 400 description lists the 400 codes in their order', () => {
    const prices = operations.find((o) => (o as { operationId?: string }).operationId === 'listPrices')!;
    expect(prices.responses['400']!.description).toBe(
      'Invalid request (error body). Codes: INVALID_DATE, INVALID_PAGE, INVALID_LIMIT, INVALID_ID, ' +
        'QUERY_TOO_SHORT, INVALID_PARAMETER, EXPORT_TOO_LARGE.',
    );
  });
});

describe('keyed access in the OpenAPI document', () => {
  it('every read operation keeps empty security and takes the key as an optional header, with its 401', () => {
    for (const operation of operations) {
      expect(operation.security).toEqual([]);
      expect(operation.parameters).toContainEqual({ $ref: '#/components/parameters/ApiKey' });
      expect(operation.responses['401']!.description).toContain('INVALID_API_KEY');
      expect(operation.responses['429']!.description).toContain('QUOTA_EXCEEDED');
    }
    const { parameters } = buildOpenApi().components as { parameters: Record<string, object> };
    expect(parameters.ApiKey).toMatchObject({ name: 'X-API-Key', in: 'header', required: false });
  });
});
