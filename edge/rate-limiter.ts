/**
 * 60 requests per minute per IP address, counted jointly across every location: one Durable
 * Object per IP holds the one strongly consistent counter (a per-location limiter would not
 * count jointly). Fixed windows of 60 s starting at the first request; requests refused in a
 * window do not extend it, so a client that keeps knocking is never locked out for good.
 *
 * The window lives in the object's own storage (SQLite-backed, written in the same turn as the
 * answer), so an object evicted or moved mid-window comes back with its count: eviction never
 * hands an address a fresh 60. An alarm at the window's end deletes the stored window, so an
 * address that stops asking leaves nothing behind.
 */
import { DurableObject } from 'cloudflare:workers';
import { admit, type RateWindow, type Verdict } from './rate-window.ts';

export type { Verdict } from './rate-window.ts';

const WINDOW_KEY = 'window';

export class RateLimiter extends DurableObject {
  hit(nowMs: number, limit: number, windowSeconds: number): Verdict {
    const storage = this.ctx.storage;
    const before = storage.kv.get<RateWindow>(WINDOW_KEY);
    const { verdict, window } = admit(before, nowMs, limit, windowSeconds);
    if (window !== before) {
      storage.kv.put(WINDOW_KEY, window);
      if (window.ends !== before?.ends) void storage.setAlarm(window.ends);
    }
    return verdict;
  }

  /** The window has ended: nothing about this address is kept (its next request starts a new one). */
  override async alarm(): Promise<void> {
    const window = this.ctx.storage.kv.get<RateWindow>(WINDOW_KEY);
    if (!window || Date.now() >= window.ends) await this.ctx.storage.deleteAll();
  }
}
