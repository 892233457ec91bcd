import type { EdgeCalendarsT } from '../../schemas/internal.ts';
import { describe, expect, it } from 'vitest';
import { partitionsBetween } from '../../core/collection-keys.ts';
import { addDays } from '../../core/dates.ts';
import { ageValue, forgetCalendars } from '../answer/aging.ts';
import {
  ageRows,
  forgetDirectories,
  itemsBody,
  readDirectory,
  sliceLines,
  window,
  type CollectionDirectory,
} from './collection.ts';
import type { Origin } from '../origin/object.ts';

/** A directory over `counts` rows per day on every other day from 2025-12-01, in `order`. */
function directoryOf(
  order: 'asc' | 'desc',
  counts: number[],
): { directory: CollectionDirectory; days: [string, number][] } {
  let days = counts.map((n, i) => [addDays('2025-12-01', 2 * i), n] as [string, number]);
  if (order === 'desc') days = days.reverse();
  let sum = 0;
  const ends = days.map(([, n]) => (sum += n));
  const directory = {
    kind: 'prices',
    key: 'k',
    order,
    scope: { category: null, city: null },
    total: sum,
    days: days.map(([d]) => d).join(''),
    ends,
    partitions: '',
    partitionEnds: [],
    agingFrom: null,
    attribution: '',
  } as CollectionDirectory;
  return { directory, days };
}

/** The window by walking every day: what the binary searches must agree with. */
function walked(days: [string, number][], order: 'asc' | 'desc', from: string | null, to: string | null) {
  let offset = 0;
  let total = 0;
  for (const [day, n] of days) {
    const before = order === 'desc' ? to !== null && day > to : from !== null && day < from;
    if (before) offset += n;
    else if ((from === null || day >= from) && (to === null || day <= to)) total += n;
  }
  return { offset, total };
}

describe('collection window', () => {
  it('finds the rows of any day window by binary search, in both orders', () => {
    for (const order of ['asc', 'desc'] as const) {
      const { directory, days } = directoryOf(order, [3, 1, 7, 2, 5, 4, 6, 1, 1, 9]);
      const probes = [
        null,
        '2025-11-20',
        '2025-12-01',
        '2025-12-02',
        '2025-12-08',
        '2025-12-11',
        '2025-12-19',
        '2025-12-30',
      ];
      for (const from of probes) {
        for (const to of probes) {
          if (from !== null && to !== null && from > to) continue;
          expect(window(directory, from, to), `${order} ${from}…${to}`).toEqual(walked(days, order, from, to));
        }
      }
    }
  });

  it('handles a collection without days', () => {
    const { directory } = directoryOf('desc', []);
    expect(window(directory, '2025-12-01', '2025-12-31')).toEqual({ offset: 0, total: 0 });
  });
});

describe('rows as bytes', () => {
  const bytes = new TextEncoder().encode('{"a":"Şehir"}\n{"b":2}\n{"c":3}\n');

  it('slices NDJSON lines without decoding them', () => {
    const lines = sliceLines(bytes, 1, 5).map((l) => new TextDecoder().decode(l));
    expect(lines).toEqual(['{"b":2}', '{"c":3}']);
    expect(sliceLines(bytes, 4, 1)).toEqual([]);
  });

  it('joins rows into a JSON body', () => {
    const body = itemsBody('{"items":[', sliceLines(bytes, 0, 3), '],"meta":{}}');
    expect(JSON.parse(new TextDecoder().decode(body))).toEqual({
      items: [{ a: 'Şehir' }, { b: 2 }, { c: 3 }],
      meta: {},
    });
    expect(new TextDecoder().decode(itemsBody('[', [], ']'))).toBe('[]');
  });
});

describe('partitions of a page', () => {
  const hash = (c: string) => c.repeat(32);
  const list = { partitions: hash('a') + hash('b') + hash('c'), partitionEnds: [3, 5, 9] };
  const pick = (from: number, to: number) =>
    partitionsBetween(list, from, to).map((p) => [p.path.slice(13, 14), p.start, p.rows]);

  it('finds the partitions holding rows [from, to) by their cumulative ends', () => {
    expect(pick(0, 3)).toEqual([['a', 0, 3]]);
    expect(pick(2, 4)).toEqual([
      ['a', 0, 3],
      ['b', 3, 2],
    ]);
    expect(pick(5, 6)).toEqual([['c', 5, 4]]);
    expect(pick(0, 9)).toHaveLength(3);
    expect(pick(9, 10)).toEqual([]);
    expect(partitionsBetween(list, 0, 1)[0]!.path).toBe(`api/v1/_p/aa/${hash('a')}.ndjson`);
  });
});

