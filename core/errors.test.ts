/** Error codes: one status each, Turkish messages, figures from the limits they name. */
import { describe, expect, it } from 'vitest';
import { codesOf, ERRORS } from './errors.ts';
import { RATE_LIMIT, routeSpec } from './routes.ts';

describe('error codes', () => {
  it('are UPPER_SNAKE, as the error body requires', () => {
    for (const code of Object.keys(ERRORS)) expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });

  it('each status has its codes, in the order written', () => {
    expect(codesOf(404)).toEqual(['NOT_FOUND']);
    expect(codesOf(409)).toEqual(['INDEX_NOT_PUBLISHED']);
    expect(codesOf(500)).toEqual(['INTERNAL_ERROR', 'ORIGIN_UNAVAILABLE']);
    expect(codesOf(200)).toEqual([]);
  });

  it('messages name the limits they describe, as Turkish writes numbers', () => {
    expect(routeSpec('/prices/export').maxRows).toBe(20_000);
    expect(ERRORS.EXPORT_TOO_LARGE.message).toContain('en fazla 20.000 satır');
    expect(ERRORS.RATE_LIMITED.message).toContain(`dakikada ${RATE_LIMIT.requests} istek`);
    expect(ERRORS.RATE_LIMITED.message).toContain(`En geç ${RATE_LIMIT.windowSeconds} saniye`);
  });
});
