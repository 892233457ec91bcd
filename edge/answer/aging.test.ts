import type { EdgeCalendarsT } from '../../schemas/internal.ts';
import { describe, expect, it } from 'vitest';
import { ageValue, buildIsLate } from './aging.ts';

const calendars: EdgeCalendarsT = {
  today: '2026-11-20',
  fallback: { days: [1, 2, 3, 4, 5, 6], lag: 0 },
  sources: { izmir: { days: [1, 2, 3, 4, 5, 6], lag: 0 }, 'hal-gov-tr': { days: [1, 2, 3, 4, 5, 6], lag: 1 } },
  holidays: ['2026-10-29'],
};
const block = (over: object) => ({
  source: 'izmir',
  dataDate: '2026-11-19',
  freshness: 'fresh',
  isStale: false,
  warnings: [] as string[],
  ...over,
});

describe('re-aging freshness on a later day than the build', () => {
  it('turns fresh into delayed and then stale as publishing days pass, never fresher', () => {
    const rows = { items: [block({}), block({ freshness: 'stale', isStale: true, warnings: ['data_stale'] })] };
    expect(ageValue(rows, calendars, '2026-11-20')).toBe(false);
    expect(ageValue(rows, calendars, '2026-11-21')).toBe(true);
    expect(rows.items[0]).toMatchObject({ freshness: 'delayed', isStale: false, warnings: ['data_delayed'] });
    expect(ageValue(rows, calendars, '2026-11-26')).toBe(true);
    expect(rows.items[0]).toMatchObject({ freshness: 'stale', isStale: true, warnings: ['data_stale'] });
    expect(rows.items[1]).toMatchObject({ freshness: 'stale', warnings: ['data_stale'] });
  });

  it("keeps other warnings, uses the source's lag, and ages nested blocks (latest items name their sources)", () => {
    const hks = {
      sources: ['hal-gov-tr'],
      dataDate: '2026-11-19',
      freshness: 'fresh',
      isStale: false,
      warnings: ['computed_midpoint'],
    };
    expect(ageValue({ items: [hks] }, calendars, '2026-11-21')).toBe(false);
    const izmir = block({ warnings: ['computed_midpoint'] });
    expect(ageValue({ deep: { items: [izmir] } }, calendars, '2026-11-21')).toBe(true);
    expect(izmir.warnings).toEqual(['data_delayed', 'computed_midpoint']);
  });

  it('calls a build late past 10:00 the next day, or from two days on', () => {
    expect(buildIsLate('2026-11-20', '2026-11-21', 9)).toBe(false);
    expect(buildIsLate('2026-11-20', '2026-11-21', 10)).toBe(true);
    expect(buildIsLate('2026-11-20', '2026-11-22', 1)).toBe(true);
    expect(buildIsLate('2026-11-20', '2026-11-20', 23)).toBe(false);
  });
});
