/**
 * Reading a precomputed collection: its index (rows per day, partitions) and the rows of one
 * page, read from the one or two partitions that hold them. Rows are NDJSON lines that were
 * serialized at build time; the edge slices and joins them, it never parses them.
 */
import { addDays, type Day } from '../core/dates.ts';
import { collectionIndexPath } from '../core/collection-keys.ts';
import type { ObjectStore } from './store.ts';

export type Partition = { path: string; start: number; rows: number; newest: Day | null; oldest: Day | null };
export type CollectionIndex = {
  kind: 'prices' | 'products' | 'history';
  key: string;
  order: 'asc' | 'desc';
  scope: { category: string | null; city: string | null };
  total: number;
  days: [Day, number][];
  partitions: Partition[];
  attribution: string;
};

export async function readIndex(store: ObjectStore, kind: CollectionIndex['kind'], key: string): Promise<CollectionIndex | null> {
  const object = await store.get(collectionIndexPath(kind, key));
  return object ? (JSON.parse(await object.text()) as CollectionIndex) : null;
}

/** Rows [offset, offset + total) of the collection that fall in the day window [from, to]. */
export function window(index: CollectionIndex, from: Day | null, to: Day | null): { offset: number; total: number } {
  if (from === null && to === null) return { offset: 0, total: index.total };
  let offset = 0;
  let total = 0;
  const before = (day: Day) => (index.order === 'desc' ? to !== null && day > to : from !== null && day < from);
  const inside = (day: Day) => (from === null || day >= from) && (to === null || day <= to);
  for (const [day, count] of index.days) {
    if (before(day)) offset += count;
    else if (inside(day)) total += count;
    else break;
  }
  return { offset, total };
}

export function rangeWindow(today: Day, days: number): { from: Day; to: Day } {
  return { from: addDays(today, 1 - days), to: today };
}

/** The `count` lines starting at line `first` of an NDJSON text. */
export function sliceLines(text: string, first: number, count: number): string[] {
  let at = 0;
  for (let i = 0; i < first; i++) {
    at = text.indexOf('\n', at) + 1;
    if (at === 0) return [];
  }
  const lines: string[] = [];
  while (lines.length < count && at < text.length) {
    const end = text.indexOf('\n', at);
    lines.push(text.slice(at, end === -1 ? text.length : end));
    at = end === -1 ? text.length : end + 1;
  }
  return lines;
}

/** Serialized rows [from, to) of the whole collection, read from the partitions that hold them. */
export async function readRows(store: ObjectStore, index: CollectionIndex, from: number, to: number): Promise<string[]> {
  const wanted = index.partitions.filter((p) => p.start < to && p.start + p.rows > from);
  const texts = await Promise.all(
    wanted.map(async (p) => {
      const object = await store.get(p.path);
      if (!object) throw new Error(`partition ${p.path} of ${index.key} is missing`);
      return { p, text: await object.text() };
    }),
  );
  return texts.flatMap(({ p, text }) => {
    const first = Math.max(from, p.start) - p.start;
    const last = Math.min(to, p.start + p.rows) - p.start;
    return sliceLines(text, first, last - first);
  });
}
