/** When a run of repeated lists makes a source frozen (README, Sources). */
import { describe, expect, it } from 'vitest';
import { isFrozenRun, repeatRuns } from './bulletins.ts';

describe('frozen sources', () => {
  it('runs of repeats are counted per market, the current run last', () => {
    expect(repeatRuns([0, 1, 1, 0, 0, 1])).toEqual([2, 1]);
    expect(repeatRuns([0, 1, 1, 1, 0])).toEqual([3, 0]);
    expect(repeatRuns([])).toEqual([0]);
  });

  it('four repeats in a row make a source frozen, three do not', () => {
    expect(isFrozenRun([3])).toBe(false);
    expect(isFrozenRun([4])).toBe(true);
  });

  it('a market that has repeated itself before needs two more than its longest earlier run', () => {
    expect(isFrozenRun([3, 4])).toBe(false);
    expect(isFrozenRun([3, 5])).toBe(true);
    expect(isFrozenRun([5, 6])).toBe(false);
    expect(isFrozenRun([5, 7])).toBe(true);
  });
});
