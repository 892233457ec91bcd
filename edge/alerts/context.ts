/** What an alert route gets: the request, the bindings alerts need, the published build, the clock. */
import type { Counted } from '../answer/headers.ts';
import type { Origin } from '../origin/object.ts';
import type { AlertsDb } from './db.ts';
import type { MailEnv } from './mail/transport.ts';

export type AlertEnv = MailEnv & {
  /** the alerts' database (D1); without it every alert route answers 503 ALERTS_UNAVAILABLE */
  ALERTS?: D1Database;
  /** the HMAC key of the abuse counters (edge/alerts/limits.ts): a secret */
  ALERT_SECRET?: string;
  /** the origin the links in mails point at, e.g. `https://hal-api.example.org` (default: the request's) */
  PUBLIC_ORIGIN?: string;
};

export type AlertAsked = {
  request: Request;
  url: URL;
  requestId: string;
  counted: Counted;
  env: AlertEnv;
  /** the published build, opened only when a route needs it */
  origin: () => Origin;
  waitUntil: (work: Promise<unknown>) => void;
  now: Date;
};

/** The database and the secret alerts cannot work without. */
export type AlertBindings = { db: AlertsDb; secret: string };

/** Where the links in mails lead. */
export const publicOrigin = (asked: Pick<AlertAsked, 'env' | 'url'>): string =>
  (asked.env.PUBLIC_ORIGIN ?? asked.url.origin).replace(/\/+$/, '');
