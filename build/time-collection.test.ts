import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { allPartitions, partitionAt, partitionPath } from '../core/collection-keys.ts';
import type { CollectionDirectoryT } from '../schemas/internal.ts';
import { appendOlderRows } from './incremental/older-rows.ts';
import { LineArena } from './line-arena.ts';
import { granularityOf, TimeCollection } from './time-collection.ts';
import { OutputWriter } from './writer.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function writerAt(): OutputWriter {
  const root = mkdtempSync(join(tmpdir(), 'hal-time-collection-'));
  roots.push(root);
  return new OutputWriter(root);
}

type Directory = {
  order: string;
  total: number;
  days: string;
  ends: number[];
  partitions: string;
  partitionEnds: number[];
  agingFrom: string | null;
};

function written(writer: OutputWriter, key: string): { directory: Directory; lines: string[][] } {
  writer.settle();
  const directory = JSON.parse(readFileSync(join(writer.root, `api/v1/_c/prices/${key}.json`), 'utf8')) as Directory;
  const lines = allPartitions(directory).map((p) =>
    gunzipSync(readFileSync(join(writer.root, p.path)))
      .toString('utf8')
      .trimEnd()
      .split('\n'),
  );
  return { directory, lines };
}

describe('time collection', () => {
  it('picks the partition period from the density', () => {
    expect(granularityOf(1000, 12, 300)).toBe('all');
    expect(granularityOf(7500 * 300, 12, 300)).toBe('day');
    expect(granularityOf(1500 * 12, 12, 300)).toBe('month');
    expect(granularityOf(25 * 60, 60, 1500)).toBe('year');
    expect(granularityOf(25 * 60, 60)).toBe('year');
  });

  it('cuts newest-first rows by year, counts them per day, and names each partition by its content', () => {
    const writer = writerAt();
    const arena = new LineArena();
    const collection = new TimeCollection('year', 'desc', arena, writer);
    const rows: [string, string][] = [
      ['2026-01-02', '{"n":1}'],
      ['2026-01-02', '{"n":2}'],
      ['2025-12-31', '{"n":3}'],
      ['2025-06-01', '{"n":4}'],
    ];
    for (const [day, json] of rows) collection.push(day, arena.add(json), false);
    expect(
      collection.finish({ kind: 'prices', key: 'product/x', scope: { category: null, city: null }, attribution: 'a' })
        .partitions,
    ).toBe(2);
    const { directory, lines } = written(writer, 'product/x');
    expect(directory.total).toBe(4);
    expect(directory.days).toBe('2026-01-022025-12-312025-06-01');
    expect(directory.ends).toEqual([2, 3, 4]);
    expect(allPartitions(directory).map(({ start, rows }) => ({ start, rows }))).toEqual([
      { start: 0, rows: 2 },
      { start: 2, rows: 2 },
    ]);
    expect(directory.partitionEnds).toEqual([2, 4]);
    expect(directory.agingFrom).toBeNull();
    expect(lines).toEqual([
      ['{"n":1}', '{"n":2}'],
      ['{"n":3}', '{"n":4}'],
    ]);
    expect(partitionAt(directory, 0).path).toMatch(/^api\/v1\/_p\/[0-9a-f]{2}\/[0-9a-f]{32}\.ndjson$/);
  });

  it('closes a partition at 1,000 rows inside one period; an oldest-first stream is cut from its oldest row and stored newest first', () => {
    const writer = writerAt();
    const arena = new LineArena();
    const collection = new TimeCollection('all', 'asc', arena, writer);
    for (let i = 0; i < 1001; i++)
      collection.push(i < 1000 ? '2025-01-01' : '2025-01-02', arena.add(`{"i":${i}}`), false);
    collection.finish({ kind: 'prices', key: 'all', scope: { category: null, city: null }, attribution: 'a' });
    const { directory, lines } = written(writer, 'all');
    expect(directory.order).toBe('desc');
    expect(allPartitions(directory).map((p) => p.rows)).toEqual([1, 1000]);
    expect(directory.days).toBe('2025-01-022025-01-01');
    expect(directory.ends).toEqual([1, 1001]);
    expect(lines[0]).toEqual(['{"i":1000}']);
    expect(lines[1]![0]).toBe('{"i":999}');
    expect(lines[1]!.at(-1)).toBe('{"i":0}');
  });

  it('takes a larger partition size where the caller asks', () => {
    const writer = writerAt();
    const arena = new LineArena();
    const collection = new TimeCollection('all', 'asc', arena, writer, 3);
    for (let i = 0; i < 7; i++) collection.push(`2025-01-0${i + 1}`, arena.add(`{"i":${i}}`), false);
    collection.finish({ kind: 'prices', key: 'weeks', scope: { category: null, city: null }, attribution: 'a' });
    const { directory, lines } = written(writer, 'weeks');
    expect(directory.partitionEnds).toEqual([1, 4, 7]);
    expect(lines).toEqual([['{"i":6}'], ['{"i":5}', '{"i":4}', '{"i":3}'], ['{"i":2}', '{"i":1}', '{"i":0}']]);
  });

  it('names the oldest day of a row that can still age, in either order', () => {
    for (const order of ['desc', 'asc'] as const) {
      const writer = writerAt();
      const arena = new LineArena();
      const collection = new TimeCollection('all', order, arena, writer);
      const rows: [string, boolean][] = [
        ['2026-01-05', true],
        ['2026-01-04', false],
        ['2026-01-03', true],
        ['2025-12-01', false],
      ];
      for (const [day, ageable] of order === 'desc' ? rows : [...rows].reverse())
        collection.push(day, arena.add(`{"d":"${day}"}`), ageable);
      collection.finish({ kind: 'prices', key: order, scope: { category: null, city: null }, attribution: 'a' });
      expect(written(writer, order).directory.agingFrom).toBe('2026-01-03');
    }
  });

  describe('cuts counted from the oldest row of each period (a newer day changes only the newest partition)', () => {
    const month = (n: number) =>
      Array.from({ length: n }, (_, i) => [`2025-01-${String(31 - i).padStart(2, '0')}`, `{"i":${n - i}}`] as const);
    function build(writer: OutputWriter, rows: readonly (readonly [string, string])[], counted: boolean) {
      const arena = new LineArena();
      const collection = new TimeCollection('month', 'desc', arena, writer, 3, counted ? () => rows.length : undefined);
      for (const [day, json] of rows) collection.push(day, arena.add(json), false);
      collection.finish({ kind: 'prices', key: 'k', scope: { category: null, city: null }, attribution: 'a' });
      return written(writer, 'k');
    }

    for (const counted of [true, false]) {
      it(counted ? 'with the census count' : 'holding the period', () => {
        const seven = build(writerAt(), month(7).slice(2), counted);
        // 5 rows, oldest-anchored by 3: the newest partition holds the remainder.
        expect(allPartitions(seven.directory).map((p) => p.rows)).toEqual([2, 3]);
        expect(seven.lines.at(-1)).toEqual(['{"i":3}', '{"i":2}', '{"i":1}']);
        const nine = build(writerAt(), month(7), counted);
        expect(allPartitions(nine.directory).map((p) => p.rows)).toEqual([1, 3, 3]);
        expect(nine.directory.partitions.slice(-32)).toBe(seven.directory.partitions.slice(-32));
      });
    }

    it('refuses rows its census did not count, and counted rows that never came', () => {
      const arena = new LineArena();
      const over = new TimeCollection('month', 'desc', arena, writerAt(), 3, () => 1);
      over.push('2025-01-02', arena.add('{}'), false);
      expect(() => over.push('2025-01-01', arena.add('{}'), false)).toThrow(
        /more rows in 2025-01 than its census counted/,
      );
      const under = new TimeCollection('month', 'desc', arena, writerAt(), 3, () => 2);
      under.push('2025-01-02', arena.add('{}'), false);
      expect(() =>
        under.finish({ kind: 'prices', key: 'k', scope: { category: null, city: null }, attribution: 'a' }),
      ).toThrow(/1 rows of 2025-01 counted by its census never came/);
    });

    it("takes a previous build's partition whole only where it cuts the same one", () => {
      const rows = month(9);
      const previous = writerAt();
      const before = build(previous, rows.slice(2), true);
      previous.settle();
      const writer = writerAt();
      writer.reuseFrom({ root: previous.root, entries: previous.entries, remote: null });
      const arena = new LineArena();
      const collection = new TimeCollection('month', 'desc', arena, writer, 3, () => 9);
      for (const [day, json] of rows.slice(0, 2)) collection.push(day, arena.add(json), false);
      const parts = allPartitions(before.directory).map((p, i) => ({
        hash: before.directory.partitions.slice(i * 32, i * 32 + 32),
        rows: p.rows,
        days: rows.slice(2 + p.start, 2 + p.start + p.rows).map(([day]) => day),
        dayRows: Array<number>(p.rows).fill(1),
      }));
      const older = { from: rows[1]![0], periodRows: () => 0 };
      // 7 rows cut [1, 3, 3]; with 2 newer rows [3, 3, 3]: the newest previous partition now
      // shares one with the new rows (refused, its line pushed), the two older are the same.
      expect(parts.map((p) => p.rows)).toEqual([1, 3, 3]);
      expect(collection.offerStored(parts[0]!, older)).toBe(false);
      collection.push(rows[2]![0], arena.add(rows[2]![1]), false);
      expect(collection.offerStored(parts[1]!, older)).toBe(true);
      expect(collection.offerStored(parts[2]!, older)).toBe(true);
      collection.finish({ kind: 'prices', key: 'k', scope: { category: null, city: null }, attribution: 'a' });
      expect(writer.reused).toBe(2);
      const full = build(writerAt(), rows, true);
      expect(written(writer, 'k')).toEqual(full);
    });

    it("oldest first (history): takes full partitions and a closed period's last one, refuses the open period's last", () => {
      const asc = (
        writer: OutputWriter,
        rows: readonly (readonly [string, string])[],
        older?: { directory: CollectionDirectoryT; from: string },
      ) => {
        const arena = new LineArena();
        const collection = new TimeCollection('month', 'asc', arena, writer, 3);
        if (older)
          appendOlderRows(
            collection,
            older.directory,
            older.from,
            { partitionLines: (hash) => linesOf(older.directory, hash) },
            arena,
          );
        for (const [day, json] of rows) collection.push(day, arena.add(json), false);
        collection.finish({ kind: 'prices', key: 'k', scope: { category: null, city: null }, attribution: 'a' });
        return written(writer, 'k');
      };
      const january = Array.from({ length: 5 }, (_, i) => [`2025-01-0${i + 1}`, `{"j":${i}}`] as const);
      const february = [
        ['2025-02-01', '{"f":0}'],
        ['2025-02-02', '{"f":1}'],
        ['2025-02-03', '{"f":2}'],
      ] as const;
      const previous = writerAt();
      const before = asc(previous, [...january, ...february.slice(0, 2)]);
      // Oldest first, cut by 3 from each month's first row: January [3, 2], February [2].
      expect(allPartitions(before.directory).map((p) => p.rows)).toEqual([2, 2, 3]);
      const linesOf = (_directory: CollectionDirectoryT, hash: string) =>
        gunzipSync(readFileSync(join(previous.root, partitionPath(hash))))
          .toString('utf8')
          .trimEnd()
          .split('\n')
          .map((l) => Buffer.from(l));
      const writer = writerAt();
      writer.reuseFrom({ root: previous.root, entries: previous.entries, remote: null });
      // February's third day is new: January's partitions are taken, February's (still open) is cut again.
      const after = asc(writer, february.slice(2), {
        directory: before.directory as CollectionDirectoryT,
        from: '2025-02-03',
      });
      expect(writer.reused).toBe(2);
      expect(after).toEqual(asc(writerAt(), [...january, ...february]));
    });
  });
});
