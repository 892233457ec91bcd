/**
 * The alerts' rows as the routes read and write them (D1, edge/alerts/migrations/). An address is
 * held only while it has an alert: whatever deletes an address's last alert deletes the address,
 * and with it every token it was sent.
 */
import { PENDING_HOURS, type AlertDirection, type AlertStatus } from '../../core/alerts.ts';
import type { AlertsDb } from './db.ts';
import { newAlertId, newSubscriberId } from './tokens.ts';

export type AlertRow = {
  id: string;
  subscriber_id: string;
  product_slug: string;
  product_name: string;
  market_slug: string | null;
  target_price: string;
  direction: AlertDirection;
  status: AlertStatus;
  created_at: string;
  expires_at: string | null;
  last_notified_at: string | null;
};

export type NewAlert = {
  productSlug: string;
  productName: string;
  marketSlug: string | null;
  targetPrice: string;
  direction: AlertDirection;
};

/** The address as it is compared and kept: trimmed, lower case (one address, one subscriber). */
export const normalAddress = (email: string): string => email.trim().toLowerCase();

export async function findSubscriber(db: AlertsDb, email: string): Promise<string | null> {
  const row = await db.prepare('SELECT id FROM subscribers WHERE email = ?').bind(email).first<{ id: string }>();
  return row?.id ?? null;
}

/**
 * A pending alert of `email`, and the address's subscriber when it has none, in one transaction:
 * the notifier's sweep deletes every subscriber without an alert, so the two never exist apart.
 * It lives PENDING_HOURS unless confirmed.
 */
export async function addPendingAlert(
  db: AlertsDb,
  email: string,
  alert: NewAlert,
  now: Date,
): Promise<{ id: string; subscriberId: string; expiresAt: string }> {
  const id = newAlertId();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + PENDING_HOURS * 3_600_000).toISOString();
  const [, , subscriber] = await db.batch<{ id: string }>([
    db
      .prepare('INSERT INTO subscribers (id, email, created_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING')
      .bind(newSubscriberId(), email, at),
    db
      .prepare(
        'INSERT INTO alerts (id, subscriber_id, product_slug, product_name, market_slug, target_price, direction, ' +
          "status, created_at, expires_at) SELECT ?, id, ?, ?, ?, ?, ?, 'pending', ?, ? FROM subscribers WHERE email = ?",
      )
      .bind(
        id,
        alert.productSlug,
        alert.productName,
        alert.marketSlug,
        alert.targetPrice,
        alert.direction,
        at,
        expiresAt,
        email,
      ),
    db.prepare('SELECT id FROM subscribers WHERE email = ?').bind(email),
  ]);
  return { id, subscriberId: subscriber!.results[0]!.id, expiresAt };
}

const ALERT_COLUMNS =
  'id, subscriber_id, product_slug, product_name, market_slug, target_price, direction, status, created_at, ' +
  'expires_at, last_notified_at';

/** The subscriber's alerts that are still alive (a pending one past its end is not), oldest first. */
export async function alertsOf(db: AlertsDb, subscriberId: string, now: Date): Promise<AlertRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${ALERT_COLUMNS} FROM alerts WHERE subscriber_id = ? AND (status = 'active' OR expires_at > ?) ` +
        'ORDER BY created_at, id',
    )
    .bind(subscriberId, now.toISOString())
    .all<AlertRow>();
  return results;
}

export async function findAlert(db: AlertsDb, id: string): Promise<AlertRow | null> {
  return db.prepare(`SELECT ${ALERT_COLUMNS} FROM alerts WHERE id = ?`).bind(id).first<AlertRow>();
}

/**
 * Confirms the alert its single-use token names, and spends the token, in one transaction:
 * answers false when the alert is gone (expired, deleted) or the token was spent meanwhile.
 */
export async function confirmAlert(db: AlertsDb, tokenHash: string, alertId: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const [spent, confirmed] = await db.batch([
    db.prepare('UPDATE tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL').bind(at, tokenHash),
    db
      .prepare(
        "UPDATE alerts SET status = 'active', expires_at = NULL, confirmed_at = ?, armed = 1 " +
          "WHERE id = ? AND status = 'pending' AND expires_at > ? " +
          'AND EXISTS (SELECT 1 FROM tokens WHERE token_hash = ? AND used_at = ?)',
      )
      .bind(at, alertId, at, tokenHash, at),
  ]);
  return (spent!.meta.changes ?? 0) === 1 && (confirmed!.meta.changes ?? 0) === 1;
}

/** Deletes the subscriber's alert `id` (all its alerts when `id` is null); answers how many went. */
export async function deleteAlerts(db: AlertsDb, subscriberId: string, id: string | null): Promise<number> {
  const result =
    id === null
      ? await db.prepare('DELETE FROM alerts WHERE subscriber_id = ?').bind(subscriberId).run()
      : await db.prepare('DELETE FROM alerts WHERE id = ? AND subscriber_id = ?').bind(id, subscriberId).run();
  await forgetIfEmpty(db, subscriberId);
  return result.meta.changes ?? 0;
}

/** An address with no alert left is deleted, with its tokens (ON DELETE CASCADE). */
async function forgetIfEmpty(db: AlertsDb, subscriberId: string): Promise<void> {
  await db
    .prepare('DELETE FROM subscribers WHERE id = ? AND NOT EXISTS (SELECT 1 FROM alerts WHERE subscriber_id = ?)')
    .bind(subscriberId, subscriberId)
    .run();
}

/** How many live alerts the subscriber holds (the cap is checked when one is confirmed). */
export async function activeCount(db: AlertsDb, subscriberId: string): Promise<number> {
  const row = await db
    .prepare("SELECT count(*) AS n FROM alerts WHERE subscriber_id = ? AND status = 'active'")
    .bind(subscriberId)
    .first<{ n: number }>();
  return Number(row?.n ?? 0);
}
