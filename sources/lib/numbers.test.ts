import { describe, expect, it } from 'vitest';
import { parseTurkishNumber, PriceFormatError, roundKurus } from './numbers.ts';

describe('parseTurkishNumber', () => {
  it('reads a decimal comma (Bursa `12,50`, İzmir 2025 `42,5`)', () => {
    expect(parseTurkishNumber('12,50')).toBe(12.5);
    expect(parseTurkishNumber('42,5')).toBe(42.5);
    expect(parseTurkishNumber('8,75')).toBe(8.75);
  });

  it('reads grouping dots with a decimal comma', () => {
    expect(parseTurkishNumber('1.234,56')).toBe(1234.56);
    expect(parseTurkishNumber('1.900.000,00 TL')).toBe(1900000);
  });

  it('reads a decimal point (İzmir year CSVs, `4.0` from 2023)', () => {
    expect(parseTurkishNumber('4.0')).toBe(4);
    expect(parseTurkishNumber('0.75')).toBe(0.75);
    expect(parseTurkishNumber('117.5')).toBe(117.5);
    expect(parseTurkishNumber('1,234.56')).toBe(1234.56);
  });

  it('strips currency signs and tags', () => {
    expect(parseTurkishNumber('80.00 ₺')).toBe(80);
    expect(parseTurkishNumber('55,00TL')).toBe(55);
    expect(parseTurkishNumber('10,00 TL')).toBe(10);
    expect(parseTurkishNumber('70,00<span> TL</span>')).toBe(70);
    expect(parseTurkishNumber('50,00<span style="font-size:10px"> TL</span>')).toBe(50);
    expect(parseTurkishNumber('\u00a012,50\u00a0')).toBe(12.5);
  });

  it('reads a lone `1.500` as 1.5, not 1500', () => {
    // Ambiguous: a grouping dot or a decimal point. The decimal-point sources (İzmir year CSVs,
    // the API dump) print three decimals like `1.500`; the comma sources always print a comma
    // decimal part (`1.500,00`), so the parser chooses 1.5.
    expect(parseTurkishNumber('1.500')).toBe(1.5);
    // several grouping dots are not ambiguous
    expect(parseTurkishNumber('1.234.567')).toBe(1234567);
  });

  it('returns null for the placeholders of a missing quote', () => {
    for (const placeholder of [
      'Fiyat Bekleniyor',
      'Mevcut Değil',
      'MEVCUT DEĞİL',
      '-',
      '--',
      '---',
      '**',
      '',
      '   ',
      'Veri Yok',
    ]) {
      expect(parseTurkishNumber(placeholder), JSON.stringify(placeholder)).toBeNull();
    }
    // a currency sign without a number (an empty İBB price cell) is a missing quote too
    expect(parseTurkishNumber('<span> TL</span>')).toBeNull();
    expect(parseTurkishNumber('₺')).toBeNull();
  });

  it('throws PriceFormatError on text that is neither a price nor a placeholder', () => {
    for (const garbage of ['abc', '12,50 USD', '12.5.3', '1,2,3', 'KG', '12-15']) {
      expect(() => parseTurkishNumber(garbage), JSON.stringify(garbage)).toThrow(PriceFormatError);
    }
    expect(() => parseTurkishNumber('abc')).toThrow('not a price: "abc"');
  });
});

describe('roundKurus', () => {
  it('rounds to two decimals without binary drift', () => {
    expect(roundKurus(42.5)).toBe(42.5);
    expect(roundKurus(1.005)).toBe(1.01);
    expect(roundKurus(0.1 + 0.2)).toBe(0.3);
    expect(roundKurus(3.333333)).toBe(3.33);
    expect(roundKurus((1.7 + 10) / 2)).toBe(5.85);
  });
});
