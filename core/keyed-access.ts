/**
 * Keyed access: what the worker and the operator's command (scripts/keys.ts) agree on. A key is
 * `hal_` and 32 random bytes in base64url; only its SHA-256 is stored (D1, edge/keys/migrations/),
 * so a leaked table gives no key. A key is checked by shape before any lookup, so a stray value
 * never costs a database read. Its quota is a daily one: the API's day is the Europe/Istanbul
 * calendar day, so a key's quota resets at midnight in Istanbul.
 */

import { sha256Hex } from './digest.ts';

/** The one place a key is accepted: a request header, never the query string (answers are kept by URL). */
export const API_KEY_HEADER = 'x-api-key';
export const API_KEY_PREFIX = 'hal_';
/** 32 bytes in base64url without padding: 43 characters. */
const KEY_PATTERN = /^hal_[A-Za-z0-9_-]{43}$/;
/** A key's id: the first characters of its hash, enough to name it to an operator, never enough to use it. */
const KEY_ID_LENGTH = 12;

export const isWellFormedKey = (value: string): boolean => KEY_PATTERN.test(value);

/** The stored form of a key: SHA-256 of its text, lower-case hex. */
export const keyHashOf = (key: string): Promise<string> => sha256Hex(key);

export const keyIdOf = (hash: string): string => hash.slice(0, KEY_ID_LENGTH);

/**
 * Query parameters a client might put a key in, and any value shaped like a key: such a request is
 * refused, because an answer kept by its URL would keep the key with it.
 */
const KEY_PARAMETERS = new Set(['api_key', 'apikey', 'api-key', 'x-api-key', 'key']);
const KEY_INSIDE = /hal_[A-Za-z0-9_-]{43}/;

export function keyInQuery(params: URLSearchParams): boolean {
  for (const [name, value] of params) if (KEY_PARAMETERS.has(name.toLowerCase()) || KEY_INSIDE.test(value)) return true;
  return false;
}

const istanbulClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Istanbul',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Seconds from `nowMs` to the next midnight in Istanbul (at least 1): when a daily quota starts again. */
export function secondsToIstanbulMidnight(nowMs: number): number {
  const parts = Object.fromEntries(istanbulClock.formatToParts(new Date(nowMs)).map((p) => [p.type, p.value]));
  const elapsed = Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second);
  return Math.max(1, 86_400 - elapsed);
}

/**
 * How long a request waits for the key's row in D1 (then 503 KEY_CHECK_UNAVAILABLE), or for its quota
 * object (then served uncounted), as long as the keyless limiter is waited for.
 */
export const KEY_CHECK_TIMEOUT_MS = 1_000;
/** The burst window of a plan: requests per minute of one key. */
export const BURST_WINDOW_SECONDS = 60;
/** Retry-After of a 503 when a key could not be checked. */
export const KEY_CHECK_RETRY_SECONDS = 30;
