/**
 * Adana Büyükşehir Belediyesi, "Hal Raiç Bedelleri": GET https://www.adana.bel.tr/tr/hal-fiyat-listesi
 * links the bulletins as `/tr/hal-detay/{id}`, one page per day. A page prints its day twice,
 * `DD/MM/YYYY` in the breadcrumb and in the heading "DD/MM/YYYY Tarihli Günlük Raiç Bedeli",
 * and two tab panes, `#sebze` (vegetables) and `#meyve` (fruit), each one table with the header
 * `Cinsi | Br | En Düşük | En Yüksek` and one row per product: name · unit · min · max, TL per
 * unit with a decimal point and two decimals (`25.00`).
 *
 * `0.00` / `0.00` is a product listed without a price that day (out of season, not traded): the
 * row is returned with null prices, which normalisation counts as no quote and never publishes.
 * A row with one side zero and the other priced is neither, and is refused with the page.
 */
import { type Day, parseDottedDay } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { assertWholePage, cellText, charsetOfContentType, loadHtml, loadHtmlDocument, type Html } from '../lib/html.ts';
import { parsedRows } from '../lib/table.ts';
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';

export const PARSER = 'adana-html';
export const ADANA_LIST_URL = 'https://www.adana.bel.tr/tr/hal-fiyat-listesi';
const MARKET = 'adana-sebze-meyve';

/** The newest bulletin's address on the list page (highest id), or null when it links none. */
export function newestDetailUrl(html: string): string | null {
  const $ = loadHtml(new TextEncoder().encode(html));
  let best: { id: number; url: string } | null = null;
  for (const a of $('a[href*="/hal-detay/"]').toArray()) {
    const href = $(a).attr('href') ?? '';
    const m = /\/tr\/hal-detay\/(\d+)/.exec(href);
    if (m && (!best || Number(m[1]) > best.id)) best = { id: Number(m[1]), url: new URL(href, ADANA_LIST_URL).href };
  }
  return best?.url ?? null;
}

/** The panes in page order and the group their rows belong to. */
const PANES = [
  { id: 'sebze', group: 'SEBZE' },
  { id: 'meyve', group: 'MEYVE' },
] as const;

/** The column header row, folded. */
const HEADER = ['cinsi', 'br', 'en dusuk', 'en yuksek'];
const HEADING = /^(\d{2}\/\d{2}\/\d{4}) Tarihli Günlük Raiç Bedeli$/u;
/** Every price the site prints has a decimal point and two decimals; anything else is a new format. */
const PRICE = /^\d+\.\d{2}$/;

export function parseAdanaHtml(document: SourceDocument): ParsedDocument {
  // A page cut short after a row would pass for a shorter list.
  assertWholePage(
    new TextDecoder(charsetOfContentType(document.contentType)).decode(document.bytes),
    PARSER,
    'the page',
  );
  const $ = loadHtmlDocument(document);
  const day = printedDay($);
  const rows = PANES.flatMap(({ id, group }) => paneRows($, id, group, day));
  return parsedRows(rows);
}

/** The day of the breadcrumb and of the heading, which must agree. */
function printedDay($: Html): Day {
  const crumbs = $('li.breadcrumb-item.active').toArray();
  if (crumbs.length !== 1) throw new LayoutError(PARSER, `${crumbs.length} active breadcrumb items, expected 1`);
  const crumb = cellText($, crumbs[0]!);
  const headings = $('h4')
    .toArray()
    .map((h) => cellText($, h))
    .filter((text) => /Raiç/u.test(text));
  if (headings.length !== 1)
    throw new LayoutError(PARSER, `${headings.length} headings "DD/MM/YYYY Tarihli Günlük Raiç Bedeli", expected 1`);
  const heading = HEADING.exec(headings[0]!);
  if (!heading) throw new LayoutError(PARSER, `heading ${JSON.stringify(headings[0])}: not "DD/MM/YYYY Tarihli …"`);
  const fromCrumb = parseDottedDay(crumb);
  const fromHeading = parseDottedDay(heading[1]!);
  if (!fromCrumb || !/^\d{2}\/\d{2}\/\d{4}$/.test(crumb))
    throw new LayoutError(PARSER, `breadcrumb ${JSON.stringify(crumb)}: not a day DD/MM/YYYY`);
  if (!fromHeading) throw new LayoutError(PARSER, `heading ${JSON.stringify(headings[0])}: not a day`);
  if (fromCrumb !== fromHeading)
    throw new LayoutError(PARSER, `the breadcrumb says ${crumb}, the heading ${heading[1]}: which day is it?`);
  return fromCrumb;
}

/** The rows of one pane's table, under its column header; `tr[r]` counts every row of the table. */
function paneRows($: Html, id: string, group: string, day: Day): PrintedRow[] {
  const tables = $(`div#${id} table`).toArray();
  if (tables.length !== 1) throw new LayoutError(PARSER, `#${id}: ${tables.length} tables, expected 1`);
  const trs = $(tables[0]!).find('tr').toArray();
  const headerAt = trs.findIndex((tr) => {
    const cells = $(tr).children('th,td').toArray();
    return cells.length === HEADER.length && cells.every((c, i) => fold(cellText($, c)) === HEADER[i]);
  });
  if (headerAt < 0) throw new LayoutError(PARSER, `#${id}: no header row Cinsi | Br | En Düşük | En Yüksek`);
  const rows = trs.slice(headerAt + 1).map((tr, i) => {
    const where = `#${id} tr[${headerAt + 1 + i}]`;
    const cells = $(tr).children('th,td').toArray();
    if (cells.length !== 4) throw new LayoutError(PARSER, `${where}: ${cells.length} cells, expected 4`);
    // The name as served, spaces included (`BİBER KAPYA `): matching folds it, the evidence keeps it.
    const name = $(cells[0]!).text();
    const [unit, minText, maxText] = cells.slice(1).map((c) => cellText($, c)) as [string, string, string];
    if (fold(name) === '' || unit === '') throw new LayoutError(PARSER, `${where}: a row without a name or a unit`);
    const printed = [name, unit, minText, maxText].join(' | ');
    const [min, max] = prices(minText, maxText, where);
    return { dataDay: day, market: MARKET, name, unit, group, min, max, avg: null, printed, location: where };
  });
  if (rows.length === 0) throw new LayoutError(PARSER, `#${id}: a table without rows`);
  return rows;
}

/** min · max as numbers; `0.00` / `0.00` (listed, not traded) as null · null. */
function prices(minText: string, maxText: string, where: string): [number | null, number | null] {
  for (const text of [minText, maxText])
    if (!PRICE.test(text)) throw new LayoutError(PARSER, `${where}: not a price ${JSON.stringify(text)}`);
  const min = Number(minText);
  const max = Number(maxText);
  if (min === 0 && max === 0) return [null, null];
  if (min === 0 || max === 0)
    throw new LayoutError(
      PARSER,
      `${where}: ${minText} / ${maxText}: one side zero is neither a price nor "not traded"`,
    );
  return [min, max];
}

export const adanaHtml: Parser = { id: PARSER, version: 2, parse: parseAdanaHtml };
