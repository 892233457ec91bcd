/**
 * The lower bounds: history and floor, and the promise that the same documents give the same
 * flags whatever order they are imported in (the flag withdrawn when later history clears it,
 * the row's own flags kept). İzmir's printed name `DOMATES  SALKIM` (domates-salkim, per kg).
 */
import { describe, expect, it } from 'vitest';
import { addDays } from '../core/dates.ts';
import { loadCatalogue } from '../sources/catalogue.ts';
import type { PrintedRow } from '../sources/types.ts';
import { SOURCES, sourceByKey } from '../sources/registry.ts';
import { openDb, type Db } from './db.ts';
import { outsideHistory, floorOf, markImplausibleValues } from './implausible-values.ts';
import { ingestDocument } from './ingest.ts';
import { seedCatalogue, seedRegistry } from './seed.ts';

const catalogue = loadCatalogue();
const days = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));

describe('outsideHistory', () => {
  const history = (from: string, n: number, avg: number) => days(from, n).map((day) => ({ day, avg }));

  it('flags an average below a twentieth of the median of the days 90 to 28 before', () => {
    const rows = [...history('2026-01-01', 10, 100), { day: '2026-03-02', avg: 4.99 }, { day: '2026-03-03', avg: 5 }];
    expect(outsideHistory(rows).slice(-2)).toEqual([true, false]);
  });

  it('flags an average above twenty times that median: a lost decimal point', () => {
    const rows = [
      ...history('2026-01-01', 10, 30),
      { day: '2026-03-02', avg: 600.01 },
      { day: '2026-03-03', avg: 600 },
    ];
    expect(outsideHistory(rows).slice(-2)).toEqual([true, false]);
  });

  it('needs ten rows of history, and the last four weeks are not history', () => {
    expect(outsideHistory([...history('2026-01-01', 9, 100), { day: '2026-03-02', avg: 1 }]).at(-1)).toBe(false);
    expect(outsideHistory([...history('2026-02-03', 20, 100), { day: '2026-03-02', avg: 1 }]).at(-1)).toBe(false);
    expect(outsideHistory([...history('2025-11-01', 20, 100), { day: '2026-03-02', avg: 1 }]).at(-1)).toBe(false);
  });
});

describe('floorOf', () => {
  it('rises 20 % a year from the base year, per category and unit', () => {
    expect(floorOf('balik', 'kg', '2014-06-01')).toBe(0.5);
    expect(floorOf('balik', 'kg', '2026-03-02')).toBeCloseTo(4.458, 3);
    expect(floorOf('balik', 'koli', '2026-03-02')).toBeNull();
  });
});

describe('markImplausibleValues', () => {
  const store = (): Db => {
    const db = openDb(':memory:');
    seedRegistry(db, SOURCES);
    seedCatalogue(db, catalogue);
    return db;
  };
  const printed = (day: string, avg: number, min: number | null = null, max: number | null = null): PrintedRow => ({
    dataDay: day,
    market: 'izmir-sebze-meyve',
    name: 'DOMATES  SALKIM',
    unit: 'kg',
    group: 'SEBZE',
    min,
    max,
    avg,
    printed: `${day};${avg}`,
    location: 'line 2',
  });
  const documents = {
    high: days('2026-01-01', 12).map((d) => printed(d, 20)),
    low: days('2026-01-13', 14).map((d) => printed(d, 0.6)),
    // Printed max before min: the row's own flag min_max_swapped.
    row: [printed('2026-03-02', 0.5, 0.7, 0.4)],
  };
  const importDocument = (db: Db, name: keyof typeof documents) => {
    const rows = documents[name];
    const meta = {
      kind: 'archive' as const,
      url: `test://${name}`,
      fetchedAt: null,
      contentType: 'text/csv',
      parser: 'test',
      parserVersion: 1,
      storedPath: name,
    };
    ingestDocument(db, sourceByKey('izmir'), catalogue, Buffer.from(name), meta, {
      rows,
      bulletinDays: [...new Set(rows.map((r) => r.dataDay))],
    });
    markImplausibleValues(db);
  };
  const flagsOf = (db: Db, day: string) =>
    JSON.parse(db.prepare('SELECT quality_flags FROM observations WHERE data_day = ?').pluck().get(day) as string);
  const allFlags = (db: Db) => db.prepare('SELECT id, quality_flags FROM observations ORDER BY id').all();

  it('gives the same flags whatever order the documents come in, withdrawing the flag when history clears it', () => {
    const first = store();
    importDocument(first, 'high');
    importDocument(first, 'row');
    expect(flagsOf(first, '2026-03-02')).toEqual(['min_max_swapped', 'implausible_value']);
    importDocument(first, 'low');
    expect(flagsOf(first, '2026-03-02')).toEqual(['min_max_swapped']);

    const second = store();
    for (const name of ['low', 'row', 'high'] as const) importDocument(second, name);
    expect(allFlags(second)).toEqual(allFlags(first));
  });

  it('changes nothing when run again', () => {
    const db = store();
    importDocument(db, 'high');
    importDocument(db, 'row');
    expect(markImplausibleValues(db)).toEqual({ flagged: 1, changed: 0 });
  });
});
