/**
 * Whether one alert mails, re-arms or stays as it is after a build: the whole rule of notification,
 * pure. A price reaching the target counts (at or above for `above`, at or below for `below`). Only
 * a reading whose freshness may trigger (core/alerts.ts) decides anything: with no reading, or a
 * stale, failed or unavailable one, an alert neither mails nor re-arms, because that price says
 * nothing of today.
 */
import { TRIGGERING_FRESHNESS, type AlertDirection } from '../../../core/alerts.ts';

export type Decision = 'mail' | 'rearm' | 'nothing';

export type Watched = { direction: AlertDirection; targetPrice: string; armed: boolean };
export type Seen = { price: number; freshness: string };

/** Prices and targets carry two decimals: compared in kuruş, so 0.1 + 0.2 never misses 0.30. */
const kurus = (value: number): number => Math.round(value * 100);

export function reached(direction: AlertDirection, price: number, targetPrice: string): boolean {
  const p = kurus(price);
  const t = kurus(Number(targetPrice));
  return direction === 'above' ? p >= t : p <= t;
}

export function decide(alert: Watched, seen: Seen | null): Decision {
  if (!seen || !Number.isFinite(seen.price) || !TRIGGERING_FRESHNESS.includes(seen.freshness)) return 'nothing';
  if (reached(alert.direction, seen.price, alert.targetPrice)) return alert.armed ? 'mail' : 'nothing';
  return alert.armed ? 'nothing' : 'rearm';
}
