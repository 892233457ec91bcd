/** The limiter's fixed window as a pure step (edge/limits/window-table.ts keeps it in the object's storage). */
export type Verdict = { allowed: boolean; limit: number; remaining: number; reset: number };

/** The stored window: when it ends (ms since the epoch) and the requests admitted in it. */
export type RateWindow = { ends: number; count: number };

/** One request at `nowMs` against `window`: the verdict and the window to keep (a pure step). */
export function admit(
  window: RateWindow | undefined,
  nowMs: number,
  limit: number,
  windowSeconds: number,
): { verdict: Verdict; window: RateWindow } {
  const current = window && nowMs < window.ends ? window : { ends: nowMs + windowSeconds * 1000, count: 0 };
  const allowed = current.count < limit;
  const next = allowed ? { ends: current.ends, count: current.count + 1 } : current;
  return {
    window: next,
    verdict: {
      allowed,
      limit,
      remaining: limit - next.count,
      // Seconds until the window ends, as a whole number a client can sleep: at least 1.
      reset: Math.max(1, Math.ceil((next.ends - nowMs) / 1000)),
    },
  };
}
