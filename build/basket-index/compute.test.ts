import { describe, expect, it } from 'vitest';
import {
  chainIndex,
  geometricMean,
  isIsoWeek,
  medianOf,
  memberLink,
  weekBounds,
  weeklyTable,
  type Quote,
} from './compute.ts';

const q = (day: string, member: string, variant: string, market: string, price: number): Quote => ({
  day,
  member,
  variant,
  market,
  price,
});
const MEMBERS = ['a', 'b', 'c'];
const options = { members: MEMBERS, minMembers: 2, baseValue: 100 };

describe('weekly prices', () => {
  it('are the mean of daily means per variant × market; several rows of one day count once', () => {
    const table = weeklyTable([
      q('2026-07-20', 'a', 'a1', 'm', 10), // Monday of 2026-30
      q('2026-07-20', 'a', 'a1', 'm', 14), // same day: the day is 12
      q('2026-07-22', 'a', 'a1', 'm', 18),
      q('2026-07-26', 'a', 'a1', 'm2', 5), // Sunday: still 2026-30, another market
      q('2026-07-19', 'a', 'a1', 'm', 100), // Sunday before: 2026-29
    ]);
    expect(table.get('2026-30')!.get('a')).toEqual(
      new Map([
        ['a1|m', 15],
        ['a1|m2', 5],
      ]),
    );
    expect(table.get('2026-29')!.get('a')).toEqual(new Map([['a1|m', 100]]));
  });

  it('ISO weeks: week 1 holds 4 January; week 53 only in long years', () => {
    expect(weekBounds('2026-01')).toEqual({ weekStart: '2025-12-29', weekEnd: '2026-01-04' });
    expect(weekBounds('2014-01')).toEqual({ weekStart: '2013-12-30', weekEnd: '2014-01-05' });
    expect(weekBounds('2020-53')).toEqual({ weekStart: '2020-12-28', weekEnd: '2021-01-03' });
    expect(isIsoWeek('2020-53')).toBe(true);
    expect(isIsoWeek('2021-53')).toBe(false);
    expect(isIsoWeek('2026-00')).toBe(false);
    expect(isIsoWeek('2026-7')).toBe(false);
  });
});

describe("a member's relative", () => {
  it('uses only the series priced in both weeks', () => {
    const previous = new Map([
      ['x|m', 10],
      ['y|m', 20],
      ['gone|m', 1000],
    ]);
    const current = new Map([
      ['x|m', 12],
      ['y|m', 22],
      ['new|m', 1],
    ]);
    // matched x, y: medians 15 → 17
    expect(memberLink('a', previous, current)).toEqual({
      member: 'a',
      matched: 2,
      previousMedian: 15,
      currentMedian: 17,
      relative: 17 / 15,
    });
  });

  it('is missing when no series is in both weeks', () => {
    expect(memberLink('a', new Map([['x|m', 10]]), new Map([['x|m2', 10]]))).toBeNull();
    expect(memberLink('a', undefined, new Map([['x|m', 10]]))).toBeNull();
  });

  it('median and geometric mean', () => {
    expect(medianOf([3, 1, 2])).toBe(2);
    expect(medianOf([4, 1, 3, 2])).toBe(2.5);
    expect(geometricMean([2, 8])).toBeCloseTo(4, 12);
  });
});

describe('the chained index', () => {
  it('starts at the first week with enough members priced and chains the geometric mean of the relatives', () => {
    const table = weeklyTable([
      q('2026-01-05', 'a', 'a1', 'm', 10), // 2026-02: only one member → no base yet
      q('2026-01-12', 'a', 'a1', 'm', 10), // 2026-03: base (a, b priced)
      q('2026-01-12', 'b', 'b1', 'm', 4),
      q('2026-01-19', 'a', 'a1', 'm', 20), // 2026-04: a ×2, b ×0.5 → link 1
      q('2026-01-19', 'b', 'b1', 'm', 2),
      q('2026-01-26', 'a', 'a1', 'm', 40), // 2026-05: a ×2, b ×2, c new (no relative) → link 2
      q('2026-01-26', 'b', 'b1', 'm', 4),
      q('2026-01-26', 'c', 'c1', 'm', 9),
    ]);
    const points = chainIndex(table, options);
    expect(points.map((p) => [p.week, p.value, p.memberCount, p.comparedWith])).toEqual([
      ['2026-03', 100, 2, null],
      ['2026-04', 100, 2, '2026-03'],
      ['2026-05', 200, 2, '2026-04'],
    ]);
    expect(points[0]).toMatchObject({ weekStart: '2026-01-12', weekEnd: '2026-01-18', links: [] });
  });

  it('a week with too few members compared gets no value; the next week is compared with the last week that got one', () => {
    const table = weeklyTable([
      q('2026-01-12', 'a', 'a1', 'm', 10),
      q('2026-01-12', 'b', 'b1', 'm', 10),
      q('2026-01-19', 'a', 'a1', 'm', 11), // 2026-04: only a → no value
      q('2026-01-26', 'a', 'a1', 'm', 15), // 2026-05 vs 2026-03: a ×1.5, b ×1.5
      q('2026-01-26', 'b', 'b1', 'm', 15),
    ]);
    const points = chainIndex(table, options);
    expect(points.map((p) => p.week)).toEqual(['2026-03', '2026-05']);
    expect(points[1]).toMatchObject({ comparedWith: '2026-03', memberCount: 2 });
    expect(points[1]!.value).toBeCloseTo(150, 10);
  });

  it('a market that replaces another without an overlapping week cannot be linked: the chain stops', () => {
    const table = weeklyTable([
      q('2026-01-12', 'a', 'a1', 'old', 10),
      q('2026-01-12', 'b', 'b1', 'old', 10),
      q('2026-01-19', 'a', 'a1', 'new', 30),
      q('2026-01-19', 'b', 'b1', 'new', 30),
      q('2026-01-26', 'a', 'a1', 'new', 30),
      q('2026-01-26', 'b', 'b1', 'new', 30),
    ]);
    expect(chainIndex(table, options).map((p) => p.week)).toEqual(['2026-03']);
  });

  it("a family member's median moves with its matched series, not with a variant that joins", () => {
    const table = weeklyTable([
      q('2026-01-12', 'a', 'cheap', 'm', 10),
      q('2026-01-12', 'b', 'b1', 'm', 10),
      q('2026-01-19', 'a', 'cheap', 'm', 10),
      q('2026-01-19', 'a', 'luxury', 'm', 90), // a new expensive variant: the family median would jump to 50
      q('2026-01-19', 'b', 'b1', 'm', 10),
    ]);
    expect(chainIndex(table, options).map((p) => p.value)).toEqual([100, 100]);
  });
});
