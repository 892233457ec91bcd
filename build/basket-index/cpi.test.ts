import { describe, expect, it } from 'vitest';
import { cpiOfMonth, deflate, monthOfWeek, readCpiFile } from './cpi.ts';

const file = readCpiFile();

describe('the CPI data file (data/cpi/tuik-tufe-2003-100.json)', () => {
  it('names its publisher and series and says how it was entered', () => {
    expect(file.publisher).toContain('TÜİK');
    expect(file.name).toContain('2003=100');
    expect(file.provenance).toMatch(/without network access/);
  });

  it("each December over the one before is TÜİK's announced annual December inflation (a typo in a value fails here)", () => {
    const byMonth = new Map(file.values.map((v) => [v.month, v.value]));
    const years = Object.keys(file.annual_december_change_percent);
    expect(years.length).toBe(file.values.length - 1);
    for (const year of years) {
      const ratio = byMonth.get(`${year}-12`)! / byMonth.get(`${Number(year) - 1}-12`)!;
      expect(Math.round((ratio - 1) * 10_000) / 100, year).toBe(file.annual_december_change_percent[year]);
    }
  });
});

describe('monthly values', () => {
  const values = [
    { month: '2013-12', value: 100 },
    { month: '2014-12', value: 121 },
  ];

  it('listed months as listed; months between geometrically; none outside', () => {
    expect(cpiOfMonth(values, '2013-12')).toBe(100);
    expect(cpiOfMonth(values, '2014-12')).toBe(121);
    expect(cpiOfMonth(values, '2014-06')).toBeCloseTo(110, 10); // 100 × 1.21^(6/12)
    expect(cpiOfMonth(values, '2014-01')).toBeCloseTo(100 * 1.21 ** (1 / 12), 10);
    expect(cpiOfMonth(values, '2013-11')).toBeNull();
    expect(cpiOfMonth(values, '2015-01')).toBeNull();
  });

  it('a week belongs to the month of its Thursday', () => {
    expect(monthOfWeek('2013-12-30')).toBe('2014-01'); // ISO week 2014-01
    expect(monthOfWeek('2014-03-31')).toBe('2014-04');
    expect(monthOfWeek('2014-03-24')).toBe('2014-03');
  });

  it('real = nominal × CPI(base week) / CPI(week); weeks without a CPI value are left out', () => {
    const points = [
      { week: '2014-01', weekStart: '2013-12-30', value: 100 },
      { week: '2014-27', weekStart: '2014-06-30', value: 130 }, // Thursday 3 July → 2014-07
      { week: '2015-02', weekStart: '2015-01-05', value: 150 }, // after the last value
    ];
    const real = deflate(points, values);
    expect(real.map((r) => r.week)).toEqual(['2014-01', '2014-27']);
    expect(real[0]!.value).toBeCloseTo(100, 10);
    expect(real[1]!.value).toBeCloseTo((130 * 1.21 ** (1 / 12)) / 1.21 ** (7 / 12), 10);
    expect(deflate([{ week: '2013-40', weekStart: '2013-09-30', value: 100 }, ...points], values)).toEqual([]);
  });
});
