/**
 * One time collection being written: lines arrive in time order (newest first for /prices,
 * oldest first for history) and are cut into partitions by calendar period and size, each
 * written as soon as it closes, so memory holds only the open partition's lines (in the arena)
 * and the per-day counts of the directory.
 *
 * Cuts are counted from the oldest row of each period, whichever way the stream runs: a
 * period's oldest partitions are full (MAX rows) and its newest holds the remainder, so a new
 * day changes only the newest partition of its period and every older partition keeps its
 * bytes (the incremental build reuses them, build/incremental/). A newest-first stream needs
 * the period's row count before its first row: the caller's census gives it (`periodRows`);
 * without it (daily partitions, whose census would cost a count per collection and day) the
 * period's lines are held until the period ends and cut then (a day is small).
 *
 * Stored newest first either way: an oldest-first stream (history) writes each partition's
 * lines reversed and reverses the directory at the end. The edge answers history oldest first by
 * reading newest-first rows backwards, and the common history question (the last days or
 * weeks) is the start of the newest partition, inflated only that far.
 */
import type { Day } from '../core/dates.ts';
import { collectionDirectoryPath } from '../core/collection-keys.ts';
import { CollectionDirectory, type CollectionDirectoryT } from '../schemas/internal.ts';
import type { Compaction, LineArena, LineRef } from './line-arena.ts';
import type { OutputWriter } from './writer.ts';

export type Granularity = 'day' | 'month' | 'year' | 'all';
const DAILY_FROM = 1000;
const MONTHLY_FROM = 1000;
const SINGLE_UP_TO = 1000;
/** ≥ the largest page (200), so a page spans at most two partitions */
export const MAX_PARTITION_ROWS = 1000;

/**
 * A page must come from one or two partitions that the edge can scan quickly: dense collections
 * (a national day is ~7,500 rows) get one partition per day, others per month or year.
 * `days` is not counted for history's time collections (never daily).
 */
export function granularityOf(total: number, months: number, days?: number): Granularity {
  if (total <= SINGLE_UP_TO) return 'all';
  if (days !== undefined && total / days >= DAILY_FROM) return 'day';
  return total / months >= MONTHLY_FROM ? 'month' : 'year';
}

/** Only these classes change when served later (edge/answer/aging.ts): stale, failed and unavailable stay. */
export const isAgeable = (freshness: string): boolean => freshness === 'fresh' || freshness === 'delayed';

function periodOf(granularity: Granularity, day: Day): string {
  return granularity === 'day'
    ? day
    : granularity === 'month'
      ? day.slice(0, 7)
      : granularity === 'year'
        ? day.slice(0, 4)
        : 'all';
}

/** One string per calendar day however many rows name it: the day lists of every collection share them. */
const interned = new Map<string, Day>();
function intern(day: Day): Day {
  let d = interned.get(day);
  if (d === undefined) interned.set(day, (d = day));
  return d;
}

export type TimeCollectionDirectory = Pick<CollectionDirectoryT, 'kind' | 'key' | 'scope' | 'attribution'>;

/** Cumulative counts of a list, for the list reversed. */
function reversedEnds(ends: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = ends.length - 1, sum = 0; i >= 0; i--) out.push((sum += ends[i]! - (i === 0 ? 0 : ends[i - 1]!)));
  return out;
}

/** A partition of a previous build, offered whole (build/incremental/): its hash, rows and distinct days, newest first. */
export type StoredPartition = { hash: string; rows: number; days: readonly Day[]; dayRows: readonly number[] };

export class TimeCollection {
  private lines: LineRef[] = [];
  private period: string | null = null;
  /** rows of the open period not yet pushed (newest-first streams with a known count), else null */
  private left: number | null = null;
  /** size of the partition being filled: MAX, or the remainder a newest-first period starts with */
  private cut: number;
  private total = 0;
  private readonly dayList: Day[] = [];
  /** rows up to and including each day of dayList (the directory's `ends`) */
  private readonly dayEnds: number[] = [];
  private readonly hashes: string[] = [];
  private readonly partitionEnds: number[] = [];
  private agingFrom: Day | null = null;

  constructor(
    private readonly granularity: Granularity,
    /** the order lines are pushed in */
    readonly stream: 'asc' | 'desc',
    private readonly arena: LineArena,
    private readonly writer: OutputWriter,
    private readonly maxRows = MAX_PARTITION_ROWS,
    /** newest-first streams: the rows of a period (the census); absent, a period's lines are held until it ends */
    private readonly periodRows?: (period: string) => number,
  ) {
    this.cut = maxRows;
  }

  /** `ageable`: the row's freshness is fresh or delayed, so the edge may have to re-age it on a later day */
  push(day: Day, line: LineRef, ageable: boolean): void {
    const period = periodOf(this.granularity, day);
    this.enter(period, this.periodRows);
    if (this.left !== null && this.left-- === 0)
      throw new Error(`time collection: more rows in ${period} than its census counted`);
    this.arena.hold(line);
    this.lines.push(line);
    this.count(day, 1);
    if (ageable && (this.agingFrom === null || day < this.agingFrom)) this.agingFrom = intern(day);
  }

