/**
 * The alerts' database: D1 (binding ALERTS; SQLite, migrations in edge/alerts/migrations/),
 * written only by the worker's alert routes and its scheduled notifier. What the code needs of the
 * binding, so that the same code runs on D1 and on miniflare's D1 in the tests.
 */
export type AlertsDb = Pick<D1Database, 'prepare' | 'batch'>;
