/**
 * One key's quota, counted exactly wherever its requests come from: one Durable Object per key
 * (`idFromName` of the key's hash, never the key), its count in the object's own SQLite storage.
 * An object runs one request at a time and `hit` never awaits, so two requests of a key never
 * interleave: no request is admitted past the quota. The row is written in the same turn as the
 * answer, and the answer leaves only once the write is durable, so an object evicted or moved
 * comes back with the day's count.
 *
 * The object keeps one row, rewritten each admitted request, and no alarm: a sweep would cost a
 * billed request per key and day to save one small row.
 */
import { DurableObject } from 'cloudflare:workers';
import { istanbulDay } from '../../core/dates.ts';
import { secondsToIstanbulMidnight } from '../../core/keyed-access.ts';
import { countRequest, type PlanLimits, type QuotaCount, type QuotaVerdict } from './quota-window.ts';

export type { QuotaVerdict } from './quota-window.ts';

export class KeyQuota extends DurableObject {
  readonly #sql: SqlStorage;
  #count: QuotaCount | undefined;

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env as never);
    this.#sql = ctx.storage.sql;
    this.#sql.exec(
      'CREATE TABLE IF NOT EXISTS quota (one INTEGER PRIMARY KEY CHECK (one = 1), day TEXT NOT NULL, ' +
        'used INTEGER NOT NULL, burst_ends INTEGER NOT NULL, burst_used INTEGER NOT NULL)',
    );
    const row = this.#sql.exec('SELECT day, used, burst_ends, burst_used FROM quota').toArray()[0];
    if (row)
      this.#count = {
        day: String(row.day),
        used: Number(row.used),
        burstEnds: Number(row.burst_ends),
        burstUsed: Number(row.burst_used),
      };
  }

  /** One request of this key at `nowMs`, under the limits its plan has now. */
  hit(nowMs: number, plan: PlanLimits): QuotaVerdict {
    const { verdict, count } = countRequest(
      this.#count,
      nowMs,
      istanbulDay(new Date(nowMs)),
      secondsToIstanbulMidnight(nowMs),
      plan,
    );
    if (count) {
      this.#sql.exec(
        'INSERT INTO quota (one, day, used, burst_ends, burst_used) VALUES (1, ?, ?, ?, ?) ' +
          'ON CONFLICT (one) DO UPDATE SET day = excluded.day, used = excluded.used, ' +
          'burst_ends = excluded.burst_ends, burst_used = excluded.burst_used',
        count.day,
        count.used,
        count.burstEnds,
        count.burstUsed,
      );
      this.#count = count;
    }
    return verdict;
  }
}
