/** Helpers of the adapters' `collect()`: an answer as a document, "no list" told from a document to keep, request dates. */
import type { Day } from '../../core/dates.ts';
import type { Collected, Parser, SourceDocument } from '../types.ts';
import type { HttpClient, HttpResponse } from './http.ts';

/**
 * The document of an HTTP answer. `requestedDay` is the day the page is read as when it prints
 * none; leave it out for a page that dates itself (the document then carries no requestedDay).
 */
export function documentOf(response: HttpResponse, requestedDay?: Day): SourceDocument {
  const document: SourceDocument = {
    url: response.url,
    fetchedAt: response.fetchedAt,
    contentType: response.contentType,
    bytes: response.bytes,
  };
  return requestedDay === undefined ? document : { ...document, requestedDay };
}

/** What a browser asks for when it opens a page. */
export const PAGE_ACCEPT = 'text/html,application/xhtml+xml';

/** One GET of a page whose answer is the whole document; `requestedDay` as in `documentOf`. */
export async function fetchPage(
  http: HttpClient,
  url: string,
  options: { accept?: string; requestedDay?: Day } = {},
): Promise<SourceDocument> {
  const response = await http.request(url, { headers: { accept: options.accept ?? PAGE_ACCEPT } });
  return documentOf(response, options.requestedDay);
}

/**
 * A page that parses to no row is "no list" (an empty document would count as a good run); a
 * page that does not parse is handed on, so the scrape keeps it as evidence and marks it broken.
 */
export function documentOrNone(document: SourceDocument, parser: Parser, none: string): Collected {
  try {
    if (parser.parse(document).rows.length === 0) return { none };
  } catch {
    // the scrape parses it again and classifies the error
  }
  return { document, parser };
}

/** `2026-09-14` → `14.09.2026`, the form the sites' date fields take. */
export function dottedDay(day: Day): string {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
}

/**
 * The collection of a page read as the list of the requested day: one GET asking for `text/html`,
 * and "no list" (`none`) when the page parses to no row.
 */
export async function collectDayPage(
  http: HttpClient,
  url: string,
  day: Day,
  parser: Parser,
  none: string,
): Promise<Collected[]> {
  const document = await fetchPage(http, url, { accept: 'text/html', requestedDay: day });
  return [documentOrNone(document, parser, none)];
}
