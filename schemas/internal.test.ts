/** The collection directory's own checks (what every directory the build writes passes: tests/archive/contract.test.ts). */
import { describe, expect, it } from 'vitest';
import { CollectionDirectory, type CollectionDirectoryT } from './internal.ts';

const directory: CollectionDirectoryT = {
  kind: 'prices',
  key: 'all',
  order: 'desc',
  scope: { category: null, city: null },
  total: 5,
  days: '2026-07-222026-07-21',
  ends: [2, 5],
  partitions: '0123456789abcdef0123456789abcdef',
  partitionEnds: [5],
  agingFrom: null,
  attribution: 'Kaynak: test',
};

describe('collection directory', () => {
  it('takes cumulative row counts that grow from 1', () => {
    expect(CollectionDirectory.parse(directory)).toEqual(directory);
    expect(
      CollectionDirectory.parse({ ...directory, ends: [], days: '', partitions: '', partitionEnds: [], total: 0 }).ends,
    ).toEqual([]);
  });

  it.each([
    ['a count that does not grow', { ends: [2, 2] }],
    ['a count that falls', { partitionEnds: [5, 3] }],
    ['a first count of 0', { ends: [0, 5] }],
    ['a fraction', { ends: [1.5, 5] }],
    ['a string', { ends: ['2', '5'] }],
    ['not a list', { partitionEnds: 5 }],
  ])('refuses %s', (_, change) => {
    const result = CollectionDirectory.safeParse({ ...directory, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toMatch(/cumulative row counts/);
  });
});
