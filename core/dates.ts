/**
 * Calendar days are strings `YYYY-MM-DD` (Europe/Istanbul). Turkey has kept UTC+3 all year
 * since 2016, but older data days and the day of a timestamp are computed with Intl so the
 * rule stays right if the zone changes again.
 */
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

export type Day = string;

/** A real calendar day in `YYYY-MM-DD` form (rejects 2026-02-30, 2026-13-01, 26-1-1). */
export function isDay(value: string): value is Day {
  const m = DAY_PATTERN.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

export function dayToEpochDays(day: Day): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY);
}

export function epochDaysToDay(n: number): Day {
  return new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
}

export function addDays(day: Day, n: number): Day {
  return epochDaysToDay(dayToEpochDays(day) + n);
}

export function daysBetween(from: Day, to: Day): number {
  return dayToEpochDays(to) - dayToEpochDays(from);
}

/** ISO weekday: Monday 1 … Sunday 7. */
export function isoWeekday(day: Day): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

const istanbulFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Istanbul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Europe/Istanbul calendar day of a moment. */
export function istanbulDay(moment: Date): Day {
  return istanbulFormat.format(moment);
}

/** `YYYY-WW` ISO week of a day, with its Monday and Sunday. */
export function isoWeek(day: Day): { week: string; weekStart: Day; weekEnd: Day } {
  const weekStart = addDays(day, 1 - isoWeekday(day));
  const thursday = addDays(weekStart, 3);
  const year = thursday.slice(0, 4);
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return { week: `${year}-${String(week).padStart(2, '0')}`, weekStart, weekEnd: addDays(weekStart, 6) };
}

/** Monday of the ISO week `YYYY-WW`; null when no such week exists (week 53 of a 52-week year). */
export function isoWeekMonday(week: string): Day | null {
  if (!/^\d{4}-(0[1-9]|[1-4]\d|5[0-3])$/.test(week)) return null;
  // ISO week 1 holds 4 January.
  const monday = addDays(isoWeek(`${week.slice(0, 4)}-01-04`).weekStart, (Number(week.slice(5)) - 1) * 7);
  return isoWeek(monday).week === week ? monday : null;
}

/** Parse Turkish `D.M.YYYY` / `DD.MM.YYYY` (bulletin headings) to a day, or null. */
export function parseDottedDay(text: string): Day | null {
  const m = /^\s*(\d{1,2})[./](\d{1,2})[./](\d{4})\s*$/.exec(text);
  if (!m) return null;
  const day = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isDay(day) ? day : null;
}
