import { describe, expect, it } from 'vitest';
import { API_BASE, apiUrl, publicUrl } from './urls.ts';

describe('public URLs', () => {
  it('puts a route below the API base, and the values in the order given as its query', () => {
    expect(API_BASE).toBe('/api/v1');
    expect(apiUrl('/prices', { product: 'domates', market: 'izmir-sebze-meyve' })).toBe(
      '/api/v1/prices?product=domates&market=izmir-sebze-meyve',
    );
    expect(apiUrl('/prices', { market: 'izmir-sebze-meyve', product: 'domates' })).toBe(
      '/api/v1/prices?market=izmir-sebze-meyve&product=domates',
    );
    expect(
      apiUrl(
        '/prices',
        new URLSearchParams([
          ['category', 'sebze'],
          ['page', '2'],
        ]),
      ),
    ).toBe('/api/v1/prices?category=sebze&page=2');
  });

  it('fills each {name} of the path as one encoded segment, and leaves it out of the query', () => {
    expect(apiUrl('/prices/history/{slug}', { slug: 'domates-salkim', range: '30d', page: 2, limit: 50 })).toBe(
      '/api/v1/prices/history/domates-salkim?range=30d&page=2&limit=50',
    );
    expect(apiUrl('/products/{slug}/aliases', { slug: 'a/b ç' })).toBe('/api/v1/products/a%2Fb%20%C3%A7/aliases');
    expect(() => apiUrl('/observations/{id}', {})).toThrow('/api/v1/observations/{id}: no value for {id}');
  });

  it('encodes query values as a form does, and leaves out null and undefined ones and an empty query', () => {
    expect(apiUrl('/products/search', { q: 'kırmızı biber&co=1' })).toBe(
      '/api/v1/products/search?q=k%C4%B1rm%C4%B1z%C4%B1+biber%26co%3D1',
    );
    expect(apiUrl('/prices/history/{slug}', { slug: 'x', market: undefined, bucket: null, range: '7d' })).toBe(
      '/api/v1/prices/history/x?range=7d',
    );
    expect(apiUrl('/markets')).toBe('/api/v1/markets');
    expect(publicUrl('/alerts/manage', { token: 'a+b/c' })).toBe('/alerts/manage?token=a%2Bb%2Fc');
  });
});
