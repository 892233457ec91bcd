import { describe, expect, it } from 'vitest';
import { rangeApplies, snapshotFileKey, wantedOf } from './snapshot-files.ts';

describe('wantedOf', () => {
  it.each([
    ['bytes=0-99', { span: { offset: 0, length: 100 } }],
    ['bytes=990-', { span: { offset: 990, length: 10 } }],
    ['bytes=-10', { span: { offset: 990, length: 10 } }],
    ['bytes=-5000', { span: { offset: 0, length: 1000 } }],
    ['bytes=990-5000', { span: { offset: 990, length: 10 } }],
    ['BYTES = 5-5', { span: { offset: 5, length: 1 } }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=1000-1001', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=0-9,20-29', { span: null }],
    ['bytes=9-2', { span: null }],
    ['bytes=', { span: null }],
    ['items=0-9', { span: null }],
    ['bytes=1.5-2', { span: null }],
  ])('%s of 1000 bytes → %j', (range, wanted) => {
    expect(wantedOf(range, 1000)).toEqual(wanted);
  });

  it('asks nothing of an empty file but the whole of it', () => {
    expect(wantedOf(null, 0)).toEqual({ span: null });
    expect(wantedOf('bytes=0-', 0)).toBe('unsatisfiable');
    expect(wantedOf('bytes=-1', 0)).toBe('unsatisfiable');
  });
});

describe('rangeApplies', () => {
  it('compares If-Range strongly with the ETag', () => {
    expect(rangeApplies(null, '"a"')).toBe(true);
    expect(rangeApplies('"a"', '"a"')).toBe(true);
    expect(rangeApplies('W/"a"', '"a"')).toBe(false);
    expect(rangeApplies('"b"', '"a"')).toBe(false);
    expect(rangeApplies('Wed, 21 Oct 2015 07:28:00 GMT', '"a"')).toBe(false);
    expect(rangeApplies('""', '')).toBe(false);
  });
});

describe('snapshotFileKey', () => {
  it.each([
    ['/snapshots/2026-07-23/0123456789ab/hal.sqlite.gz', 'snapshots/2026-07-23/0123456789ab/hal.sqlite.gz'],
    ['/snapshots/2026-07-23/0123456789ab/csv/prices.csv.gz', 'snapshots/2026-07-23/0123456789ab/csv/prices.csv.gz'],
    ['/snapshots/2026-07-23/0123456789ab/SHA256SUMS', 'snapshots/2026-07-23/0123456789ab/SHA256SUMS'],
    [
      '/snapshots/2026-07-23/0123456789ab/parquet/observations/year=2025/observations.parquet',
      'snapshots/2026-07-23/0123456789ab/parquet/observations/year=2025/observations.parquet',
    ],
    ['/snapshots/2026-07-23/0123456789ab/=x/a', null],
    ['/snapshots/index.json', null],
    ['/snapshots/2026-07-23/0123456789ab', null],
    ['/snapshots/2026-07-23/0123456789ab/../../builds/x', null],
    ['/snapshots/2026-07-23/0123456789ab/.hidden', null],
    ['/snapshots/2026-07-23/0123456789ab/a//b', null],
    ['/snapshots/2026-7-23/0123456789ab/x', null],
    ['/snapshots/2026-07-23/XYZ/x', null],
    ['/snapshots/2026-07-23/0123456789ab/%2e%2e', null],
  ])('%s → %s', (path, key) => {
    expect(snapshotFileKey(path)).toBe(key);
  });
});
