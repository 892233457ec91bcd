/**
 * The local D1 of keyed access: the database the worker of `npm start`, `npm run serve` and the
 * tests binds as KEYS (scripts/lib/local-worker.ts), kept in `.cache/keys/`, and the migrations of
 * edge/keys/migrations/ applied to it as `wrangler d1 migrations apply` applies them in production,
 * recorded in the same `d1_migrations` table. `npm run keys` opens the same folder with a
 * miniflare of its own, as `wrangler d1 execute --local` does.
 */
import { Miniflare } from 'miniflare';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './bundle-worker.ts';
import type { KeySql } from './key-admin.ts';

/** The id miniflare derives the database's file from: the worker and the command must name the same. */
export const LOCAL_KEYS_DATABASE = 'hal-keys-local';
export const DEFAULT_KEYS_DIR = join(ROOT, '.cache/keys');
const MIGRATIONS_DIR = join(ROOT, 'edge/keys/migrations');
/** The price alerts' database (binding ALERTS): its own migrations, applied the same way. */
export const LOCAL_ALERTS_DATABASE = 'hal-alerts-local';
export const ALERTS_MIGRATIONS_DIR = join(ROOT, 'edge/alerts/migrations');

type Statement = { bind(...values: unknown[]): Statement; all<T>(): Promise<{ results: T[] }> };
/** What this module needs of a D1 binding (miniflare's proxy of one). */
export type LocalD1 = { prepare(query: string): Statement; batch(statements: Statement[]): Promise<unknown> };

export function d1Sql(db: LocalD1): KeySql {
  return {
    query: async <T>(sql: string, params: (string | number | null)[] = []) =>
      (
        await busyRetried(() =>
          db
            .prepare(sql)
            .bind(...params)
            .all<T>(),
        )
      ).results,
  };
}

/** The statements of a migration file: comment lines dropped, cut at each `;` that ends a line. */
function statementsOf(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Applies the migrations not yet recorded, each in one batch (one transaction) with its record.
 * Answers the names applied.
 */
export async function applyKeyMigrations(db: LocalD1, migrationsDir = MIGRATIONS_DIR): Promise<string[]> {
  await busyRetried(() =>
    db
      .prepare(
        'CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, ' +
          'applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)',
      )
      .all(),
  );
  const done = new Set(
    (await busyRetried(() => db.prepare('SELECT name FROM d1_migrations').all<{ name: string }>())).results.map(
      (r) => r.name,
    ),
  );
  const applied: string[] = [];
  for (const name of readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    if (done.has(name)) continue;
    const statements = statementsOf(readFileSync(join(migrationsDir, name), 'utf8')).map((s) => db.prepare(s));
    statements.push(db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(name));
    try {
      await busyRetried(() => db.batch(statements));
    } catch (error) {
      // Another process (a test file's worker, the command) applied it in the meantime.
      if (!/UNIQUE constraint failed: d1_migrations\.name|already exists/.test(String(error))) throw error;
      continue;
    }
    applied.push(name);
  }
  return applied;
}

/**
 * SQLite answers BUSY while another process writes the same file (two workers starting at once,
 * the command beside `npm start`): wait and try again, for up to ~10 s.
 */
async function busyRetried<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 40 || !/SQLITE_BUSY|database is locked/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + attempt * 10));
    }
  }
}

/** The local keys database in `dir`, migrated, for the command; dispose() when done. */
export async function openLocalKeys(dir = DEFAULT_KEYS_DIR): Promise<{ sql: KeySql; dispose(): Promise<void> }> {
  const mf = new Miniflare({
    modules: true,
    script: 'export default { fetch: () => new Response(null, { status: 404 }) }',
    d1Databases: { KEYS: LOCAL_KEYS_DATABASE },
    d1Persist: dir,
  });
  const db = (await mf.getD1Database('KEYS')) as unknown as LocalD1;
  await applyKeyMigrations(db);
  return { sql: d1Sql(db), dispose: () => mf.dispose() };
}
