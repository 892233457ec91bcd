/**
 * What the database may no longer hold, deleted on every run: pending alerts past their 48 hours,
 * expired or used tokens, addresses with no alert left, and the abuse counters of days and hours
 * that are over. Deleting a subscriber deletes its tokens (ON DELETE CASCADE).
 */
import type { AlertsDb } from '../db.ts';
import { counterDay, counterHour } from '../counters.ts';

export type Swept = {
  pendingAlerts: number;
  tokens: number;
  subscribers: number;
  mailCounts: number;
  createCounts: number;
};

export async function sweep(db: AlertsDb, now: Date): Promise<Swept> {
  const at = now.toISOString();
  const changes = (r: { meta: { changes?: number } }) => r.meta.changes ?? 0;
  // In this order: an expired pending alert leaves its subscriber without alerts in the same run.
  const [pendingAlerts, tokens, subscribers, mailCounts, createCounts] = (
    await db.batch([
      db.prepare("DELETE FROM alerts WHERE status = 'pending' AND expires_at <= ?").bind(at),
      db.prepare('DELETE FROM tokens WHERE expires_at <= ? OR used_at IS NOT NULL').bind(at),
      db.prepare(
        'DELETE FROM subscribers WHERE NOT EXISTS (SELECT 1 FROM alerts a WHERE a.subscriber_id = subscribers.id)',
      ),
      db.prepare('DELETE FROM mail_counts WHERE day < ?').bind(counterDay(now)),
      db.prepare('DELETE FROM create_counts WHERE hour < ?').bind(counterHour(now)),
    ])
  ).map(changes) as [number, number, number, number, number];
  return { pendingAlerts, tokens, subscribers, mailCounts, createCounts };
}
