/**
 * One time collection being written: lines arrive in time order (newest first for /prices,
 * oldest first for history) and are cut into partitions by calendar period and size, each
 * written as soon as it closes, so memory holds only the open partition's lines (in the arena)
 * and the per-day counts of the index.
 *
 * Stored newest first either way: an oldest-first stream (history) writes each partition's
 * lines reversed and reverses the index at the end. The edge answers history oldest first by
 * reading newest-first rows backwards, and the common history question (the last days or
 * weeks) is the start of the newest partition, inflated only that far. Cuts stay where the
 * stream made them: from the oldest row, so a new day changes only the newest partition.
 */
import type { Day } from '../core/dates.ts';
import { collectionIndexPath } from '../core/collection-keys.ts';
import { CollectionIndex, type CollectionIndexT } from '../schemas/internal.ts';
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

/** Only these classes change when served later (edge/aging.ts): stale, failed and unavailable stay. */
export const isAgeable = (freshness: string): boolean => freshness === 'fresh' || freshness === 'delayed';

function periodOf(granularity: Granularity, day: Day): string {
  return granularity === 'day' ? day : granularity === 'month' ? day.slice(0, 7) : granularity === 'year' ? day.slice(0, 4) : 'all';
}

/** One string per calendar day however many rows name it: the day lists of every collection share them. */
const interned = new Map<string, Day>();
function intern(day: Day): Day {
  let d = interned.get(day);
  if (d === undefined) interned.set(day, (d = day));
  return d;
}

export type TimeCollectionIndex = Pick<CollectionIndexT, 'kind' | 'key' | 'scope' | 'attribution'>;

/** Cumulative counts of a list, for the list reversed. */
function reversedEnds(ends: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = ends.length - 1, sum = 0; i >= 0; i--) out.push((sum += ends[i]! - (i === 0 ? 0 : ends[i - 1]!)));
  return out;
}

export class TimeCollection {
  private lines: LineRef[] = [];
  private period: string | null = null;
  private total = 0;
  private readonly dayList: Day[] = [];
  /** rows up to and including each day of dayList (the index's `ends`) */
  private readonly dayEnds: number[] = [];
  private readonly hashes: string[] = [];
  private readonly partitionEnds: number[] = [];
  private agingFrom: Day | null = null;

  constructor(
    private readonly granularity: Granularity,
    /** the order lines are pushed in */
    private readonly stream: 'asc' | 'desc',
    private readonly arena: LineArena,
    private readonly writer: OutputWriter,
    private readonly maxRows = MAX_PARTITION_ROWS,
  ) {}

  /** `ageable`: the row's freshness is fresh or delayed, so the edge may have to re-age it on a later day */
  push(day: Day, line: LineRef, ageable: boolean): void {
    const period = periodOf(this.granularity, day);
    if (period !== this.period || this.lines.length === this.maxRows) {
      this.flush();
      this.period = period;
    }
    this.arena.hold(line);
    this.lines.push(line);
    const n = this.dayList.length;
    if (n && this.dayList[n - 1] === day) this.dayEnds[n - 1]!++;
    else {
      this.dayList.push(intern(day));
      this.dayEnds.push((this.dayEnds[n - 1] ?? 0) + 1);
    }
    if (ageable && (this.agingFrom === null || day < this.agingFrom)) this.agingFrom = intern(day);
  }

  /** Its open partition's lines through an arena compaction (build/line-arena.ts). */
  compact(pass: Compaction): void {
    for (let i = 0; i < this.lines.length; i++) this.lines[i] = pass.move(this.lines[i]!);
  }

  /** Writes the open partition and then the collection's index (newest first). */
  finish(index: TimeCollectionIndex): { partitions: number } {
    this.flush();
    const asc = this.stream === 'asc';
    const value: CollectionIndexT = {
      kind: index.kind,
      key: index.key,
      order: 'desc',
      scope: index.scope,
      total: this.total,
      days: (asc ? [...this.dayList].reverse() : this.dayList).join(''),
      ends: asc ? reversedEnds(this.dayEnds) : this.dayEnds,
      partitions: (asc ? [...this.hashes].reverse() : this.hashes).join(''),
      partitionEnds: asc ? reversedEnds(this.partitionEnds) : this.partitionEnds,
      agingFrom: this.agingFrom,
      attribution: index.attribution,
    };
    this.writer.writeJson(collectionIndexPath(index.kind, index.key), CollectionIndex.parse(value));
    return { partitions: this.hashes.length };
  }

  private flush(): void {
    if (this.lines.length === 0) return;
    if (this.stream === 'asc') this.lines.reverse();
    this.hashes.push(this.writer.writePartition(this.arena.join(this.lines)));
    this.total += this.lines.length;
    this.partitionEnds.push(this.total);
    this.lines = [];
  }
}
