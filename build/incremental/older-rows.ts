/**
 * The rows (history items) of a collection older than the incremental boundary, taken from the previous
 * build: its partitions whole where the collection cuts them the same way again (the usual
 * case: cuts are counted from each period's oldest row, build/time-collection.ts), else their
 * lines, inflated and pushed one by one (the partition the boundary falls in, and a collection
 * whose partition period changed).
 */
import type { Day } from '../../core/dates.ts';
import type { CollectionDirectoryT } from '../../schemas/internal.ts';
import type { LineArena } from '../line-arena.ts';
import type { TimeCollection } from '../time-collection.ts';
import type { PreviousBuild } from './previous.ts';

/**
 * A partition of the previous directory holding rows older than the boundary: rows [start, end) of
 * the collection (newest first); `whole` when all of them are (else it also holds rows at or
 * after the boundary, which this build serializes again). `day`: the position of its first row's day.
 */
export type OlderPartition = { hash: string; start: number; end: number; day: number; whole: boolean };

/** The directory's days (from `first` on older than `from`), and its partitions that hold rows older than `from`, newest first. */
export function olderPartitions(
  directory: CollectionDirectoryT,
  from: Day,
): { days: Day[]; first: number; newer: number; partitions: OlderPartition[] } {
  const days: Day[] = [];
  for (let at = 0; at < directory.days.length; at += 10) days.push(directory.days.slice(at, at + 10));
  // Newest first: the days at or after the boundary are a prefix, their rows the first `newer`.
  let first = 0;
  while (first < days.length && days[first]! >= from) first++;
  const newer = first === 0 ? 0 : directory.ends[first - 1]!;
  const partitions: OlderPartition[] = [];
  let day = 0; // the day of row `start` of the partition at hand
  for (let p = 0; p < directory.partitionEnds.length; p++) {
    const start = p === 0 ? 0 : directory.partitionEnds[p - 1]!;
    const end = directory.partitionEnds[p]!;
    while (directory.ends[day]! <= start) day++;
    if (end > newer)
      partitions.push({
        hash: directory.partitions.slice(p * 32, p * 32 + 32),
        start,
        end,
        day,
        whole: start >= newer,
      });
  }
  return { days, first, newer, partitions };
}

/**
 * Gives `collection` the rows of `directory` (the previous build's) older than `from`: after its newer
 * rows when it streams newest first (price collections), before any when oldest first (history).
 */
export function appendOlderRows(
  collection: TimeCollection,
  directory: CollectionDirectoryT,
  from: Day,
  previous: Pick<PreviousBuild, 'partitionLines'>,
  arena: LineArena,
): void {
  const { days, first, newer, partitions } = olderPartitions(directory, from);
  const asc = collection.stream === 'asc';
  const rowsOfDay = (i: number) => directory.ends[i]! - (i === 0 ? 0 : directory.ends[i - 1]!);
  // Rows of each period (day, month or year) entirely older than the boundary, for a collection
  // that has no census count of its own (daily partitions): counted when it first asks.
  let periodRows: Map<string, number> | null = null;
  const countOf = (period: string) => {
    if (!periodRows) {
      periodRows = new Map();
      for (let i = first; i < days.length; i++) {
        const day = days[i]!;
        for (const p of [day, day.slice(0, 7), day.slice(0, 4), 'all'])
          periodRows.set(p, (periodRows.get(p) ?? 0) + rowsOfDay(i));
      }
    }
    return periodRows.get(period) ?? 0;
  };
  for (const { hash, start, end, day, whole } of asc ? [...partitions].reverse() : partitions) {
    if (whole) {
      const partDays: Day[] = [];
      const dayRows: number[] = [];
      for (let d = day, at = start; at < end; d++) {
        const upTo = Math.min(directory.ends[d]!, end);
        partDays.push(days[d]!);
        dayRows.push(upTo - at);
        at = upTo;
      }
      if (collection.offerStored({ hash, rows: end - start, days: partDays, dayRows }, { from, periodRows: countOf }))
        continue;
    }
    // Its rows older than the boundary, one by one, in the order the collection streams.
    const lines = previous.partitionLines(hash);
    const rows: [Day, Buffer][] = [];
    for (let row = Math.max(start, newer), d = day; row < end; row++) {
      while (directory.ends[d]! <= row) d++;
      rows.push([days[d]!, lines[row - start]!]);
    }
    if (asc) rows.reverse();
    for (const [rowDay, line] of rows) collection.push(rowDay, arena.addBytes(line), false);
  }
}
