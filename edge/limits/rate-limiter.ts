/**
 * 60 requests per minute per IP address, counted jointly across every location: one strongly
 * consistent counter per address (a per-location limiter would not count jointly). Fixed windows
 * of 60 s starting at the first request; requests refused in a window do not extend it, so a
 * client that keeps knocking is never locked out for good.
 *
 * One object counts every address whose hash falls to it (core/routes.ts RATE_LIMIT_SHARDS,
 * edge/limits/limiter-shard.ts), in a table of its own SQLite storage with a copy in memory
 * (edge/limits/window-table.ts). An object runs one request at a time and `hit` never awaits, so no two
 * requests of an address interleave: no over-admits. The row is written in the same turn as the
 * answer and the answer leaves only once the write is durable, so an object evicted or moved
 * mid-window comes back with its counts: eviction never hands an address a fresh 60.
 *
 * One alarm per object sweeps the windows that ended, at most once every SWEEP_EVERY_MS: the
 * alarm is a billed request, one per window (as with an object per address) would double the
 * limiter's requests. An object left with nothing to count empties its storage.
 */
import { DurableObject } from 'cloudflare:workers';
import type { Verdict } from './rate-window.ts';
import { WindowTable } from './window-table.ts';

export type { Verdict } from './rate-window.ts';

/**
 * How often an object with windows sweeps the ended ones: 64 objects × 24 sweeps = 1,536 alarms a
 * day at most; an ended window waits up to an hour for it (a returning address overwrites it anyway).
 */
const SWEEP_EVERY_MS = 3_600_000;

export class RateLimiter extends DurableObject {
  readonly #table: WindowTable;
  /** When the pending alarm fires (undefined: none set by this instance). */
  #sweepAt: number | undefined;
  #sweptAt = Number.NEGATIVE_INFINITY;

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env as never);
    this.#table = new WindowTable(ctx.storage.sql);
  }

  /** One request of `address` (the counter's name: the IP, or `widget:` and the IP). */
  hit(nowMs: number, limit: number, windowSeconds: number, address: string): Verdict {
    const { verdict, started } = this.#table.hit(address, nowMs, limit, windowSeconds);
    if (started !== undefined && this.#sweepAt === undefined)
      this.#arm(Math.max(started, this.#sweptAt + SWEEP_EVERY_MS));
    return verdict;
  }

  override async alarm(): Promise<void> {
    this.#sweepAt = undefined;
    const now = Date.now();
    this.#sweptAt = now;
    const next = this.#table.sweep(now);
    if (next !== undefined) return this.#arm(Math.max(next, now + SWEEP_EVERY_MS));
    // Nothing left to count: no table, no metadata (an empty database still bills ~12 KB).
    await this.ctx.storage.deleteAll();
    this.#table.dropped();
  }

  #arm(at: number): void {
    this.#sweepAt = at;
    void this.ctx.storage.setAlarm(at);
  }
}