describe('re-aging the rows of a page', () => {
  const calendars: EdgeCalendarsT = {
    today: '2026-11-20',
    fallback: { days: [1, 2, 3, 4, 5, 6], lag: 0 },
    sources: { izmir: { days: [1, 2, 3, 4, 5, 6], lag: 0 } },
    holidays: [],
  };
  const origin: Origin = {
    get: async (key) => {
      if (key !== 'api/v1/_meta/calendars.json') return null;
      const bytes = new TextEncoder().encode(JSON.stringify(calendars));
      return {
        etag: '""',
        contentType: 'application/json',
        encoding: null,
        raw: () => bytes,
        body: null,
        text: async () => new TextDecoder().decode(bytes),
        bytes: async () => bytes,
        lines: async () => bytes,
        discard: async () => {},
      };
    },
  };
  const row = (dataDate: string, freshness: string) => ({
    source: 'izmir',
    dataDate,
    freshness,
    isStale: freshness === 'stale',
    warnings: freshness === 'stale' ? ['data_stale'] : [],
  });
  // Newest first; the build found rows that can age from 2026-11-12. The last row claims to be
  // fresh to show that rows older than agingFrom are never looked at (the build guarantees none is).
  const rows = [
    row('2026-11-19', 'fresh'),
    row('2026-11-19', 'stale'),
    row('2026-11-12', 'fresh'),
    row('2026-11-02', 'fresh'),
  ];
  const days: [string, number][] = [
    ['2026-11-19', 2],
    ['2026-11-12', 1],
    ['2026-11-02', 1],
  ];
  const directory = {
    ...directoryOf('desc', [1]).directory,
    total: 4,
    days: days.map(([d]) => d).join(''),
    ends: [2, 3, 4],
    agingFrom: '2026-11-12',
  } as CollectionDirectory;
  const bytes = rows.map((r) => new TextEncoder().encode(JSON.stringify(r)));
  const parsed = (lines: Uint8Array[]) => lines.map((l) => JSON.parse(new TextDecoder().decode(l)));

  it('re-ages each row from agingFrom on exactly as the whole answer would be, and leaves the build day alone', async () => {
    forgetCalendars();
    expect(await ageRows(origin, directory, bytes, 0, '2026-11-20')).toBe(bytes);
    const whole = structuredClone(rows.slice(0, 3));
    expect(ageValue(whole, calendars, '2026-11-21')).toBe(true);
    const aged = parsed(await ageRows(origin, directory, bytes, 0, '2026-11-21'));
    expect(aged.slice(0, 3)).toEqual(whole);
    expect(aged[0]).toMatchObject({ freshness: 'delayed', warnings: ['data_delayed'] });
    expect(aged[2]).toMatchObject({ freshness: 'stale', isStale: true, warnings: ['data_stale'] });
    expect(aged[3]).toEqual(rows[3]);
    // A page that starts further in: positions count from the collection's first row.
    expect(parsed(await ageRows(origin, directory, bytes.slice(2), 2, '2026-11-21'))).toEqual([aged[2], rows[3]]);
    expect(await ageRows(origin, { ...directory, agingFrom: null }, bytes, 0, '2026-11-21')).toBe(bytes);
    forgetCalendars();
  });
});

describe('parsed directories kept by the isolate', () => {
  it('parses a directory once per ETag and parses it again when a build changes it', async () => {
    let etag = '"a"';
    let parses = 0;
    const origin: Origin = {
      get: async (key) => {
        const text = JSON.stringify({ ...directoryOf('desc', [1]).directory, key });
        const bytes = new TextEncoder().encode(text);
        return {
          etag,
          contentType: 'application/json',
          encoding: null,
          raw: () => bytes,
          body: null,
          text: async () => (parses++, text),
          bytes: async () => bytes,
          lines: async () => bytes,
          discard: async () => {},
        };
      },
    };
    forgetDirectories();
    const first = await readDirectory(origin, 'prices', 'all');
    expect(await readDirectory(origin, 'prices', 'all')).toBe(first);
    expect(parses).toBe(1);
    await readDirectory(origin, 'prices', 'product/x');
    expect(parses).toBe(2);
    etag = '"b"';
    const rebuilt = await readDirectory(origin, 'prices', 'all');
    expect(rebuilt).not.toBe(first);
    expect(rebuilt).toEqual(first);
    expect(parses).toBe(3);
    // An object without an ETag is never taken for another.
    etag = '';
    await readDirectory(origin, 'prices', 'all');
    await readDirectory(origin, 'prices', 'all');
    expect(parses).toBe(5);
    forgetDirectories();
  });
});
