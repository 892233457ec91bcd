import { describe, expect, it } from 'vitest';
import {
  acceptedCodings,
  baseHeaders,
  clientAcceptEncoding,
  etagMatches,
  setCountedHeaders,
  setRateLimitHeaders,
} from './headers.ts';

describe('headers every answer carries', () => {
  it('CORS for any origin, the request id, and every header a browser script may read', () => {
    const headers = baseHeaders('req-1');
    expect(Object.fromEntries(headers)).toEqual({
      'access-control-allow-origin': '*',
      'access-control-expose-headers':
        'etag, link, x-request-id, x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset, retry-after, x-newest-data-day, x-unknown-filters, x-filter-suggestions, x-stale-copy, x-ratelimit-uncounted, ' +
        'x-quota-limit, x-quota-remaining, x-quota-reset, x-api-plan, x-quota-uncounted',
      'x-request-id': 'req-1',
    });
    setRateLimitHeaders(headers, { limit: 60, remaining: 59, reset: 42 });
    expect([
      headers.get('x-ratelimit-limit'),
      headers.get('x-ratelimit-remaining'),
      headers.get('x-ratelimit-reset'),
    ]).toEqual(['60', '59', '42']);
  });

  it('the headers of the role that counted a request, and never those of the other', () => {
    const keyed = baseHeaders('req-2');
    setCountedHeaders(keyed, {
      role: 'key',
      quota: { plan: 'pro', limit: 200_000, remaining: 7, reset: 3_600 },
      uncounted: true,
    });
    expect([...keyed.keys()].filter((name) => name.startsWith('x-') && name !== 'x-request-id')).toEqual([
      'x-api-plan',
      'x-quota-limit',
      'x-quota-remaining',
      'x-quota-reset',
      'x-quota-uncounted',
    ]);
    expect(keyed.get('x-quota-remaining')).toBe('7');
    const keyless = baseHeaders('req-3');
    setCountedHeaders(keyless, { role: 'address', state: { limit: 60, remaining: 1, reset: 5 }, uncounted: false });
    expect([...keyless.keys()].filter((name) => name.startsWith('x-') && name !== 'x-request-id')).toEqual([
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ]);
  });
});

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
    ['br;q = 0, gzip', ['gzip']],
    ['br;level=1;q=0, gzip', ['gzip']],
    ['br;q=0.25, gzip;q=0.5', ['gzip', 'br']],
    ['br;xq=0, gzip;q=0.5', ['br', 'gzip']],
    ['br;q=0.5x, gzip;q=0.8', ['br', 'gzip']],
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
    expect(etagMatches('"x", *', '"abc"')).toBe(true);
    expect(etagMatches('"aW/bc"', '"abc"')).toBe(false);
    expect(etagMatches('"abd"', '"abc"')).toBe(false);
    expect(etagMatches(null, '"abc"')).toBe(false);
  });
});
