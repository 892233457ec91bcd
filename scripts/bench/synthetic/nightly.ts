/**
 * A nightly run on a generated store: the store as it was the night before (its last data day
 * removed), then that day stored into it, as the nightly scrape stores one day. The build bench and
 * the publish bench measure the same night.
 */
import { copyFileSync, rmSync } from 'node:fs';
import { openDb } from '../../../store/db.ts';

/** Copies the store at `full` to `before` without its last data day; returns that day. */
export function storeNightBefore(full: string, before: string): string {
  const lastDay = openDb(full).prepare('SELECT max(data_day) FROM observations').pluck().get() as string;
  for (const file of [before, `${before}-wal`, `${before}-shm`]) rmSync(file, { force: true });
  copyFileSync(full, before);
  const db = openDb(before);
  db.prepare('DELETE FROM observations WHERE data_day = ?').run(lastDay);
  db.prepare('DELETE FROM bulletins WHERE data_day = ?').run(lastDay);
  db.prepare('DELETE FROM documents WHERE url LIKE ?').run(`%/${lastDay}`);
  db.close();
  return lastDay;
}

/** Stores `day` of the store at `full` into the store at `before`, as the night's scrape does. */
export function storeNight(full: string, before: string, day: string): void {
  const db = openDb(before);
  db.prepare('ATTACH ? AS full').run(full);
  db.exec('INSERT OR IGNORE INTO documents SELECT * FROM full.documents');
  db.prepare('INSERT INTO observations SELECT * FROM full.observations WHERE data_day = ?').run(day);
  db.prepare('INSERT INTO bulletins SELECT * FROM full.bulletins WHERE data_day = ?').run(day);
  db.exec('DETACH full');
  db.close();
}
