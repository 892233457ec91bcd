/**
 * The alert operations in the OpenAPI document: exactly the operations that write, each with its
 * security (the manage token), its answers by status, `no-store`; every read operation keeps empty
 * security; the whole document passes redocly lint and the OpenAPI 3.1 schema.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { MANAGE_TOKEN_DAYS, PENDING_HOURS } from '../../core/alerts.ts';
import { ALERT_OPERATIONS } from '../../core/alert-routes.ts';
import { COMPAT_ROUTES } from '../../core/compat/routes.ts';
import { ERRORS, type ErrorCode } from '../../core/errors.ts';
import { ROUTES } from '../../core/routes.ts';
import { ALERT_CACHE, ALERT_ERROR_CODES, ALERT_TOKEN_SCHEME } from './alerts.ts';
import { buildOpenApi } from './document.ts';

type Response = {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: { $ref: string } }>;
};
type Operation = {
  operationId: string;
  tags: string[];
  security: unknown[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { required: boolean; content: Record<string, { schema: { $ref: string } }> };
  responses: Record<string, Response>;
  'x-cache': unknown;
  'x-writes'?: boolean;
};
type Doc = {
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, Record<string, string>> };
};
const doc = buildOpenApi() as unknown as Doc;
const all = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
);
const READ_METHODS = ['get', 'head'];
const alertOf = (method: string, path: string) => doc.paths[path]![method.toLowerCase()]!;
const schemaOf = (o: Operation, status: number) => o.responses[status]!.content!['application/json']!.schema.$ref;

describe('the operations that write', () => {
  it('are exactly the alert operations: the only ones with a method other than GET and HEAD', () => {
    const writing = all.filter((o) => !READ_METHODS.includes(o.method)).map((o) => `${o.method} ${o.path}`);
    const marked = all.filter((o) => o.operation['x-writes']).map((o) => `${o.method} ${o.path}`);
    const table = ALERT_OPERATIONS.map((o) => `${o.method.toLowerCase()} ${o.path}`);
    expect(table).toHaveLength(6);
    expect(marked.sort()).toEqual([...table].sort());
    expect(writing.sort()).toEqual(table.filter((o) => !o.startsWith('get ')).sort());
    expect(all).toHaveLength(ROUTES.length + COMPAT_ROUTES.length + ALERT_OPERATIONS.length);
  });

  it('every read operation keeps empty security and is not marked as writing', () => {
    const reads = all.filter((o) => !o.operation['x-writes']);
    expect(reads).toHaveLength(ROUTES.length + COMPAT_ROUTES.length);
    for (const { path, method, operation } of reads) {
      expect(method, path).toBe('get');
      expect(operation.security, path).toEqual([]);
    }
  });

  it('declare the manage token as an HTTP bearer scheme, required, optional or absent as the table says', () => {
    const scheme = doc.components.securitySchemes[ALERT_TOKEN_SCHEME]!;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(scheme.description).toContain(`valid ${MANAGE_TOKEN_DAYS} days`);
    expect(scheme.description).toContain('only its SHA-256 is stored');
    const token = { [ALERT_TOKEN_SCHEME]: [] };
    for (const o of ALERT_OPERATIONS) {
      const expected = { required: [token], optional: [{}, token], none: [] }[o.token];
      expect(alertOf(o.method, o.path).security, o.operationId).toEqual(expected);
    }
    expect(alertOf('GET', '/alerts').security).toEqual([{}, token]);
    expect(alertOf('DELETE', '/compat/alerts/{id}').security).toEqual([token]);
    expect(alertOf('POST', '/alerts').security).toEqual([]);
  });

  it('say so in the description of the document', () => {
    expect(doc.info.description).toContain('the only operations that write');
    expect(doc.info.description).not.toMatch(/read-only/i);
  });
});

describe('each alert operation', () => {
  it.each(ALERT_OPERATIONS)('$method $path: its id, tag, no-store, headers and every status of the table', (o) => {
    const operation = alertOf(o.method, o.path);
    expect(operation.operationId).toBe(o.operationId);
    expect(operation.tags).toEqual([o.compat ? 'compat' : 'main']);
    expect(operation['x-cache']).toEqual(ALERT_CACHE);
    expect(Object.keys(operation.responses).map(Number).sort()).toEqual([...o.statuses, 429, 500].sort());
    for (const [status, response] of Object.entries(operation.responses)) {
      expect(Object.keys(response.headers ?? {}), status).toEqual(
        expect.arrayContaining(['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'cache-control']),
      );
      expect(response.headers!['cache-control'], status).toMatchObject({ schema: { const: 'no-store' } });
    }
    expect(operation.requestBody !== undefined).toBe(o.method === 'POST');
  });

  it.each(ALERT_OPERATIONS)('$method $path: each error status names its codes, in the error body', (o) => {
    const operation = alertOf(o.method, o.path);
    for (const [status, response] of Object.entries(operation.responses)) {
      if (Number(status) < 400) continue;
      expect(schemaOf(operation, Number(status))).toBe('#/components/schemas/ErrorBody');
      const codes = ALERT_ERROR_CODES[Number(status)]!;
      expect(codes.length, status).toBeGreaterThan(0);
      for (const code of codes) expect(response.description, `${status} ${code}`).toContain(code);
    }
    expect(operation.responses['429']!.headers).toHaveProperty('retry-after');
  });

  it('each named code is sent with that status, and every alert code of core/errors.ts is named', () => {
    for (const [status, codes] of Object.entries(ALERT_ERROR_CODES))
      for (const code of codes) expect(ERRORS[code].status, code).toBe(Number(status));
    const named = new Set(Object.values(ALERT_ERROR_CODES).flat());
    const alertCodes = (Object.keys(ERRORS) as ErrorCode[]).filter((c) => c.includes('ALERT'));
    expect(alertCodes).toHaveLength(5);
    for (const code of alertCodes) expect(named, code).toContain(code);
  });

  it('POST takes the closed AlertRequest as JSON; the answers are the schemas of their prefix', () => {
    for (const path of ['/alerts', '/compat/alerts']) {
      const post = alertOf('POST', path);
      expect(post.requestBody).toEqual({
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/AlertRequest' } } },
      });
      expect(post.responses['202']!.description).toContain(`${PENDING_HOURS} hours`);
    }
    expect(schemaOf(alertOf('POST', '/alerts'), 202)).toBe('#/components/schemas/AlertCreated');
    expect(schemaOf(alertOf('POST', '/compat/alerts'), 202)).toBe('#/components/schemas/CompatAlertCreated');
    expect(schemaOf(alertOf('GET', '/alerts'), 200)).toBe('#/components/schemas/AlertList');
    expect(schemaOf(alertOf('GET', '/compat/alerts'), 200)).toBe('#/components/schemas/CompatAlertList');
    for (const path of ['/alerts', '/compat/alerts'])
      expect(schemaOf(alertOf('GET', path), 202)).toBe('#/components/schemas/ManageLinkRequested');
    for (const path of ['/alerts/{id}', '/compat/alerts/{id}']) {
      expect(schemaOf(alertOf('DELETE', path), 200)).toBe('#/components/schemas/AlertDeleted');
      expect(alertOf('DELETE', path).parameters).toContainEqual(
        expect.objectContaining({ name: 'id', in: 'path', required: true }),
      );
    }
    expect(alertOf('GET', '/alerts').parameters).toContainEqual(
      expect.objectContaining({ name: 'email', in: 'query' }),
    );
    const compatCreated = doc.components.schemas.CompatAlertCreated as { properties: object };
    expect(Object.keys(compatCreated.properties)).toEqual(['id', 'created']);
  });
});

describe('the whole document', () => {
  it('passes redocly lint with no errors and no warnings, and the OpenAPI 3.1 schema', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-alerts-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const output = execFileSync('npx', ['redocly', 'lint', file, '--format', 'json'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const report = JSON.parse(output) as { totals: { errors: number; warnings: number } };
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const result = await new Validator().validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  }, 60_000);
});