  /**
   * A previous build's partition, all of its rows older than the incremental boundary `from`,
   * taken whole when it is exactly the next partition this collection would cut; false: the
   * caller pushes its lines. Newest first: same period, at a cut, and the size the period's count
   * leaves (`periodRows` counts a period entirely older than `from` for a collection without a
   * census count of its own: daily partitions). Oldest first (pushed before any newer row): at a
   * cut, and full, or the last of a period that ended before `from` (its rows are all in the
   * previous build, cut as this collection cuts them). Its rows are never re-aged (they are
   * older than the boundary), so agingFrom is untouched.
   */
  offerStored(part: StoredPartition, older: { from: Day; periodRows: (period: string) => number }): boolean {
    const period = periodOf(this.granularity, part.days[0]!);
    if (periodOf(this.granularity, part.days[part.days.length - 1]!) !== period) return false;
    this.enter(period, this.periodRows ?? older.periodRows);
    if (this.lines.length !== 0) return false;
    if (this.stream === 'desc') {
      if (this.left === null || part.rows !== this.cut) return false;
      this.left -= part.rows;
      this.cut = this.maxRows;
    } else if (part.rows !== this.maxRows && period === periodOf(this.granularity, older.from)) return false;
    // Counted oldest first in the order the stream runs: a stored partition lists its days newest first.
    for (let i = 0; i < part.days.length; i++) {
      const at = this.stream === 'desc' ? i : part.days.length - 1 - i;
      this.count(part.days[at]!, part.dayRows[at]!);
    }
    this.writer.adoptPartition(part.hash);
    this.added(part.hash, part.rows);
    return true;
  }

  /** Its open partition's lines through an arena compaction (build/line-arena.ts). */
  compact(pass: Compaction): void {
    for (let i = 0; i < this.lines.length; i++) this.lines[i] = pass.move(this.lines[i]!);
  }

  /** Writes the open partition and then the collection's directory (newest first). */
  finish(directory: TimeCollectionDirectory): { partitions: number; total: number; agingFrom: Day | null } {
    this.endPeriod();
    const asc = this.stream === 'asc';
    const value: CollectionDirectoryT = {
      kind: directory.kind,
      key: directory.key,
      order: 'desc',
      scope: directory.scope,
      total: this.total,
      days: (asc ? [...this.dayList].reverse() : this.dayList).join(''),
      ends: asc ? reversedEnds(this.dayEnds) : this.dayEnds,
      partitions: (asc ? [...this.hashes].reverse() : this.hashes).join(''),
      partitionEnds: asc ? reversedEnds(this.partitionEnds) : this.partitionEnds,
      agingFrom: this.agingFrom,
      attribution: directory.attribution,
    };
    this.writer.writeJson(collectionDirectoryPath(directory.kind, directory.key), CollectionDirectory.parse(value));
    return { partitions: this.hashes.length, total: this.total, agingFrom: this.agingFrom };
  }

  private count(day: Day, rows: number): void {
    const n = this.dayList.length;
    if (n && this.dayList[n - 1] === day) this.dayEnds[n - 1]! += rows;
    else {
      this.dayList.push(intern(day));
      this.dayEnds.push((this.dayEnds[n - 1] ?? 0) + rows);
    }
  }

  /** Into `period`: a new one starts, or the current one's full partition is written. */
  private enter(period: string, periodRows: ((period: string) => number) | undefined): void {
    if (period !== this.period) this.startPeriod(period, periodRows);
    else if (this.lines.length === this.cut) this.flush();
  }

  private startPeriod(period: string, periodRows: ((period: string) => number) | undefined): void {
    this.endPeriod();
    this.period = period;
    this.left = this.stream === 'desc' && periodRows ? periodRows(period) : null;
    // Counted from the period's oldest row: a newest-first period starts with the remainder.
    this.cut =
      this.left === null ? (this.stream === 'asc' ? this.maxRows : Infinity) : this.left % this.maxRows || this.maxRows;
  }

  private endPeriod(): void {
    if (this.left !== null && this.left !== 0)
      throw new Error(`time collection: ${this.left} rows of ${this.period} counted by its census never came`);
    if (this.stream === 'desc' && this.left === null) {
      // A held newest-first period: cut from its oldest row, as if it had been counted.
      const held = this.lines;
      this.lines = [];
      let at = 0;
      const first = held.length % this.maxRows || this.maxRows;
      for (let size = first; at < held.length; at += size, size = this.maxRows) this.write(held.slice(at, at + size));
    } else this.flush();
    this.left = null;
  }

  private flush(): void {
    const lines = this.lines;
    this.lines = [];
    this.cut = this.maxRows;
    this.write(lines);
  }

  private write(lines: LineRef[]): void {
    if (lines.length === 0) return;
    if (this.stream === 'asc') lines.reverse();
    this.added(this.writer.writePartition(this.arena.join(lines)), lines.length);
  }

  private added(hash: string, rows: number): void {
    this.hashes.push(hash);
    this.total += rows;
    this.partitionEnds.push(this.total);
  }
}
