/**
 * Frozen sources: a bulletin that repeats its market's previous one is flagged, and a source is
 * frozen when its current run of repeats reaches max(4, its longest earlier run + 2).
 */
import { describe, expect, it } from 'vitest';
import { FROZEN_MIN_RUN, frozenSources, isFrozenRun, markRepeatedBulletins, repeatRuns } from './bulletins.ts';
import { openDb, type Db } from './db.ts';

/** A store holding only bulletins: `lists` are the fingerprints a market printed, one a day from 2026-11-01. */
function storeWith(lists: Record<string, string[]>): Db {
  const db = openDb(':memory:');
  // Sources, markets and documents are not what is under test here.
  db.pragma('foreign_keys = OFF');
  const insert = db.prepare(
    'INSERT INTO bulletins (source_key, market_slug, data_day, document_id, rows, fingerprint) VALUES (?, ?, ?, 1, 10, ?)',
  );
  for (const [where, fingerprints] of Object.entries(lists)) {
    const [source, market] = where.split('/');
    // Newest first, so the order the rows went in is not the order of the days.
    fingerprints
      .map((f, i) => [`2026-11-${String(i + 1).padStart(2, '0')}`, f] as const)
      .reverse()
      .forEach(([day, f]) => insert.run(source, market, day, f));
  }
  return db;
}

const flags = (db: Db, where: string) =>
  db
    .prepare('SELECT repeats_previous FROM bulletins WHERE source_key = ? AND market_slug = ? ORDER BY data_day')
    .pluck()
    .all(...where.split('/')) as number[];

describe('repeated bulletins', () => {
  it('a bulletin repeats when its fingerprint equals the same market’s previous day', () => {
    const db = storeWith({ 'izmir/izmir': ['A', 'A', 'B', 'B', 'B', 'A'] });
    markRepeatedBulletins(db);
    expect(flags(db, 'izmir/izmir')).toEqual([0, 1, 0, 1, 1, 0]);
  });

  it('compares within one source and market, never across them', () => {
    const db = storeWith({ 'izmir/izmir': ['A', 'B'], 'izmir/bornova': ['A', 'A'], 'mersin/izmir': ['B', 'C'] });
    markRepeatedBulletins(db);
    expect(flags(db, 'izmir/izmir')).toEqual([0, 0]);
    expect(flags(db, 'izmir/bornova')).toEqual([0, 1]);
    expect(flags(db, 'mersin/izmir')).toEqual([0, 0]);
  });

  it('marking again gives the same flags, and a first bulletin is never a repeat', () => {
    const db = storeWith({ 'izmir/izmir': ['A', 'A', 'A'] });
    db.prepare('UPDATE bulletins SET repeats_previous = 1').run();
    markRepeatedBulletins(db);
    markRepeatedBulletins(db);
    expect(flags(db, 'izmir/izmir')).toEqual([0, 1, 1]);
  });
});

describe('runs of repeats', () => {
  it.each([
    [[], [0]],
    [[0, 0], [0]],
    [
      [0, 1, 1, 0, 1],
      [2, 1],
    ],
    [
      [0, 1, 1, 0, 0],
      [2, 0],
    ],
    [
      [1, 0, 1, 1, 1],
      [1, 3],
    ],
    [[1, 1, 1], [3]],
  ])('%j → %j (the last is the current run)', (f, runs) => {
    expect(repeatRuns(f)).toEqual(runs);
  });

  it.each([
    [[4], true],
    [[3], false],
    [[0], false],
    [[], false],
    [[2, 4], true],
    [[2, 3], false],
    [[3, 5], true],
    [[3, 4], false],
    [[5, 6], false],
    [[5, 7], true],
    [[9, 1, 11], true],
    [[1, 9, 10], false],
  ])('runs %j frozen: %s', (runs, frozen) => {
    expect(isFrozenRun(runs)).toBe(frozen);
  });

  it('the shortest frozen run is four bulletins', () => {
    expect(FROZEN_MIN_RUN).toBe(4);
  });
});

describe('frozen sources', () => {
  it('a source is frozen when one of its markets is', () => {
    const db = storeWith({
      'izmir/izmir': ['A', 'A', 'A', 'A', 'A', 'A'],
      'ankara/ankara': ['A', 'A', 'A', 'A'],
      'mersin/mersin': ['A', 'B', 'C'],
      'mersin/tarsus': ['A', 'A', 'A', 'A', 'A'],
      // Four repeats over a long weekend before: the current run of five is not yet frozen.
      'bursa/bursa': ['A', 'A', 'A', 'A', 'A', 'B', 'B', 'B', 'B', 'B', 'B'],
    });
    markRepeatedBulletins(db);
    expect([...frozenSources(db)].sort()).toEqual(['izmir', 'mersin']);
  });

  it('nothing printed, nothing frozen', () => {
    expect(frozenSources(storeWith({})).size).toBe(0);
  });
});
