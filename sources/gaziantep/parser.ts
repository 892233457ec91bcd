/**
 * Gaziantep Büyükşehir Belediyesi: GET https://www.gaziantep.bel.tr/tr/hal-rayic?date=YYYY-MM-DD
 * → a table Ürün Adı · Az. Fiyat · As. Fiyat · Birim · Tarih. `Az.` abbreviates Azami (maximum)
 * and `As.` Asgari (minimum), so the maximum is printed first: columns are mapped by header.
 * Every row carries its own date, which is the row's data day (a row left from an earlier day
 * keeps that day).
 */
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { isDay, parseDottedDay, type Day } from '../../core/dates.ts';
import { allTableRows, loadHtmlDocument } from '../lib/html.ts';
import { fullWidthRows, parsedRows, priceCells, priceReader, tablesWithHeader } from '../lib/table.ts';

export const PARSER = 'gaziantep-html';
const MARKET = 'gaziantep-sebze-meyve';

export function gaziantepUrl(day: Day): string {
  return `https://www.gaziantep.bel.tr/tr/hal-rayic?date=${day}`;
}

/** Quirk: `Az.` is Azami (maximum) and `As.` Asgari (minimum), the maximum printed first. */
const HEADER = { 'urun adi': 'name', 'az fiyat': 'max', 'as fiyat': 'min', birim: 'unit', tarih: 'date' } as const;
const price = priceReader(PARSER, 'compact');

/** `14.09.2026`, `14.09.2026 00:00:00` or `2026-09-14`. */
function rowDay(text: string, where: string): Day {
  const [first = ''] = text.split(' ');
  const day = isDay(first) ? first : parseDottedDay(first);
  if (!day) throw new LayoutError(PARSER, `${where}: not a date ${JSON.stringify(text)}`);
  return day;
}

export function parseGaziantepHtml(document: SourceDocument): ParsedDocument {
  const [table] = tablesWithHeader(allTableRows(loadHtmlDocument(document)), HEADER);
  if (!table) throw new LayoutError(PARSER, 'no table with the header Ürün Adı · Az. Fiyat · As. Fiyat · Birim · Tarih');
  const { columns } = table;
  const rows: PrintedRow[] = [];
  for (const { cells, where } of fullWidthRows(PARSER, table)) {
    rows.push({
      // Quirk: every row carries its own date (a row left from an earlier day keeps that day).
      dataDay: rowDay(cells[columns.date]!, where),
      market: MARKET,
      name: cells[columns.name]!,
      unit: cells[columns.unit]!,
      group: null,
      ...priceCells(price, cells, where, columns, 'exact'),
    });
  }
  return parsedRows(rows);
}

export const gaziantepHtml: Parser = { id: PARSER, version: 1, parse: parseGaziantepHtml };
