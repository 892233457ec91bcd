/**
 * Bursa hal page `https://www.bursa.bel.tr/hal_fiyatlari`: 9 tables `Ürün · BR · FİYAT`, the
 * price either a range `100,00 - 400,00 TL` (→ min, max) or one number `25,00 TL`. A single
 * number is not a min and a max: it is kept as the printed price (`avg`) with min and max null,
 * so nothing is claimed that the page does not print. No date on the page: `requestedDay`.
 */
import type { AnyNode } from 'domhandler';
import { fold } from '../../core/turkish.ts';
import { LayoutError, type ParsedDocument, type PrintedRow, type SourceDocument } from '../types.ts';
import { loadHtml, type Html } from '../lib/html.ts';
import { MARKET, requestedDay, turkishPrice } from './common.ts';

export const PARSER = 'bursa-html';
export const PARSER_VERSION = 1;
const HEADER = ['urun', 'br', 'fiyat'];

function rowsOf($: Html, table: AnyNode): AnyNode[] {
  return $(table).find('tr').toArray();
}

/** Cell texts as the source has them (trimmed, runs of spaces kept, like the API's strings). */
function texts($: Html, tr: AnyNode): string[] {
  return $(tr).children('th,td').toArray().map((c) => $(c).text().trim());
}

function isPriceTable($: Html, table: AnyNode): boolean {
  const first = rowsOf($, table)[0];
  return first !== undefined && texts($, first).map(fold).join('|') === HEADER.join('|');
}

/** `100,00 - 400,00 TL` → min/max; `25,00 TL` → one printed price. */
export function readPrice(text: string, where: string): Pick<PrintedRow, 'min' | 'max' | 'avg'> {
  const range = /^(.+?)\s+[-–]\s+(.+)$/.exec(text);
  if (range) return { min: turkishPrice(PARSER, range[1]!, where), max: turkishPrice(PARSER, range[2]!, where), avg: null };
  return { min: null, max: null, avg: turkishPrice(PARSER, text, where) };
}

function toRow(cells: string[], day: string, where: string): PrintedRow {
  if (cells.length !== 3) throw new LayoutError(PARSER, `${where} has ${cells.length} cells: ${JSON.stringify(cells)}`);
  const [name, unit, price] = cells as [string, string, string];
  return { dataDay: day, market: MARKET, name, unit, group: null, ...readPrice(price, where), printed: cells.join(' | '), location: where };
}

export function parseBursaHtml(document: SourceDocument): ParsedDocument {
  const $ = loadHtml(document.bytes);
  // `table N` counts every table of the page, so a location can be found in the document.
  const tables = $('table')
    .toArray()
    .map((table, t) => ({ table, t }))
    .filter(({ table }) => isPriceTable($, table));
  if (tables.length === 0) throw new LayoutError(PARSER, 'no Ürün · BR · FİYAT table');
  const rows: PrintedRow[] = [];
  let day: string | null = null;
  tables.forEach(({ table, t }) => {
    rowsOf($, table).slice(1).forEach((tr, r) => {
      const cells = texts($, tr);
      if (cells.every((c) => c === '')) return;
      day ??= requestedDay(PARSER, document);
      rows.push(toRow(cells, day, `table ${t + 1} tr ${r + 2}`));
    });
  });
  return { rows, bulletinDays: day ? [day] : [] };
}
