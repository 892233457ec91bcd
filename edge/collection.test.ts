import { describe, expect, it } from 'vitest';
import { partitionsBetween } from '../core/collection-keys.ts';
import { addDays } from '../core/dates.ts';
import { itemsBody, sliceLines, window, type CollectionIndex } from './collection.ts';

/** An index over `counts` rows per day on every other day from 2025-12-01, in `order`. */
function indexOf(order: 'asc' | 'desc', counts: number[]): { index: CollectionIndex; days: [string, number][] } {
  let days = counts.map((n, i) => [addDays('2025-12-01', 2 * i), n] as [string, number]);
  if (order === 'desc') days = days.reverse();
  let sum = 0;
  const ends = days.map(([, n]) => (sum += n));
  const index = { kind: 'prices', key: 'k', order, scope: { category: null, city: null }, total: sum, days: days.map(([d]) => d).join(''), ends, partitions: '', partitionEnds: [], attribution: '' } as CollectionIndex;
  return { index, days };
}

/** The window by walking every day: what the binary searches must agree with. */
function walked(days: [string, number][], order: 'asc' | 'desc', from: string | null, to: string | null) {
  let offset = 0;
  let total = 0;
  for (const [day, n] of days) {
    const before = order === 'desc' ? to !== null && day > to : from !== null && day < from;
    if (before) offset += n;
    else if ((from === null || day >= from) && (to === null || day <= to)) total += n;
  }
  return { offset, total };
}

describe('collection window', () => {
  it('finds the rows of any day window by binary search, in both orders', () => {
    for (const order of ['asc', 'desc'] as const) {
      const { index, days } = indexOf(order, [3, 1, 7, 2, 5, 4, 6, 1, 1, 9]);
      const probes = [null, '2025-11-20', '2025-12-01', '2025-12-02', '2025-12-08', '2025-12-11', '2025-12-19', '2025-12-30'];
      for (const from of probes) {
        for (const to of probes) {
          if (from !== null && to !== null && from > to) continue;
          expect(window(index, from, to), `${order} ${from}…${to}`).toEqual(walked(days, order, from, to));
        }
      }
    }
  });

  it('handles a collection without days', () => {
    const { index } = indexOf('desc', []);
    expect(window(index, '2025-12-01', '2025-12-31')).toEqual({ offset: 0, total: 0 });
  });
});

describe('rows as bytes', () => {
  const bytes = new TextEncoder().encode('{"a":"Şehir"}\n{"b":2}\n{"c":3}\n');

  it('slices NDJSON lines without decoding them', () => {
    const lines = sliceLines(bytes, 1, 5).map((l) => new TextDecoder().decode(l));
    expect(lines).toEqual(['{"b":2}', '{"c":3}']);
    expect(sliceLines(bytes, 4, 1)).toEqual([]);
  });

  it('joins rows into a JSON body', () => {
    const body = itemsBody('{"items":[', sliceLines(bytes, 0, 3), '],"meta":{}}');
    expect(JSON.parse(new TextDecoder().decode(body))).toEqual({ items: [{ a: 'Şehir' }, { b: 2 }, { c: 3 }], meta: {} });
    expect(new TextDecoder().decode(itemsBody('[', [], ']'))).toBe('[]');
  });
});

describe('partitions of a page', () => {
  const hash = (c: string) => c.repeat(32);
  const list = { partitions: hash('a') + hash('b') + hash('c'), partitionEnds: [3, 5, 9] };
  const pick = (from: number, to: number) => partitionsBetween(list, from, to).map((p) => [p.path.slice(13, 14), p.start, p.rows]);

  it('finds the partitions holding rows [from, to) by their cumulative ends', () => {
    expect(pick(0, 3)).toEqual([['a', 0, 3]]);
    expect(pick(2, 4)).toEqual([['a', 0, 3], ['b', 3, 2]]);
    expect(pick(5, 6)).toEqual([['c', 5, 4]]);
    expect(pick(0, 9)).toHaveLength(3);
    expect(pick(9, 10)).toEqual([]);
    expect(partitionsBetween(list, 0, 1)[0]!.path).toBe(`api/v1/_p/aa/${hash('a')}.ndjson`);
  });
});
