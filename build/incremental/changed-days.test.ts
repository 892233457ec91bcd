/**
 * The store's record of changed days (data/migrations/003_changed_days.sql), through every kind
 * of write the writers make: a plain insert, the ingest's upsert of a day already known (its own
 * ON CONFLICT governs the triggers' statements), an update that moves a row, a delete.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const MIGRATION = readFileSync(new URL('../../data/migrations/003_changed_days.sql', import.meta.url), 'utf8');

describe('changed days', () => {
  it('stamps the day of every write with the store clock', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE observations (id TEXT PRIMARY KEY, data_day TEXT NOT NULL, avg_price REAL NOT NULL)');
    db.exec(MIGRATION);
    const changed = () => db.prepare('SELECT day, clock FROM changed_days ORDER BY day').all();
    const clock = (n: number) => db.prepare('UPDATE store_clock SET n = ?').run(n);
    const upsert = db.prepare(
      'INSERT INTO observations (id, data_day, avg_price) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET avg_price = excluded.avg_price',
    );
    db.prepare("INSERT INTO observations VALUES ('a', '2020-01-01', 1), ('b', '2020-01-02', 2)").run();
    expect(changed()).toEqual([
      { day: '2020-01-01', clock: 0 },
      { day: '2020-01-02', clock: 0 },
    ]);
    clock(3);
    upsert.run('a', '2020-01-01', 5);
    upsert.run('c', '2020-01-02', 7);
    expect(changed()).toEqual([
      { day: '2020-01-01', clock: 3 },
      { day: '2020-01-02', clock: 3 },
    ]);
    clock(5);
    db.prepare("UPDATE observations SET data_day = '2020-01-03' WHERE id = 'a'").run();
    expect(changed()).toEqual([
      { day: '2020-01-01', clock: 5 },
      { day: '2020-01-02', clock: 3 },
      { day: '2020-01-03', clock: 5 },
    ]);
    clock(7);
    db.prepare("DELETE FROM observations WHERE id = 'b'").run();
    expect(changed()).toContainEqual({ day: '2020-01-02', clock: 7 });
    db.close();
  });
});
