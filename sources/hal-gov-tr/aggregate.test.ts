import { describe, expect, it } from 'vitest';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { aggregateLines, printedName, weightedAverage, type HksLine } from './aggregate.ts';
import { dottedDay, findBulletinLabels, istanbulTimestampToIso, readBulletinDates } from './dates.ts';

const line = (over: Partial<HksLine>): HksLine => ({
  ad: 'DOMATES',
  cinsi: 'PEMBE',
  turu: 'Geleneksel(Konvansiyonel)',
  birim: 'Kg',
  price: 10,
  volume: 1,
  printed: null,
  location: 'x',
  ...over,
});

describe('HKS printed name', () => {
  it('adds the cinsi in parentheses only when it says more than the name', () => {
    expect(printedName('ARMUT', 'DEVECİ')).toBe('ARMUT (DEVECİ)');
    expect(printedName('ACUR', 'ACUR')).toBe('ACUR');
    expect(printedName('FRENK  ÜZÜMÜ', 'FRENK ÜZÜMÜ')).toBe('FRENK  ÜZÜMÜ');
    expect(printedName('MUZ', '')).toBe('MUZ');
    expect(printedName('MUZ', ' - ')).toBe('MUZ');
  });
});

describe('HKS volume-weighted average', () => {
  it('weights each line by its volume and rounds half-up to kuruş', () => {
    // (10×3 + 20×1) / 4 = 12.5
    expect(weightedAverage([line({ price: 10, volume: 3 }), line({ price: 20, volume: 1 })])).toEqual({
      avg: 12.5,
      method: 'volume_weighted',
    });
    // (1.01×1 + 1.02×2) / 3 = 3.05 / 3 = 1.01666… → 1.02
    expect(weightedAverage([line({ price: 1.01, volume: 1 }), line({ price: 1.02, volume: 2 })]).avg).toBe(1.02);
  });

  it('rounds an exact half kuruş up, where floating point would drift down', () => {
    // (10.00 + 10.01) / 2 = 10.005 exactly → 10.01; in binary floating point 10 + 10.01 = 20.009999999999998
    expect((10 + 10.01) / 2).toBeLessThan(10.005);
    expect(weightedAverage([line({ price: 10, volume: 1 }), line({ price: 10.01, volume: 1 })]).avg).toBe(10.01);
  });

  it('uses the plain mean when no line has volume, and leaves out lines without a price', () => {
    expect(weightedAverage([line({ price: 5600, volume: 0 })])).toEqual({ avg: 5600, method: 'plain_mean_no_volume' });
    // (10 + 15) / 2 = 12.5; the null volume counts as none
    expect(weightedAverage([line({ price: 10, volume: 0 }), line({ price: 15, volume: null })])).toEqual({
      avg: 12.5,
      method: 'plain_mean_no_volume',
    });
    // the placeholder price leaves the other line alone
    expect(weightedAverage([line({ price: null, volume: 100 }), line({ price: 15, volume: 2 })])).toEqual({
      avg: 15,
      method: 'volume_weighted',
    });
    expect(weightedAverage([line({ price: null })])).toEqual({ avg: null, method: 'no_price' });
  });

  it('gives a line with volume 0 no weight beside lines that have volume', () => {
    // (65×200 + 140×2 + 999×0) / 202 = 65.74
    expect(
      weightedAverage([
        line({ price: 65, volume: 200 }),
        line({ price: 140, volume: 2 }),
        line({ price: 999, volume: 0 }),
      ]).avg,
    ).toBe(65.74);
  });

  it('groups by printed name and unit, whatever the order of the lines', () => {
    const products = aggregateLines(
      [
        line({ cinsi: 'PEMBE', price: 10, volume: 1, location: 'a' }),
        line({ cinsi: 'SALKIM', price: 50, volume: 1, location: 'b' }),
        line({ cinsi: 'PEMBE', turu: 'İyi Tarım', price: 20, volume: 1, location: 'c' }),
        line({ cinsi: 'PEMBE', birim: 'Adet', price: 1, volume: 1, location: 'd' }),
        line({ ad: 'ACUR', cinsi: 'ACUR', location: 'e' }),
        line({ ad: 'ACUR', cinsi: '-', location: 'f' }),
      ],
      '2026-04-21',
    );
    expect(products.map((p) => [p.row.name, p.row.unit, p.row.avg, p.row.location])).toEqual([
      ['DOMATES (PEMBE)', 'Kg', 15, 'a, c'],
      ['DOMATES (SALKIM)', 'Kg', 50, 'b'],
      ['DOMATES (PEMBE)', 'Adet', 1, 'd'],
      ['ACUR', 'Kg', 10, 'e, f'],
    ]);
  });
});

describe('HKS dates', () => {
  it('reads the bulletin and data days of a label', () => {
    expect(readBulletinDates('22.04.2026 (21.04.2026 Tarihli', 'p')).toEqual({
      bulletinDay: '2026-04-22',
      dataDay: '2026-04-21',
      dataDayPrinted: true,
    });
    expect(readBulletinDates('1.1.2026', 'p')).toEqual({
      bulletinDay: '2026-01-01',
      dataDay: '2025-12-31',
      dataDayPrinted: false,
    });
    expect(readBulletinDates('bülten yok', 'p')).toBeNull();
    expect(expectLayoutError('p', () => readBulletinDates('22.04.2026 (22.04.2026 Tarihli', 'p')).message).toBe(
      'p: bulletin 22.04.2026 says its data are of 22.04.2026, not of the day before',
    );
  });

  it('finds every `Bülten Tarihi :` label of a text', () => {
    const text =
      'x Bülten Tarihi : 22.04.2026 (21.04.2026 Tarihli Veriler Kullanılmıştır.) y Bülten Tarihi : 23.04.2026';
    expect(findBulletinLabels(text, 'p').map((l) => l.dataDay)).toEqual(['2026-04-21', '2026-04-22']);
    expect(() => findBulletinLabels('Bülten Tarihi : yarın', 'p')).toThrow('unreadable label');
  });

  it('writes a day as DD.MM.YYYY', () => {
    expect(dottedDay('2026-04-22')).toBe('22.04.2026');
  });

  it('reads a zone-less timestamp as Istanbul time', () => {
    expect(istanbulTimestampToIso('2026-04-22 21:38:40')).toBe('2026-04-22T18:38:40.000Z');
    // 2015 still had summer time: 1 January was UTC+2
    expect(istanbulTimestampToIso('2015-01-01 12:00:00')).toBe('2015-01-01T10:00:00.000Z');
    expect(istanbulTimestampToIso('2026-04-22T21:38:40+03:00')).toBe('2026-04-22T18:38:40.000Z');
    expect(istanbulTimestampToIso('2026-04-22T18:38:40Z')).toBe('2026-04-22T18:38:40.000Z');
    expect(istanbulTimestampToIso('2026-04-22')).toBeNull();
    expect(istanbulTimestampToIso('2026-02-30 10:00:00')).toBeNull();
    expect(istanbulTimestampToIso(20260422)).toBeNull();
  });
});
