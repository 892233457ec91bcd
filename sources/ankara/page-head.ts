/**
 * The GET answer of `https://www.ankara.bel.tr/hal-fiyatlari`: a Laravel page whose
 * `<meta name="csrf-token" content="…">` must be sent back with the POST that asks for a list
 * (as the `_token` field and the `X-CSRF-TOKEN` header). A page head is evidence that the page
 * still works this way, not a bulletin: it yields no rows.
 */
import { loadHtml } from '../lib/html.ts';
import { LayoutError, type ParsedDocument } from '../types.ts';

export const PARSER = 'ankara-page-head';
export const PARSER_VERSION = 1;

export function readCsrfToken(bytes: Uint8Array): string {
  const $ = loadHtml(bytes);
  const token = ($('meta[name="csrf-token"]').first().attr('content') ?? '').trim();
  if (!token) throw new LayoutError(PARSER, 'no <meta name="csrf-token"> in the page');
  return token;
}

/** Zero rows; throws when the token is missing (the POST could not be made). */
export function parseAnkaraPageHead(bytes: Uint8Array): ParsedDocument {
  readCsrfToken(bytes);
  return { rows: [], bulletinDays: [] };
}
