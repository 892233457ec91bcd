import { describe, expect, it } from 'vitest';
import { ApiError } from '../../answer/errors.ts';
import { compatCity } from './city.ts';

const city = (value: string) => compatCity(new URLSearchParams({ city: value }));

describe('the variant city parameter', () => {
  it('finds a province by name or plate code', () => {
    expect(['35', 'İzmir', 'IZMIR', ' 35 '].map(city)).toEqual(['izmir', 'izmir', 'izmir', 'izmir']);
    expect(['06', '6', 'Ankara'].map(city)).toEqual(['ankara', 'ankara', 'ankara']);
    expect(city('34')).toBe('istanbul');
    expect(compatCity(new URLSearchParams())).toBeUndefined();
    expect(city('')).toBeUndefined();
  });

  it.each(['0', '00', '82', '99', '035', '123'])('refuses %s, which is no plate code', (value) => {
    expect(() => city(value)).toThrow(ApiError);
  });
});
