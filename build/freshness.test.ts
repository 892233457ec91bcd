/**
 * Every cell of the freshness rule (docs/freshness.md), with named date scenarios on the real
 * 2026 holiday calendar: weekends, the Kurban Bayramı week, and a source whose list of day D
 * appears on D+1 (İBB, HKS).
 */
import { describe, expect, it } from 'vitest';
import { classifyRow, missedPublishingDays, unavailable, type SourceFreshnessState } from './freshness.ts';
import { readHolidays } from '../store/holidays.ts';

const holidays = new Set(
  readHolidays()
    .filter((h) => !h.halfDay)
    .map((h) => h.day),
);
const monToSat = { publishingDays: new Set([1, 2, 3, 4, 5, 6]), holidays };
const lagOne = { ...monToSat, lagDays: 1 };
const state = (
  latestDay: string,
  condition: SourceFreshnessState['condition'] = 'ok',
  calendar = monToSat,
): SourceFreshnessState => ({ calendar, latestDay, condition });
const row = (day: string, extra: Partial<Parameters<typeof classifyRow>[0]> = {}) => ({
  day,
  fromArchive: false,
  midpoint: false,
  corrected: false,
  fetchedAt: '2026-11-20T05:00:00Z',
  ...extra,
});

describe('missed publishing days', () => {
  it('a weekend: Friday → Monday misses Saturday only; Saturday → Monday misses nothing', () => {
    expect(missedPublishingDays(monToSat, '2026-11-20', '2026-11-23')).toBe(1);
    expect(missedPublishingDays(monToSat, '2026-11-21', '2026-11-23')).toBe(0);
    expect(missedPublishingDays(monToSat, '2026-11-23', '2026-11-23')).toBe(0);
  });

  it('a bayram week: from the Kurban eve (26 May 2026) to Monday 1 June nothing is missed; without holidays four days would be', () => {
    expect(missedPublishingDays(monToSat, '2026-05-26', '2026-06-01')).toBe(0);
    expect(missedPublishingDays({ ...monToSat, holidays: new Set() }, '2026-05-26', '2026-06-01')).toBe(4);
    // Republic Day (29 October 2026, Thursday) is a holiday; its eve is a half day and a publishing day.
    expect(missedPublishingDays(monToSat, '2026-10-27', '2026-10-30')).toBe(1);
  });

  it('a source publishing the previous day: the list of D is due on D+1, so it is missed only from D+2', () => {
    expect(missedPublishingDays(lagOne, '2026-11-18', '2026-11-20')).toBe(0);
    expect(missedPublishingDays(lagOne, '2026-11-18', '2026-11-21')).toBe(1);
    expect(missedPublishingDays(monToSat, '2026-11-18', '2026-11-20')).toBe(1);
  });
});

