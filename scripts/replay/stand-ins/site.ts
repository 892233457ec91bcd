/**
 * What a stand-in of an official site is: the hosts it answers for and, for a request at a moment
 * of the replayed night, the answer that site gave (or would give: each site says what it chose).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { addDays, istanbulDay, type Day } from '../../../core/dates.ts';

/** A request as the site sees it: the URL the adapter asked for (`https://host/path?query`). */
export type SiteRequest = { method: string; url: URL; headers: IncomingHttpHeaders; body: string };

export type SiteAnswer =
  | { status?: number; headers?: Record<string, string>; body?: Uint8Array | string }
  /** the connection is dropped without an answer, as a host that drops the runner's address does */
  | { fault: 'no answer' };

export type Site = {
  /** the source key, as the registry names it */
  source: string;
  hosts: readonly string[];
  answer(req: SiteRequest, at: Date): SiteAnswer;
};

export const HTML = { 'content-type': 'text/html; charset=UTF-8' };
export const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** The last day whose list is out at `at`: the lists of a day appear during it, the nightly runs early the next morning. */
export const lastListedDay = (at: Date): Day => addDays(istanbulDay(at), -1);
