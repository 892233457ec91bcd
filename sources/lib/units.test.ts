import { describe, expect, it } from 'vitest';
import { normaliseUnit, UnitError } from './units.ts';

describe('normaliseUnit', () => {
  it.each([
    // İzmir year CSVs upper case until 2021, lower case from 2022
    ['KG', 'kg'],
    ['kg', 'kg'],
    ['ADET', 'adet'],
    ['adet', 'adet'],
    ['BAĞ', 'bağ'],
    ['bağ', 'bağ'],
    // Bursa spellings (MANIFEST.md)
    ['Kg.', 'kg'],
    ['kğ', 'kg'],
    ['(kg)', 'kg'],
    ['( kg)', 'kg'],
    ['(Adet)', 'adet'],
    ['Demet', 'demet'],
    ['(demet)', 'demet'],
    ['Koli', 'koli'],
    ['Çift', 'çift'],
    // İBB
    ['Kilogram', 'kg'],
    ['Adet', 'adet'],
    ['Ad.', 'adet'],
  ] as const)('%j → %s', (printed, unit) => {
    expect(normaliseUnit(printed)).toEqual({ unit, crateKg: null });
  });

  it('reads the stated crate weight of an Ankara fish crate with irregular spaces', () => {
    expect(normaliseUnit('Kasa   (10 Kğ)P Ks.-S Kut')).toEqual({ unit: 'kasa', crateKg: 10 });
    expect(normaliseUnit('Kasa (12,5 Kg)')).toEqual({ unit: 'kasa', crateKg: 12.5 });
  });

  it('takes the first word when the rest is a comment', () => {
    expect(normaliseUnit('Kasa')).toEqual({ unit: 'kasa', crateKg: null });
    expect(normaliseUnit('Adet (büyük)')).toEqual({ unit: 'adet', crateKg: null });
  });

  it('throws UnitError on an unknown unit', () => {
    expect(() => normaliseUnit('Litre')).toThrow(UnitError);
    expect(() => normaliseUnit('')).toThrow(UnitError);
    expect(() => normaliseUnit('Ton')).toThrow('unknown unit: "Ton"');
  });
});
