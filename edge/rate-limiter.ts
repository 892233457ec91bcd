/**
 * 60 requests per minute per IP address, counted jointly across every location: one Durable
 * Object per IP holds the one strongly consistent counter (a per-location limiter would not
 * count jointly). Fixed windows of 60 s starting at the first request; requests refused in a
 * window do not extend it. Kept in memory: if the object is evicted the window starts afresh.
 */
import { DurableObject } from 'cloudflare:workers';

export type Verdict = { allowed: boolean; limit: number; remaining: number; reset: number };

export class RateLimiter extends DurableObject {
  private windowStart = 0;
  private count = 0;

  hit(nowMs: number, limit: number, windowSeconds: number): Verdict {
    const windowMs = windowSeconds * 1000;
    if (nowMs - this.windowStart >= windowMs) {
      this.windowStart = nowMs;
      this.count = 0;
    }
    const allowed = this.count < limit;
    if (allowed) this.count++;
    return {
      allowed,
      limit,
      remaining: limit - this.count,
      reset: Math.max(1, Math.ceil((this.windowStart + windowMs - nowMs) / 1000)),
    };
  }
}
