/** The forecast operations in the OpenAPI document: their answers, the 422's refusal, the gate the build applies. */
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from './document.ts';
import { ForecastNotPublishable } from './forecast.ts';
import {
  DRIFT_ORIGINS,
  FROZEN_RUN,
  HORIZON,
  MAX_GAP_DAYS,
  MAX_MAPE,
  MIN_SKILL,
  ORIGINS,
  TRAINING_WINDOW,
} from '../forecast/rules.ts';

type Operation = {
  description?: string;
  parameters: { name?: string; in?: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }>;
  'x-cache': { sMaxAge: number; staleWhileRevalidate: number };
};
const doc = buildOpenApi() as { paths: Record<string, { get: Operation }>; components: { schemas: object } };
const OPERATIONS = [
  ['/prices/forecast/{slug}', 'slug', 'Forecast'],
  ['/compat/prices/forecast/{productSlug}', 'productSlug', 'CompatForecast'],
] as const;
const schemaOf = (o: Operation, status: number) => o.responses[status]!.content!['application/json']!.schema.$ref;

describe('the forecast operations', () => {
  it.each(OPERATIONS)(
    '%s: its answer, its path slug, 422 as a refusal, 404 and 400 as errors',
    (path, name, answer) => {
      const operation = doc.paths[path]!.get;
      expect(schemaOf(operation, 200)).toBe(`#/components/schemas/${answer}`);
      expect(schemaOf(operation, 422)).toBe('#/components/schemas/ForecastNotPublishable');
      expect(schemaOf(operation, 404)).toBe('#/components/schemas/ErrorBody');
      expect(schemaOf(operation, 400)).toBe('#/components/schemas/ErrorBody');
      expect(operation.parameters).toContainEqual(expect.objectContaining({ name, in: 'path', required: true }));
      expect(operation['x-cache']).toEqual({ sMaxAge: 3600, staleWhileRevalidate: 3600 });
    },
  );

  it.each(OPERATIONS)('%s describes the gate with the figures the gate reads', (path) => {
    const text = doc.paths[path]!.get.description!;
    for (const figure of [
      `next ${HORIZON} publishing days`,
      `last ${ORIGINS} data days`,
      `at most ${TRAINING_WINDOW} data days`,
      `below ${MAX_MAPE} %`,
      `at least ${MIN_SKILL * 100} % below each baseline's`,
      `last ${DRIFT_ORIGINS} origins`,
      '80 % prediction intervals covered 70 % to 90 %',
      `above ${MAX_GAP_DAYS} calendar days`,
      `last ${FROZEN_RUN} prices are not all equal`,
      'stale_source',
      'FORECAST_NOT_PUBLISHABLE',
    ])
      expect(text).toContain(figure);
  });

  it('every schema with an id is a component of its own: none is hidden in __shared', () => {
    expect(Object.keys(doc.components.schemas)).not.toContain('__shared');
    expect(JSON.stringify(doc)).not.toContain('__shared');
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['ForecastRefusal', 'ForecastReason', 'ForecastHorizonMetrics', 'ForecastOrigins']),
    );
  });
});

describe('the refused forecast error body', () => {
  const refusal = {
    productSlug: 'domates-salkim',
    reasons: ['stale_source'],
    validation: { modelMape: null, baselineMape: null, publishable: false },
    metrics: [],
    origins: null,
    lastDataDay: '2026-08-22',
    dataDays: 12,
  };
  const body = (details: unknown) => ({
    error: { code: 'FORECAST_NOT_PUBLISHABLE', message: 'Tahmin yayımlanmıyor.', details, requestId: 'r-12345678' },
    code: 'FORECAST_NOT_PUBLISHABLE',
    message: 'Tahmin yayımlanmıyor.',
    requestId: 'r-12345678',
    timestamp: '2026-11-21T09:00:00.000Z',
  });

  it('is the error body with a refusal as its details, closed at every level', () => {
    expect(ForecastNotPublishable.safeParse(body(refusal)).success).toBe(true);
    expect(ForecastNotPublishable.safeParse(body(null)).success).toBe(false);
    expect(ForecastNotPublishable.safeParse(body({ ...refusal, extra: 1 })).success).toBe(false);
    expect(ForecastNotPublishable.safeParse({ ...body(refusal), extra: 1 }).success).toBe(false);
    const nested = body(refusal);
    expect(ForecastNotPublishable.safeParse({ ...nested, error: { ...nested.error, extra: 1 } }).success).toBe(false);
  });
});
