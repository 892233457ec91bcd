/** cheerio helpers for the HTML sources: decode, load, and read a table as rows of cell texts. */
import * as cheerio from 'cheerio';
import type { AnyNode } from 'domhandler';
import { LayoutError } from '../types.ts';

export type Html = cheerio.CheerioAPI;

/** Decodes with the given charset (`utf-8`, `windows-1254`, `iso-8859-9`) and loads the page. */
export function loadHtml(bytes: Uint8Array, charset = 'utf-8'): Html {
  return cheerio.load(new TextDecoder(charset).decode(bytes));
}

/**
 * A page the server cut short (an error mid-render, yet the answer ended cleanly) lacks its
 * closing `</html>`. Read as it is, its table would pass for the whole list (a page cut after
 * a row parses to fewer rows, one cut after the header to none at all): refuse it instead.
 */
export function assertWholePage(text: string, parser: string, what: string): void {
  if (!/<\/html\s*>/i.test(text)) throw new LayoutError(parser, `${what} ends before </html>: cut short`);
}

/** A cell's visible text: entities decoded, runs of white space (incl. NBSP) made one space. */
export function cellText($: Html, cell: AnyNode): string {
  return $(cell)
    .text()
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

/** Every row of a table as the texts of its th/td cells (header rows included). */
export function tableRows($: Html, table: AnyNode): string[][] {
  return $(table)
    .find('tr')
    .toArray()
    .map((tr) =>
      $(tr)
        .children('th,td')
        .toArray()
        .map((cell) => cellText($, cell)),
    );
}

/** The charset a Content-Type header names (`text/html; charset=windows-1254`), else UTF-8. */
export function charsetOfContentType(contentType: string): string {
  return /charset=([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
}

/** Loads a fetched page decoded with the charset of its Content-Type (UTF-8 when it names none). */
export function loadHtmlDocument(document: { bytes: Uint8Array; contentType: string }): Html {
  return loadHtml(document.bytes, charsetOfContentType(document.contentType));
}

/** Every table of the page, in page order, as its rows of cell texts (see `tableRows`). */
export function allTableRows($: Html): string[][][] {
  return $('table')
    .toArray()
    .map((table) => tableRows($, table));
}
