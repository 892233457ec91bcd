import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayToEpochDays,
  daysBetween,
  epochDaysToDay,
  isDay,
  isoWeek,
  isoWeekday,
  isoWeekMonday,
  istanbulDay,
  parseDottedDay,
} from './dates.ts';

describe('isDay', () => {
  it('accepts real calendar days, including 29 February of a leap year', () => {
    expect(isDay('2026-07-23')).toBe(true);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2000-02-29')).toBe(true);
  });

  it('rejects impossible days and other spellings', () => {
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-00-10')).toBe(false);
    expect(isDay('2023-02-29')).toBe(false);
    expect(isDay('1900-02-29')).toBe(false);
    expect(isDay('26-1-1')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
    expect(isDay('23.07.2026')).toBe(false);
    expect(isDay('2026-07-23T00:00:00')).toBe(false);
    expect(isDay('')).toBe(false);
  });
});

describe('day arithmetic', () => {
  it('addDays crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-02-29', 365)).toBe('2025-02-28');
    expect(addDays('2026-07-23', 0)).toBe('2026-07-23');
  });

  it('daysBetween and the epoch-day conversions agree with each other', () => {
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(365);
    expect(daysBetween('2026-07-23', '2026-07-20')).toBe(-3);
    expect(dayToEpochDays('1970-01-01')).toBe(0);
    expect(dayToEpochDays('2026-01-01')).toBe(20454);
    expect(epochDaysToDay(20454)).toBe('2026-01-01');
  });
});

describe('ISO weeks', () => {
  it('isoWeekday runs Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2024-12-30')).toBe(1);
    expect(isoWeekday('2026-07-23')).toBe(4);
    expect(isoWeekday('2026-07-25')).toBe(6);
    expect(isoWeekday('2026-07-26')).toBe(7);
  });

  it('isoWeekMonday finds the Monday of a real week, null for any other string', () => {
    expect(isoWeekMonday('2026-01')).toBe('2025-12-29');
    expect(isoWeekMonday('2020-53')).toBe('2020-12-28');
    expect(isoWeekMonday('2021-53')).toBeNull();
    expect(isoWeekMonday('2026-00')).toBeNull();
    expect(isoWeekMonday('2026-7')).toBeNull();
  });

  it('puts 2026-01-01 (a Thursday) in week 2026-01', () => {
    expect(isoWeek('2026-01-01')).toEqual({ week: '2026-01', weekStart: '2025-12-29', weekEnd: '2026-01-04' });
  });

  it('puts 2024-12-30 in week 2025-01 of the next year', () => {
    expect(isoWeek('2024-12-30')).toEqual({ week: '2025-01', weekStart: '2024-12-30', weekEnd: '2025-01-05' });
  });

  it('puts 2021-01-03 in week 2020-53 of the previous year', () => {
    expect(isoWeek('2021-01-03')).toEqual({ week: '2020-53', weekStart: '2020-12-28', weekEnd: '2021-01-03' });
  });

  it('numbers mid-year weeks like `date +%G-%V`', () => {
    expect(isoWeek('2026-07-23').week).toBe('2026-30');
    expect(isoWeek('2024-02-29').week).toBe('2024-09');
  });
});

describe('parseDottedDay: bulletin headings', () => {
  it('reads the 2025 report day without zero padding', () => {
    expect(parseDottedDay('1.01.2025')).toBe('2025-01-01');
    expect(parseDottedDay('31.12.2025')).toBe('2025-12-31');
    expect(parseDottedDay('23.07.2026')).toBe('2026-07-23');
    expect(parseDottedDay(' 3.7.2025 ')).toBe('2025-07-03');
    expect(parseDottedDay('3/7/2025')).toBe('2025-07-03');
  });

  it('returns null for the Excel footer and impossible days', () => {
    expect(parseDottedDay('1.Oca')).toBeNull();
    expect(parseDottedDay('30.02.2025')).toBeNull();
    expect(parseDottedDay('2025-01-01')).toBeNull();
    expect(parseDottedDay('')).toBeNull();
  });
});

describe('istanbulDay', () => {
  it('gives the Istanbul calendar day of a UTC moment (UTC+3 since 2016)', () => {
    expect(istanbulDay(new Date('2026-11-20T21:30:00Z'))).toBe('2026-11-21');
    expect(istanbulDay(new Date('2026-11-20T20:59:59Z'))).toBe('2026-11-20');
  });

  it('follows the old winter time UTC+2 of 2015, which a fixed +3 offset would get wrong', () => {
    expect(istanbulDay(new Date('2015-01-10T21:30:00Z'))).toBe('2015-01-10');
    expect(istanbulDay(new Date('2015-07-10T21:30:00Z'))).toBe('2015-07-11');
  });
});
