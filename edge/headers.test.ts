import { describe, expect, it } from 'vitest';
import { acceptedCodings, etagMatches } from './headers.ts';

describe('Accept-Encoding', () => {
  it.each([
    [null, []],
    ['', []],
    ['identity', []],
    ['gzip', ['gzip']],
    ['gzip, deflate, br', ['br', 'gzip']],
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['br;q=0.5, gzip', ['gzip', 'br']],
    ['BR ; Q=0.9 , GZIP;q=0.8', ['br', 'gzip']],
    ['gzip;q=0, br', ['br']],
    ['br;q=0, gzip;q=0', []],
    ['*', ['br', 'gzip']],
    ['*;q=0.1, gzip', ['gzip', 'br']],
    ['*, br;q=0', ['gzip']],
    ['x-gzip', ['gzip']],
    ['deflate', []],
  ])('%j → %j', (header, codings) => {
    expect(acceptedCodings(header)).toEqual(codings);
  });
});

describe('If-None-Match', () => {
  it('matches our tag strong or weak, in a list, or *', () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(etagMatches('*', '"abc"')).toBe(true);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(null, '"abc"')).toBe(false);
  });
});
