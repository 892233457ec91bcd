/**
 * The windows of the addresses one limiter object counts (edge/limits/rate-limiter.ts): a map in memory,
 * and a table in the object's own SQLite storage that the map is loaded from when the object
 * starts. A hit reads the map and writes one row; a refused request writes nothing (its window is
 * unchanged). The map is the table: every change goes to the table first, so an object evicted
 * mid-window starts again with every count it had.
 */
import { admit, type RateWindow, type Verdict } from './rate-window.ts';

/** What the table needs of the object's storage: ctx.storage.sql. */
export type WindowSql = {
  exec(query: string, ...bindings: (string | number)[]): { toArray(): Record<string, unknown>[] };
};

export class WindowTable {
  readonly #sql: WindowSql;
  readonly #windows = new Map<string, RateWindow>();
  /** False until the first write: an object with nothing to count keeps no table. */
  #created: boolean;

  constructor(sql: WindowSql) {
    this.#sql = sql;
    this.#created =
      sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'windows'").toArray().length > 0;
    if (!this.#created) return;
    for (const row of sql.exec('SELECT address, ends, count FROM windows').toArray())
      this.#windows.set(String(row.address), { ends: Number(row.ends), count: Number(row.count) });
  }

  /** One request of `address`; `started`: the end of the window it opened, if it opened one. */
  hit(
    address: string,
    nowMs: number,
    limit: number,
    windowSeconds: number,
  ): { verdict: Verdict; started: number | undefined } {
    const before = this.#windows.get(address);
    const { verdict, window } = admit(before, nowMs, limit, windowSeconds);
    if (window === before) return { verdict, started: undefined };
    this.#create();
    this.#sql.exec(
      'INSERT INTO windows (address, ends, count) VALUES (?, ?, ?) ' +
        'ON CONFLICT (address) DO UPDATE SET ends = excluded.ends, count = excluded.count',
      address,
      window.ends,
      window.count,
    );
    this.#windows.set(address, window);
    return { verdict, started: window.ends !== before?.ends ? window.ends : undefined };
  }

  /** Forgets every window that ended by `nowMs`; answers when the next one ends (undefined: none left). */
  sweep(nowMs: number): number | undefined {
    if (this.#created) this.#sql.exec('DELETE FROM windows WHERE ends <= ?', nowMs);
    let next: number | undefined;
    for (const [address, window] of this.#windows) {
      if (window.ends <= nowMs) this.#windows.delete(address);
      else if (next === undefined || window.ends < next) next = window.ends;
    }
    return next;
  }

  /** The object's storage was emptied (deleteAll): the table is made again at the next write. */
  dropped(): void {
    this.#windows.clear();
    this.#created = false;
  }

  #create(): void {
    if (this.#created) return;
    this.#sql.exec(
      'CREATE TABLE IF NOT EXISTS windows (address TEXT PRIMARY KEY, ends INTEGER NOT NULL, count INTEGER NOT NULL) ' +
        'WITHOUT ROWID',
    );
    this.#created = true;
  }
}
