import { describe, expect, it } from 'vitest';
import { deflate, monthOfWeek, readDeflator } from './cpi.ts';

const cpi = readDeflator();

describe('the deflator (data/cpi/tufe_tablo2_oncesinden.xlsx)', () => {
  it("names TÜİK's general CPI, 2003=100, and the months it covers without estimating any", () => {
    expect(cpi.id).toBe('tuik-tufe-2003-100');
    expect(cpi.publisher).toContain('TÜİK');
    expect(cpi.name).toContain('2003=100');
    expect(cpi.months_between).toContain('2005-01 … 2025-10');
    expect(cpi.months_between).toContain('No month is interpolated or estimated');
    expect(cpi.values).toHaveLength(250);
  });
});

describe('weeks and months', () => {
  it('a week belongs to the month of its Thursday', () => {
    expect(monthOfWeek('2013-12-30')).toBe('2014-01'); // ISO week 2014-01
    expect(monthOfWeek('2014-03-31')).toBe('2014-04');
    expect(monthOfWeek('2014-03-24')).toBe('2014-03');
  });

  it("real = nominal × CPI(base week's month) / CPI(week's month); a month without a value is never estimated", () => {
    const values = [
      { month: '2014-01', value: 100 },
      { month: '2014-03', value: 121 },
    ];
    const points = [
      { week: '2014-01', weekStart: '2013-12-30', value: 100 }, // Thursday 2 January
      { week: '2014-06', weekStart: '2014-02-03', value: 110 }, // February: not in the values
      { week: '2014-10', weekStart: '2014-03-03', value: 130 }, // Thursday 6 March
      { week: '2014-14', weekStart: '2014-03-31', value: 150 }, // Thursday 3 April: after the last value
    ];
    const real = deflate(points, values);
    expect(real.map((r) => r.week)).toEqual(['2014-01', '2014-10']);
    expect(real[0]!.value).toBe(100);
    expect(real[1]!.value).toBeCloseTo((130 * 100) / 121, 10);
    expect(deflate([{ week: '2013-52', weekStart: '2013-12-23', value: 100 }, ...points], values)).toEqual([]);
  });

  it("deflates the real table's weeks by their month's level, through 2025-44 and no further", () => {
    const points = [
      { week: '2014-01', weekStart: '2013-12-30', value: 100 }, // January 2014: 233.54
      { week: '2023-52', weekStart: '2023-12-25', value: 800 }, // December 2023: 1859.38
      { week: '2025-44', weekStart: '2025-10-27', value: 1700 }, // Thursday 30 October: 3453.09
      { week: '2025-45', weekStart: '2025-11-03', value: 1700 }, // Thursday 6 November: not in the table
    ];
    const real = deflate(points, cpi.values);
    expect(real.map((r) => [r.week, Math.round(r.value * 100) / 100])).toEqual([
      ['2014-01', 100],
      ['2023-52', Math.round(((800 * 233.54) / 1859.38) * 100) / 100],
      ['2025-44', Math.round(((1700 * 233.54) / 3453.09) * 100) / 100],
    ]);
  });
});
