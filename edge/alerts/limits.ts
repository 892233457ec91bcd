/**
 * Abuse limits of the alert routes: confirmation and manage-link mails per address per day, creates
 * per IP address per hour. Counted in D1 by an HMAC of the address or IP under the ALERT_SECRET, so
 * the counters hold neither, and a count outlives the address's own rows (deleting an alert and
 * asking again does not reset it). Past days' and hours' rows are deleted by the notifier's run.
 */
import { CREATES_PER_IP_HOUR, MAILS_PER_ADDRESS_DAY } from '../../core/alerts.ts';
import { secondsToIstanbulMidnight } from '../../core/keyed-access.ts';
import type { AlertsDb } from './db.ts';
import { counterDay, counterHour } from './counters.ts';

export type LimitRefusal = { limit: 'address' | 'ip'; allowed: number; retryAfterSeconds: number };

async function keyedHash(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Adds one to a counter row and answers the new count (one statement: two requests at once both count). */
async function bump(
  db: AlertsDb,
  table: 'mail_counts' | 'create_counts',
  hash: string,
  period: string,
): Promise<number> {
  const [hashColumn, periodColumn] = table === 'mail_counts' ? ['address_hash', 'day'] : ['ip_hash', 'hour'];
  const row = await db
    .prepare(
      `INSERT INTO ${table} (${hashColumn}, ${periodColumn}, count) VALUES (?, ?, 1) ` +
        `ON CONFLICT (${hashColumn}, ${periodColumn}) DO UPDATE SET count = count + 1 RETURNING count`,
    )
    .bind(hash, period)
    .first<{ count: number }>();
  return Number(row!.count);
}

/**
 * Counts one mail to `address` today; refuses past MAILS_PER_ADDRESS_DAY. The attempt is counted even
 * when refused or when nothing is sent, so the answers never depend on whether the address has alerts.
 */
export async function countAddressMail(
  db: AlertsDb,
  secret: string,
  address: string,
  now: Date,
): Promise<LimitRefusal | null> {
  const count = await bump(db, 'mail_counts', await keyedHash(secret, `address:${address}`), counterDay(now));
  if (count <= MAILS_PER_ADDRESS_DAY) return null;
  return {
    limit: 'address',
    allowed: MAILS_PER_ADDRESS_DAY,
    retryAfterSeconds: secondsToIstanbulMidnight(now.getTime()),
  };
}

/** Counts one create from `ip` this hour (UTC); refuses past CREATES_PER_IP_HOUR. */
export async function countCreate(db: AlertsDb, secret: string, ip: string, now: Date): Promise<LimitRefusal | null> {
  const hour = counterHour(now);
  const count = await bump(db, 'create_counts', await keyedHash(secret, `ip:${ip}`), hour);
  if (count <= CREATES_PER_IP_HOUR) return null;
  const nextHour = Date.parse(`${hour}:00:00.000Z`) + 3_600_000;
  return {
    limit: 'ip',
    allowed: CREATES_PER_IP_HOUR,
    retryAfterSeconds: Math.max(1, Math.ceil((nextHour - now.getTime()) / 1000)),
  };
}
