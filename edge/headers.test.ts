import { describe, expect, it } from 'vitest';
import { acceptedCodings, clientAcceptEncoding, etagMatches } from './headers.ts';

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
    ['identity;q=0', ['gzip']],
    ['*;q=0', ['gzip']],
    ['*;q=0, identity', []],
    ['identity;q=0, br', ['br']],
  ])('%j → %j', (header, codings) => {
    expect(acceptedCodings(header)).toEqual(codings);
  });
});

describe('the client’s own Accept-Encoding', () => {
  const request = (header: string | null, cf?: object) => {
    const r = new Request('http://localhost/', { headers: header === null ? {} : { 'accept-encoding': header } });
    if (cf) Object.defineProperty(r, 'cf', { value: cf });
    return r;
  };
  it('is cf.clientAcceptEncoding where the edge rewrote the header, else the header', () => {
    expect(clientAcceptEncoding(request('br, gzip', { clientAcceptEncoding: '' }))).toBe('');
    expect(clientAcceptEncoding(request('br, gzip', { clientAcceptEncoding: 'gzip' }))).toBe('gzip');
    expect(clientAcceptEncoding(request('gzip', {}))).toBe('gzip');
    expect(clientAcceptEncoding(request(null))).toBeNull();
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