describe('the freshness table, cell by cell', () => {
  const today = '2026-11-21'; // Saturday
  it.each([
    ['data day is yesterday (Friday)', row('2026-11-20'), state('2026-11-20'), 'fresh', false, []],
    ['one publishing day missed', row('2026-11-19'), state('2026-11-19'), 'delayed', false, ['data_delayed']],
    ['two publishing days missed', row('2026-11-18'), state('2026-11-18'), 'delayed', false, ['data_delayed']],
    ['three publishing days missed', row('2026-11-17'), state('2026-11-17'), 'stale', true, ['data_stale']],
    [
      'a row superseded by newer data is classified by its age alone',
      row('2026-11-16'),
      state('2026-11-20', 'blocked'),
      'stale',
      true,
      ['data_stale'],
    ],
    [
      'a static archive row, however recent',
      row('2026-11-20', { fromArchive: true }),
      state('2026-11-20'),
      'stale',
      true,
      ['static_archive'],
    ],
    [
      'an old static archive row',
      row('2026-07-23', { fromArchive: true }),
      state('2026-07-23'),
      'stale',
      true,
      ['data_stale', 'static_archive'],
    ],
    ['the source repeats its list', row('2026-11-20'), state('2026-11-20', 'frozen'), 'stale', true, ['source_frozen']],
    [
      'the source blocks us (current data)',
      row('2026-11-20'),
      state('2026-11-20', 'blocked'),
      'failed',
      true,
      ['source_blocked'],
    ],
    [
      'the source is unreachable',
      row('2026-11-19'),
      state('2026-11-19', 'unreachable'),
      'failed',
      true,
      ['data_delayed', 'source_unreachable'],
    ],
    [
      'the source layout changed',
      row('2026-11-17'),
      state('2026-11-17', 'broken'),
      'failed',
      true,
      ['data_stale', 'source_broken'],
    ],
    [
      'the latest fetch failed and the data is not current',
      row('2026-11-19'),
      state('2026-11-19', 'last_fetch_failed'),
      'failed',
      true,
      ['data_delayed', 'last_fetch_failed'],
    ],
    [
      'the latest fetch failed but the data is current',
      row('2026-11-20'),
      state('2026-11-20', 'last_fetch_failed'),
      'fresh',
      false,
      [],
    ],
    [
      'collection is paused',
      row('2026-11-19'),
      state('2026-11-19', 'paused'),
      'delayed',
      false,
      ['data_delayed', 'collection_paused'],
    ],
    [
      'the average is a computed midpoint',
      row('2026-11-20', { midpoint: true }),
      state('2026-11-20'),
      'fresh',
      false,
      ['computed_midpoint'],
    ],
    [
      'an administrator corrected the value',
      row('2026-11-20', { corrected: true }),
      state('2026-11-20'),
      'fresh',
      false,
      ['corrected_value'],
    ],
    [
      "a lag-one source on Saturday with Thursday's list",
      row('2026-11-19'),
      state('2026-11-19', 'ok', lagOne),
      'fresh',
      false,
      [],
    ],
    [
      "a lag-one source with Wednesday's list on Saturday",
      row('2026-11-18'),
      state('2026-11-18', 'ok', lagOne),
      'delayed',
      false,
      ['data_delayed'],
    ],
  ] as const)('%s → %s', (_, r, s, freshness, isStale, warnings) => {
    expect(classifyRow(r, s, today)).toEqual({
      dataDate: r.day,
      fetchedAt: r.fetchedAt,
      freshness,
      isStale,
      warnings: [...warnings],
    });
  });

  it('no recorded data day → unavailable with no_data', () => {
    expect(unavailable()).toEqual({
      dataDate: null,
      fetchedAt: null,
      freshness: 'unavailable',
      isStale: true,
      warnings: ['no_data'],
    });
    // The source's condition still says why: a paused source (trabzon) is collection_paused.
    expect(unavailable('paused').warnings).toEqual(['no_data', 'collection_paused']);
    expect(unavailable('blocked').warnings).toEqual(['no_data', 'source_blocked']);
    expect(unavailable('last_fetch_failed').warnings).toEqual(['no_data', 'last_fetch_failed']);
  });

  it("after the Kurban Bayramı week, the eve's list is still fresh on Monday", () => {
    expect(classifyRow(row('2026-05-26'), state('2026-05-26'), '2026-06-01')).toMatchObject({
      freshness: 'fresh',
      warnings: [],
    });
  });
});

describe('the holiday calendar', () => {
  it('covers every year of our data and the year after the build day, with both bayrams each year', () => {
    const all = readHolidays();
    for (let year = 2014; year <= 2027; year++) {
      const ofYear = all.filter((h) => h.day.startsWith(String(year)));
      expect(
        ofYear.filter((h) => h.name.includes('Ramazan Bayramı') && !h.halfDay),
        String(year),
      ).toHaveLength(3);
      expect(
        ofYear.filter((h) => h.name.includes('Kurban Bayramı') && !h.halfDay),
        String(year),
      ).toHaveLength(4);
      expect(ofYear.some((h) => h.day === `${year}-10-29`)).toBe(true);
    }
    expect(all.some((h) => h.day.startsWith(String(new Date().getUTCFullYear() + 1)))).toBe(true);
  });
});
