/**
 * Publishing calendars, shared by the build (freshness at build time) and the edge (freshness
 * on the day of the request, when the nightly build is late): pure functions only.
 */
import { addDays, dayToEpochDays, isoWeekday, type Day } from './dates.ts';
import { lowerBound } from './sorted.ts';

/**
 * When a source publishes: its weekdays, the full public holidays (closed markets), and its
 * data lag (1 when the list of day D appears on D+1: İBB, HKS).
 */
export type PublishingCalendar = { publishingDays: ReadonlySet<number>; holidays: ReadonlySet<Day>; lagDays?: number };

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

/**
 * Data days d after lastDay whose list should have appeared before today: publishing days with
 * lastDay < d and d + lag < today (O(log holidays), called once per published row).
 */
export function missedPublishingDays(calendar: PublishingCalendar, lastDay: Day, today: Day): number {
  const from = dayToEpochDays(lastDay) + 1;
  const to = dayToEpochDays(today) - (calendar.lagDays ?? 0);
  if (to <= from) return 0;
  const holidays = holidayEpochs(calendar.holidays);
  let missed = weekdaysBetween(calendar.publishingDays, from, to);
  for (let i = lowerBound(holidays, from); i < holidays.length && holidays[i]! < to; i++) {
    if (calendar.publishingDays.has(((holidays[i]! + 3) % 7) + 1)) missed--;
  }
  return missed;
}

/** Up to this many missed publishing days data is `delayed` (within tolerance); beyond, `stale`. */
export const DELAYED_TOLERANCE_DAYS = 2;

/** The age part of the freshness rule: 0 missed → fresh, up to the tolerance → delayed, beyond → stale. */
export function classByMissedDays(missed: number): 'fresh' | 'delayed' | 'stale' {
  return missed === 0 ? 'fresh' : missed <= DELAYED_TOLERANCE_DAYS ? 'delayed' : 'stale';
}

/** The next `count` publishing days after `after`: publishing weekdays that are not full holidays. */
export function nextPublishingDays(calendar: PublishingCalendar, after: Day, count: number): Day[] {
  const days: Day[] = [];
  if (calendar.publishingDays.size === 0) return days;
  for (let d = addDays(after, 1); days.length < count; d = addDays(d, 1))
    if (calendar.publishingDays.has(isoWeekday(d)) && !calendar.holidays.has(d)) days.push(d);
  return days;
}
