/**
 * Freshness is computed at build time from the row's data day, the source's publishing
 * calendar, the approved holidays, the source's condition and the build day (`today`).
 *
 * Missed publishing days: the days d with lastDay < d < today that the source publishes data
 * for (a publishing weekday, not a holiday). Today itself is never missed: the list may still
 * appear later in the day, and the nightly build runs in the early morning.
 *
 * History stays immutable: a source's condition (blocked, frozen, failed fetch …) only marks
 * the rows of its latest data day; older rows are classified by their age alone.
 */
import { dayToEpochDays, isoWeekday, type Day } from '../core/dates.ts';
import { WARNING_CODES, type FreshnessBlock, type WarningCode } from '../schemas/common.ts';

export type PublishingCalendar = { publishingDays: ReadonlySet<number>; holidays: ReadonlySet<Day> };

export type SourceCondition = 'ok' | 'blocked' | 'unreachable' | 'broken' | 'frozen' | 'paused' | 'last_fetch_failed';

export type SourceFreshnessState = {
  calendar: PublishingCalendar;
  latestDay: Day | null;
  condition: SourceCondition;
};

export function isPublishingDay(calendar: PublishingCalendar, day: Day): boolean {
  return calendar.publishingDays.has(isoWeekday(day)) && !calendar.holidays.has(day);
}

/** Publishing weekdays in the epoch-day range [from, to), by whole weeks plus the remainder. */
function weekdaysBetween(days: ReadonlySet<number>, from: number, to: number): number {
  if (to <= from) return 0;
  const span = to - from;
  let count = Math.floor(span / 7) * days.size;
  // 1970-01-01 (epoch day 0) was a Thursday, ISO weekday 4.
  for (let d = from + span - (span % 7); d < to; d++) if (days.has(((d + 3) % 7) + 1)) count++;
  return count;
}

const sortedHolidays = new WeakMap<ReadonlySet<Day>, number[]>();
function holidayEpochs(holidays: ReadonlySet<Day>): number[] {
  let list = sortedHolidays.get(holidays);
  if (!list) sortedHolidays.set(holidays, (list = [...holidays].map(dayToEpochDays).sort((a, b) => a - b)));
  return list;
}

function lowerBound(list: number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Publishing days d with lastDay < d < today (O(log holidays), called once per published row). */
export function missedPublishingDays(calendar: PublishingCalendar, lastDay: Day, today: Day): number {
  const from = dayToEpochDays(lastDay) + 1;
  const to = dayToEpochDays(today);
  if (to <= from) return 0;
  const holidays = holidayEpochs(calendar.holidays);
  let missed = weekdaysBetween(calendar.publishingDays, from, to);
  for (let i = lowerBound(holidays, from); i < holidays.length && holidays[i]! < to; i++) {
    if (calendar.publishingDays.has(((holidays[i]! + 3) % 7) + 1)) missed--;
  }
  return missed;
}

const CONDITION_WARNING: Partial<Record<SourceCondition, WarningCode>> = {
  blocked: 'source_blocked',
  unreachable: 'source_unreachable',
  broken: 'source_broken',
  last_fetch_failed: 'last_fetch_failed',
};

export type RowFacts = { day: Day; fromArchive: boolean; midpoint: boolean; corrected: boolean; fetchedAt: string | null };

export function classifyRow(row: RowFacts, source: SourceFreshnessState, today: Day): FreshnessBlock {
  const warnings = new Set<WarningCode>();
  const missed = missedPublishingDays(source.calendar, row.day, today);
  const isLatest = row.day === source.latestDay;
  let freshness: FreshnessBlock['freshness'] = missed === 0 ? 'fresh' : missed <= 2 ? 'delayed' : 'stale';
  if (freshness === 'delayed') warnings.add('data_delayed');
  if (freshness === 'stale') warnings.add('data_stale');
  if (row.fromArchive) {
    freshness = 'stale';
    warnings.add('static_archive');
  }
  if (isLatest) {
    const conditionWarning = CONDITION_WARNING[source.condition];
    if (source.condition === 'frozen') {
      freshness = 'stale';
      warnings.add('source_frozen');
    } else if (conditionWarning && (source.condition !== 'last_fetch_failed' || missed > 0)) {
      // A failed latest fetch only fails data that is not current any more.
      freshness = 'failed';
      warnings.add(conditionWarning);
    } else if (source.condition === 'paused') {
      warnings.add('collection_paused');
    }
  }
  if (row.midpoint) warnings.add('computed_midpoint');
  if (row.corrected) warnings.add('corrected_value');
  return block(row.day, row.fetchedAt, freshness, warnings);
}

/** A source or market with no recorded data day. */
export function unavailable(): FreshnessBlock {
  return block(null, null, 'unavailable', new Set(['no_data']));
}

function block(dataDate: Day | null, fetchedAt: string | null, freshness: FreshnessBlock['freshness'], warnings: Set<WarningCode>): FreshnessBlock {
  return {
    dataDate,
    fetchedAt,
    isStale: freshness === 'stale' || freshness === 'failed' || freshness === 'unavailable',
    freshness,
    warnings: WARNING_CODES.filter((w) => warnings.has(w)),
  };
}

/** Order used to pick the most current of several classifications. */
export const FRESHNESS_RANK: Record<FreshnessBlock['freshness'], number> = { fresh: 0, delayed: 1, stale: 2, failed: 3, unavailable: 4 };
