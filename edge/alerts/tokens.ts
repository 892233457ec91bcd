/**
 * Alert ids and tokens: random, from the runtime's CSPRNG. A token is shown once, in a mail, and
 * stored only as its SHA-256, so the table gives no token; a confirm token is single-use and names
 * its alert, a manage token lists and deletes its address's alerts until it expires.
 */
import {
  ALERT_ID_PREFIX,
  MANAGE_TOKEN_DAYS,
  PENDING_HOURS,
  TOKEN_PATTERN,
  TOKEN_PREFIX,
  type TokenPurpose,
} from '../../core/alerts.ts';
import { sha256Hex } from '../../core/digest.ts';
import type { AlertsDb } from './db.ts';

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const randomText = (bytes: number): string => base64url(crypto.getRandomValues(new Uint8Array(bytes)));

export const newAlertId = (): string => `${ALERT_ID_PREFIX}${randomText(16)}`;
export const newSubscriberId = (): string => `sub_${randomText(16)}`;

const HOUR_MS = 3_600_000;
const LIFETIME_MS: Record<TokenPurpose, number> = {
  confirm: PENDING_HOURS * HOUR_MS,
  manage: MANAGE_TOKEN_DAYS * 24 * HOUR_MS,
};

/** A new token of `purpose` for the subscriber (and, to confirm, its alert): only its hash is stored. */
export async function mintToken(
  db: AlertsDb,
  purpose: TokenPurpose,
  subscriberId: string,
  alertId: string | null,
  now: Date,
): Promise<string> {
  const token = `${TOKEN_PREFIX[purpose]}${randomText(32)}`;
  await db
    .prepare(
      'INSERT INTO tokens (token_hash, subscriber_id, purpose, alert_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .bind(
      await sha256Hex(token),
      subscriberId,
      purpose,
      alertId,
      now.toISOString(),
      new Date(now.getTime() + LIFETIME_MS[purpose]).toISOString(),
    )
    .run();
  return token;
}

export type TokenRefusal = 'unknown' | 'expired' | 'used';
export type TokenHolder = { subscriberId: string; alertId: string | null; hash: string };

/** Whose a token is, or why it is refused. A malformed token is `unknown` without a lookup. */
export async function holderOf(
  db: AlertsDb,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<TokenHolder | { refused: TokenRefusal }> {
  if (!TOKEN_PATTERN.test(token) || !token.startsWith(TOKEN_PREFIX[purpose])) return { refused: 'unknown' };
  const hash = await sha256Hex(token);
  const row = await db
    .prepare('SELECT subscriber_id, alert_id, expires_at, used_at FROM tokens WHERE token_hash = ? AND purpose = ?')
    .bind(hash, purpose)
    .first<{ subscriber_id: string; alert_id: string | null; expires_at: string; used_at: string | null }>();
  if (!row) return { refused: 'unknown' };
  if (row.used_at !== null) return { refused: 'used' };
  if (row.expires_at <= now.toISOString()) return { refused: 'expired' };
  return { subscriberId: row.subscriber_id, alertId: row.alert_id, hash };
}
