/**
 * A key's quota as a pure step (edge/keys/key-quota.ts keeps it in the key's own object): requests
 * a day (the Istanbul day the caller names) and, within it, requests a minute (the plan's burst),
 * so a key cannot spend its whole day in one flood. The minute is a fixed window from its first
 * request, as the keyless limiter's. A refused request changes nothing (`count` null): it is not counted.
 */
import { BURST_WINDOW_SECONDS } from '../../core/keyed-access.ts';

/** What a plan allows one key; read from D1 on every request, so a plan changes without a deploy. */
export type PlanLimits = { daily: number; burst: number };

/** The stored count: the day it belongs to, requests admitted that day, and the burst window. */
export type QuotaCount = { day: string; used: number; burstEnds: number; burstUsed: number };

export type QuotaVerdict = {
  allowed: boolean;
  /** the plan's daily quota */
  limit: number;
  /** requests left today */
  remaining: number;
  /** seconds until the daily quota starts again */
  reset: number;
  /** seconds a refused client should wait: to midnight for the day, to the window's end for the burst */
  retryAfter: number;
  /** which limit refused the request */
  exceeded: 'daily' | 'burst' | null;
};

export function countRequest(
  count: QuotaCount | undefined,
  nowMs: number,
  day: string,
  resetSeconds: number,
  plan: PlanLimits,
): { verdict: QuotaVerdict; count: QuotaCount | null } {
  const used = count && count.day === day ? count.used : 0;
  const burstOpen = count !== undefined && nowMs < count.burstEnds;
  const burstEnds = burstOpen ? count.burstEnds : nowMs + BURST_WINDOW_SECONDS * 1000;
  const burstUsed = burstOpen ? count.burstUsed : 0;
  const exceeded = used >= plan.daily ? 'daily' : burstUsed >= plan.burst ? 'burst' : null;
  const verdict = (admitted: number, retryAfter: number): QuotaVerdict => ({
    allowed: exceeded === null,
    limit: plan.daily,
    remaining: Math.max(0, plan.daily - admitted),
    reset: resetSeconds,
    retryAfter,
    exceeded,
  });
  if (exceeded === 'daily') return { verdict: verdict(used, resetSeconds), count: null };
  if (exceeded === 'burst')
    return { verdict: verdict(used, Math.max(1, Math.ceil((burstEnds - nowMs) / 1000))), count: null };
  return { verdict: verdict(used + 1, 0), count: { day, used: used + 1, burstEnds, burstUsed: burstUsed + 1 } };
}
