/**
 * Price alerts: the one part of the API that writes and holds personal data (docs/alerts.md).
 * What the worker's routes, its scheduled notifier, the mails, the OpenAPI document and the privacy
 * section of /api-policy agree on. An address is held only while it has an alert; ownership is
 * proven by a token mailed to it, never by the address alone; only a token's SHA-256 is stored.
 */

/** The directions a target is reached from: `above` fires at or above the target, `below` at or below. */
export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];

/** An alert is pending until its address confirms it, then active. */
export const ALERT_STATUSES = ['pending', 'active'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** The status a created alert answers with: the confirmation mail is on its way. */
export const PENDING_CONFIRMATION = 'pending_confirmation';

/** Hours a pending alert and its confirmation token live: unconfirmed, both are deleted. */
export const PENDING_HOURS = 48;
/** Days a manage token (the link in every mail) lets its holder list and delete the address's alerts. */
export const MANAGE_TOKEN_DAYS = 60;

/**
 * Mails of confirmation and of manage links one address may be sent in one API day (Europe/Istanbul):
 * enough for a person setting up a few alerts, too few to bomb an address through us. Alert mails
 * (crossings) are not counted: only a confirmed address gets them.
 */
export const MAILS_PER_ADDRESS_DAY = 5;
/** Alerts one IP address may create in an hour (every create costs a mail). */
export const CREATES_PER_IP_HOUR = 10;
/** Active and pending alerts one address may hold. */
export const ALERTS_PER_ADDRESS = 20;

/** The largest target accepted, in TRY per unit; prices carry two decimals, and so does a target. */
export const MAX_TARGET_PRICE = 1_000_000;
/** RFC 5321's limit on a forward path's address. */
export const MAX_ADDRESS_LENGTH = 254;

/**
 * Token and id shapes: 32 (tokens) or 16 (ids) random bytes in base64url after a prefix naming the
 * kind. None starts with `hal_`, the API key's prefix, so a link holding a token is never refused as
 * a key in the query string.
 */
export const TOKEN_PREFIX = { confirm: 'hac_', manage: 'ham_' } as const;
export type TokenPurpose = keyof typeof TOKEN_PREFIX;
export const TOKEN_PATTERN = /^ha[cm]_[A-Za-z0-9_-]{43}$/;
export const ALERT_ID_PREFIX = 'alr_';
export const ALERT_ID_PATTERN = /^alr_[A-Za-z0-9_-]{22}$/;

/** Human pages the links in mails open (outside /api/v1): each shows a button, and only its POST acts. */
export const ALERT_PAGES = {
  confirm: '/alerts/confirm',
  manage: '/alerts/manage',
  unsubscribe: '/alerts/unsubscribe',
} as const;

/** RFC 8058 one-click unsubscribe: the body a mail client POSTs to the List-Unsubscribe URI. */
export const ONE_CLICK_BODY = 'List-Unsubscribe=One-Click';

/** Which published freshness may trigger an alert mail: never stale, failed or unavailable data. */
export const TRIGGERING_FRESHNESS: readonly string[] = ['fresh', 'delayed'];
