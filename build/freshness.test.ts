import { describe, expect, it } from 'vitest';
import { classifyRow, missedPublishingDays, type SourceFreshnessState } from './freshness.ts';

const monToSat = { publishingDays: new Set([1, 2, 3, 4, 5, 6]), holidays: new Set<string>() };
const live = (latestDay: string, condition: SourceFreshnessState['condition'] = 'ok'): SourceFreshnessState => ({ calendar: monToSat, latestDay, condition });
const row = (day: string, extra: Partial<Parameters<typeof classifyRow>[0]> = {}) => ({ day, fromArchive: false, midpoint: false, corrected: false, fetchedAt: '2026-11-20T05:00:00Z', ...extra });

describe('missed publishing days', () => {
  it('never counts today, Sundays or holidays', () => {
    // Friday 2026-11-20 → Monday 2026-11-23: Saturday missed, Sunday not a publishing day.
    expect(missedPublishingDays(monToSat, '2026-11-20', '2026-11-23')).toBe(1);
    expect(missedPublishingDays(monToSat, '2026-11-21', '2026-11-23')).toBe(0);
    expect(missedPublishingDays({ ...monToSat, holidays: new Set(['2026-11-21']) }, '2026-11-20', '2026-11-23')).toBe(0);
    expect(missedPublishingDays(monToSat, '2026-11-23', '2026-11-23')).toBe(0);
  });
});

describe('row freshness', () => {
  it('fresh, delayed, stale by missed days', () => {
    expect(classifyRow(row('2026-11-20'), live('2026-11-20'), '2026-11-21')).toMatchObject({ freshness: 'fresh', isStale: false, warnings: [] });
    expect(classifyRow(row('2026-11-19'), live('2026-11-19'), '2026-11-21')).toMatchObject({ freshness: 'delayed', isStale: false, warnings: ['data_delayed'] });
    expect(classifyRow(row('2026-11-16'), live('2026-11-16'), '2026-11-21')).toMatchObject({ freshness: 'stale', isStale: true, warnings: ['data_stale'] });
  });

  it('archive rows are stale with static_archive; midpoints and corrections say so', () => {
    expect(classifyRow(row('2026-11-20', { fromArchive: true }), live('2026-11-20'), '2026-11-21')).toMatchObject({ freshness: 'stale', isStale: true, warnings: ['static_archive'] });
    expect(classifyRow(row('2026-11-20', { midpoint: true, corrected: true }), live('2026-11-20'), '2026-11-21').warnings).toEqual(['computed_midpoint', 'corrected_value']);
  });

  it("a source's condition marks only its latest day", () => {
    expect(classifyRow(row('2026-11-19'), live('2026-11-19', 'blocked'), '2026-11-21')).toMatchObject({ freshness: 'failed', isStale: true, warnings: ['data_delayed', 'source_blocked'] });
    expect(classifyRow(row('2026-11-18'), live('2026-11-19', 'blocked'), '2026-11-21')).toMatchObject({ freshness: 'delayed', warnings: ['data_delayed'] });
    expect(classifyRow(row('2026-11-20'), live('2026-11-20', 'frozen'), '2026-11-21')).toMatchObject({ freshness: 'stale', warnings: ['source_frozen'] });
    // A failed fetch does not fail data that is still current.
    expect(classifyRow(row('2026-11-20'), live('2026-11-20', 'last_fetch_failed'), '2026-11-21')).toMatchObject({ freshness: 'fresh', warnings: [] });
    expect(classifyRow(row('2026-11-19'), live('2026-11-19', 'last_fetch_failed'), '2026-11-21')).toMatchObject({ freshness: 'failed', warnings: ['data_delayed', 'last_fetch_failed'] });
  });
});
