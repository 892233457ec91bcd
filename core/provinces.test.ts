import { describe, expect, it } from 'vitest';
import { PROVINCES, provinceOfPlate } from './provinces.ts';

describe('plate codes', () => {
  it('names all 81 provinces, each once, in code order', () => {
    expect(PROVINCES).toHaveLength(81);
    expect(new Set(PROVINCES).size).toBe(81);
    expect([1, 6, 7, 16, 33, 34, 35, 41, 46, 63, 81].map(provinceOfPlate)).toEqual([
      'Adana',
      'Ankara',
      'Antalya',
      'Bursa',
      'Mersin',
      'İstanbul',
      'İzmir',
      'Kocaeli',
      'Kahramanmaraş',
      'Şanlıurfa',
      'Düzce',
    ]);
  });

  it('knows no code outside 1–81', () => {
    expect([0, 82, 99, 1.5, -6].map(provinceOfPlate)).toEqual([undefined, undefined, undefined, undefined, undefined]);
  });
});
