/** The query parameters' contract: fallbacks for `range`, clamps for `limit`, 400s for malformed values, folded filters. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../answer/errors.ts';
import {
  dayParam,
  enumParam,
  isoWeekParam,
  limitParam,
  NAMES_NOTHING,
  paging,
  pathSlug,
  rangeDays,
  slugParam,
} from './params.ts';

const LIMITS = { default: 50, max: 200 };

function thrown(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('no ApiError was thrown');
}

describe('range', () => {
  it.each([
    ['30d', 30],
    [' 30d ', 30],
    ['1d', 1],
    ['3650d', 3650],
    ['3651d', 3650],
    ['9999999d', 3650],
    ['0d', 7],
    ['12345678d', 7],
    ['30', 7],
    ['x30d', 7],
    ['30dx', 7],
    ['-3d', 7],
    ['', 7],
  ])('%j → %i days', (value, days) => {
    expect(rangeDays(value)).toBe(days);
  });

  it('absent is no range at all', () => {
    expect(rangeDays(null)).toBeUndefined();
  });
});

describe('day', () => {
  const day = (name: string, value: string | null) =>
    dayParam(new URLSearchParams(value === null ? {} : { [name]: value }), name);

  it('a real day, trimmed; absent is undefined', () => {
    expect(day('date', '2026-11-20')).toBe('2026-11-20');
    expect(day('from', ' 2026-11-20 ')).toBe('2026-11-20');
    expect(day('to', null)).toBeUndefined();
  });

  it.each(['2026-02-30', '20261120', 'yesterday', ''])('%j is INVALID_DATE, naming the parameter', (value) => {
    for (const name of ['date', 'from', 'to']) {
      expect(thrown(() => day(name, value))).toMatchObject({
        status: 400,
        code: 'INVALID_DATE',
        details: { parameter: name, value },
      });
    }
  });

  it('the value quoted back is at most 64 characters', () => {
    expect(thrown(() => day('date', '9'.repeat(100))).details).toEqual({ parameter: 'date', value: '9'.repeat(64) });
  });
});

describe('an ISO week', () => {
  const week = (value?: string) =>
    isoWeekParam(new URLSearchParams(value === undefined ? {} : { week: value }), 'week');

  it('takes a real week as written, around spaces; absent is no week', () => {
    expect([week('2026-07'), week(' 2020-53 '), week()]).toEqual(['2026-07', '2020-53', undefined]);
  });

  it.each(['2026-00', '2026-54', '2021-53', '2026-7', '2026W07', ''])('refuses %j by name', (value) => {
    let error: unknown;
    try {
      week(value);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).details).toMatchObject({ parameter: 'week', value });
  });
});

describe('a closed list of values', () => {
  const SERIES = ['nominal', 'real'] as const;

  it('a listed value as written; absent is undefined', () => {
    expect(enumParam(new URLSearchParams('series=real'), 'series', SERIES)).toBe('real');
    expect(enumParam(new URLSearchParams(''), 'series', SERIES)).toBeUndefined();
  });

  it.each(['REAL', ' real', '', 'x'.repeat(100)])('%j is INVALID_PARAMETER, listing the values', (value) => {
    expect(thrown(() => enumParam(new URLSearchParams({ series: value }), 'series', SERIES))).toMatchObject({
      status: 400,
      code: 'INVALID_PARAMETER',
      details: { parameter: 'series', value: value.slice(0, 64), allowed: ['nominal', 'real'] },
    });
  });
});

describe('page and limit', () => {
  const query = (text: string) => new URLSearchParams(text);

  it('defaults when neither is sent', () => {
    expect(paging(query(''), LIMITS)).toEqual({ page: 1, limit: 50, sent: false });
  });

  it('either one sent counts as paging asked for', () => {
    expect(paging(query('page=3'), LIMITS)).toEqual({ page: 3, limit: 50, sent: true });
    expect(paging(query('limit=10'), LIMITS)).toEqual({ page: 1, limit: 10, sent: true });
    expect(paging(query('page=2&limit=20'), LIMITS)).toEqual({ page: 2, limit: 20, sent: true });
  });

  it('whole numbers with an optional plus and spaces; beyond the safe integers is the largest one', () => {
    expect(paging(query('page=%20%2B4%20'), LIMITS).page).toBe(4);
    expect(paging(query('page=1'), LIMITS).page).toBe(1);
    expect(paging(query(`page=${'9'.repeat(30)}`), LIMITS).page).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each(['0', '-1', '1.5', 'abc', '', '2x', 'x2', '1e3'])('page=%j is INVALID_PAGE', (value) => {
    expect(thrown(() => paging(query(`page=${encodeURIComponent(value)}`), LIMITS))).toMatchObject({
      status: 400,
      code: 'INVALID_PAGE',
      details: { parameter: 'page', value },
    });
  });

  it('a limit is clamped to the endpoint maximum, never below 1', () => {
    expect(limitParam(query(''), LIMITS)).toBe(50);
    expect(limitParam(query('limit=1'), LIMITS)).toBe(1);
    expect(limitParam(query('limit=200'), LIMITS)).toBe(200);
    expect(limitParam(query('limit=201'), LIMITS)).toBe(200);
    expect(limitParam(query(`limit=${'9'.repeat(30)}`), LIMITS)).toBe(200);
  });

  it.each(['0', '-5', 'ten', '', '2.5'])('limit=%j is INVALID_LIMIT, naming the maximum', (value) => {
    expect(thrown(() => limitParam(query(`limit=${value}`), LIMITS))).toMatchObject({
      status: 400,
      code: 'INVALID_LIMIT',
      details: { parameter: 'limit', value, max: 200 },
    });
  });

  it('the value quoted back is at most 64 characters', () => {
    expect(thrown(() => paging(query(`page=${'x'.repeat(100)}`), LIMITS)).details).toEqual({
      parameter: 'page',
      value: 'x'.repeat(64),
    });
    expect(thrown(() => limitParam(query(`limit=${'x'.repeat(100)}`), LIMITS)).details).toEqual({
      parameter: 'limit',
      value: 'x'.repeat(64),
      max: 200,
    });
  });
});

describe('filters and path slugs', () => {
  it('fold to one slug however they are written', () => {
    for (const city of ['İzmir', 'izmir', 'IZMIR', '  İZMİR '])
      expect(slugParam(new URLSearchParams({ city }), 'city')).toBe('izmir');
    expect(slugParam(new URLSearchParams({ product: 'Sivri Biber' }), 'product')).toBe('sivri-biber');
  });

  it('missing or blank is no filter; one that folds to nothing matches nothing', () => {
    expect(slugParam(new URLSearchParams(), 'city')).toBeUndefined();
    expect(slugParam(new URLSearchParams({ city: '' }), 'city')).toBeUndefined();
    expect(slugParam(new URLSearchParams({ city: '   ' }), 'city')).toBeUndefined();
    expect(slugParam(new URLSearchParams({ city: '🍅' }), 'city')).toBe(NAMES_NOTHING);
    expect(NAMES_NOTHING).toBe('-');
  });

  it('reads only the named parameter and at most 200 characters of it', () => {
    expect(slugParam(new URLSearchParams({ market: 'izmir' }), 'city')).toBeUndefined();
    expect(slugParam(new URLSearchParams({ city: 'a'.repeat(300) }), 'city')).toBe('a'.repeat(200));
  });

  it('a path slug folds by the same rule', () => {
    expect(pathSlug({ slug: 'DOMATES' })).toBe('domates');
    expect(pathSlug({ slug: '---' })).toBe(NAMES_NOTHING);
    expect(pathSlug({})).toBe(NAMES_NOTHING);
    expect(pathSlug({ id: 'Ulusal', slug: 'x' }, 'id')).toBe('ulusal');
    expect(pathSlug({ slug: 'b'.repeat(300) })).toBe('b'.repeat(200));
  });
});
