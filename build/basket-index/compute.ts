/**
 * The weekly index, as pure functions of price quotes (no SQLite, no files):
 *
 * 1. A series is one catalogue variant in one market. Its weekly price is the mean of its daily
 *    averages in the ISO week (Monday–Sunday; several rows of one day count once, as their mean).
 * 2. Week t is compared with the last week that got a value (normally t−1; after a gap, the week
 *    before it). For each basket member, only the series priced in BOTH weeks are used (matched
 *    series), so a variant or market that appears or disappears never moves the index. The
 *    member's national median is the median of those series' weekly prices; its relative is
 *    median(t) / median(previous), over the same series.
 * 3. The week's link is the geometric mean of the members' relatives (Jevons). A member with no
 *    matched series is left out of that week: the others carry the change. The week counts only
 *    when at least `minMembers` members have a relative; otherwise it gets no value and the next
 *    week is compared with the last week that counted.
 * 4. value(t) = value(previous) × link(t). The first week with at least `minMembers` members
 *    priced is the base week, = baseValue.
 */
import { addDays, isoWeek, isoWeekMonday, type Day } from '../../core/dates.ts';

export type Quote = { day: Day; member: string; variant: string; market: string; price: number };

/** week → member → series (variant|market) → weekly price */
export type WeeklyTable = Map<string, Map<string, Map<string, number>>>;

export type MemberLink = {
  member: string;
  matched: number;
  previousMedian: number;
  currentMedian: number;
  relative: number;
};

export type IndexPoint = {
  week: string;
  weekStart: Day;
  weekEnd: Day;
  /** unrounded chained value; publish `round2(value)` */
  value: number;
  memberCount: number;
  /** the week this one was compared with; null for the base week */
  comparedWith: string | null;
  links: MemberLink[];
};

export function medianOf(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function geometricMean(values: readonly number[]): number {
  return Math.exp(values.reduce((n, v) => n + Math.log(v), 0) / values.length);
}

const weekCache = new Map<Day, string>();
/** The ISO week `YYYY-WW` of a day (memoised: called once per price row). */
export function weekOf(day: Day): string {
  let week = weekCache.get(day);
  if (week === undefined) weekCache.set(day, (week = isoWeek(day).week));
  return week;
}

export const round2 = (v: number) => Math.round(v * 100) / 100;
export const round4 = (v: number) => Math.round(v * 10_000) / 10_000;

/** Quotes → weekly prices per member and series (mean of daily means). */
export function weeklyTable(quotes: Iterable<Quote>): WeeklyTable {
  const table = new WeeklyTableBuilder();
  // Stable: quotes already in day order (the build's) keep their order, so their sums do too.
  for (const q of [...quotes].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))) table.add(q);
  return table.table();
}

type Sum = { week: string; member: string; series: string; sum: number; n: number };

/**
 * The weekly table built as quotes stream by, oldest day first: one day's daily sums are held at
 * a time and folded into the week's when the day changes: a decade of quotes held at once does
 * not fit a nightly runner's memory.
 */
export class WeeklyTableBuilder {
  private day: Day | null = null;
  /** member|series → the day's sum */
  private readonly daily = new Map<string, Sum>();
  private readonly weekly = new Map<string, Sum>();

  add(q: Quote): void {
    if (q.day !== this.day) {
      if (this.day !== null && q.day < this.day) throw new Error(`quotes out of day order: ${q.day} after ${this.day}`);
      this.fold();
      this.day = q.day;
    }
    const series = `${q.variant}|${q.market}`;
    const key = `${q.member}\u0000${series}`;
    let d = this.daily.get(key);
    if (!d) this.daily.set(key, (d = { week: weekOf(q.day), member: q.member, series, sum: 0, n: 0 }));
    d.sum += q.price;
    d.n++;
  }

  table(): WeeklyTable {
    this.fold();
    const table: WeeklyTable = new Map();
    for (const w of this.weekly.values()) {
      let members = table.get(w.week);
      if (!members) table.set(w.week, (members = new Map()));
      let series = members.get(w.member);
      if (!series) members.set(w.member, (series = new Map()));
      series.set(w.series, w.sum / w.n);
    }
    return table;
  }

  /** The day's mean per member and series joins its week. */
  private fold(): void {
    for (const d of this.daily.values()) {
      const key = `${d.week}\u0000${d.member}\u0000${d.series}`;
      let w = this.weekly.get(key);
      if (!w) this.weekly.set(key, (w = { week: d.week, member: d.member, series: d.series, sum: 0, n: 0 }));
      w.sum += d.sum / d.n;
      w.n++;
    }
    this.daily.clear();
  }
}

/** One member's relative between two weeks over the series priced in both, or null. */
export function memberLink(
  member: string,
  previous: Map<string, number> | undefined,
  current: Map<string, number> | undefined,
): MemberLink | null {
  if (!previous || !current) return null;
  const matched = [...current.keys()].filter((s) => previous.has(s)).sort();
  if (matched.length === 0) return null;
  const previousMedian = medianOf(matched.map((s) => previous.get(s)!));
  const currentMedian = medianOf(matched.map((s) => current.get(s)!));
  if (!(previousMedian > 0) || !(currentMedian > 0)) return null;
  return { member, matched: matched.length, previousMedian, currentMedian, relative: currentMedian / previousMedian };
}

export type ChainOptions = {
  members: readonly string[];
  minMembers: number;
  baseValue: number;
  weeks?: readonly string[];
};

/** The chained index over the weeks of the table (ascending), or over `weeks` when given. */
export function chainIndex(table: WeeklyTable, { members, minMembers, baseValue, weeks }: ChainOptions): IndexPoint[] {
  const order = [...(weeks ?? table.keys())].sort();
  const points: IndexPoint[] = [];
  let last: IndexPoint | null = null;
  for (const week of order) {
    const current = table.get(week);
    if (!current) continue;
    const { weekStart, weekEnd } = weekBounds(week);
    if (!last) {
      const priced = members.filter((m) => (current.get(m)?.size ?? 0) > 0).length;
      if (priced >= minMembers)
        points.push(
          (last = { week, weekStart, weekEnd, value: baseValue, memberCount: priced, comparedWith: null, links: [] }),
        );
      continue;
    }
    const previous = table.get(last.week)!;
    const links = members
      .map((m) => memberLink(m, previous.get(m), current.get(m)))
      .filter((l): l is MemberLink => l !== null);
    if (links.length < minMembers) continue;
    const value = last.value * geometricMean(links.map((l) => l.relative));
    points.push(
      (last = { week, weekStart, weekEnd, value, memberCount: links.length, comparedWith: last.week, links }),
    );
  }
  return points;
}

/** Monday and Sunday of an ISO week `YYYY-WW`. */
export function weekBounds(week: string): { weekStart: Day; weekEnd: Day } {
  const weekStart = isoWeekMonday(week);
  if (weekStart === null) throw new Error(`${week} is not an ISO week`);
  return { weekStart, weekEnd: addDays(weekStart, 6) };
}

/** The ISO week before `week` (`YYYY-WW`). */
export function previousWeekOf(week: string): string {
  return isoWeek(addDays(weekBounds(week).weekStart, -7)).week;
}

/** `YYYY-WW` that names a real ISO week (week 53 only in years that have one). */
export function isIsoWeek(week: string): boolean {
  return isoWeekMonday(week) !== null;
}
