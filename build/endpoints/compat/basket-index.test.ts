import { describe, expect, it } from 'vitest';
import { chainIndex, type WeeklyTable } from '../../basket-index/compute.ts';
import { basketAverage } from './basket-index.ts';

/** week → member → series → weekly price */
const tableOf = (weeks: Record<string, Record<string, Record<string, number>>>): WeeklyTable =>
  new Map(
    Object.entries(weeks).map(([week, members]) => [
      week,
      new Map(Object.entries(members).map(([member, series]) => [member, new Map(Object.entries(series))])),
    ]),
  );

describe("the variant's basketAvg", () => {
  const table = tableOf({
    '2026-01': { a: { 'a|x': 10, 'a|y': 20, 'a|z': 60 }, b: { 'b|x': 4 }, c: { 'c|x': 7 } },
    // c is priced but not compared (its series is new); a's median over all its series is 30.
    '2026-02': { a: { 'a|x': 12, 'a|y': 30, 'a|w': 100 }, b: { 'b|x': 6 }, c: { 'c|new': 9 } },
  });
  const points = chainIndex(table, { members: ['a', 'b', 'c'], minMembers: 2, baseValue: 100 });

  it('the base week: the mean of the medians of the products priced in it', () => {
    expect(points[0]!.memberCount).toBe(3);
    expect(basketAverage(points[0]!, table, ['a', 'b', 'c'])).toBeCloseTo((20 + 4 + 7) / 3, 10);
  });

  it('a later week: the products compared (productsCount of them), each at its median over all its series', () => {
    expect(points[1]!.memberCount).toBe(2);
    expect(basketAverage(points[1]!, table, ['a', 'b', 'c'])).toBeCloseTo((30 + 6) / 2, 10);
  });
});
