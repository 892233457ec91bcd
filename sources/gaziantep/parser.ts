/**
 * Gaziantep Büyükşehir Belediyesi: GET https://www.gaziantep.bel.tr/tr/hal-rayic?date=YYYY-MM-DD
 * → a table Ürün Adı · Az. Fiyat · As. Fiyat · Birim · Tarih. `Az.` abbreviates Azami (maximum)
 * and `As.` Asgari (minimum), so the maximum is printed first: columns are mapped by header.
 * Every row carries its own date, which is the row's data day (a row left from an earlier day
 * keeps that day).
 */
import { LayoutError, type ParsedDocument, type Parser, type SourceDocument } from '../types.ts';
import { isDay, parseDottedDay, type Day } from '../../core/dates.ts';
import { allTableRows, loadHtmlDocument } from '../lib/html.ts';
import { parseExactTable } from '../lib/table.ts';

export const PARSER = 'gaziantep-html';
const MARKET = 'gaziantep-sebze-meyve';

export function gaziantepUrl(day: Day): string {
  return `https://www.gaziantep.bel.tr/tr/hal-rayic?date=${day}`;
}

/** Quirk: `Az.` is Azami (maximum) and `As.` Asgari (minimum), the maximum printed first. */
const HEADER = { 'urun adi': 'name', 'az fiyat': 'max', 'as fiyat': 'min', birim: 'unit', tarih: 'date' } as const;

/** `14.09.2026`, `14.09.2026 00:00:00` or `2026-09-14`. */
function rowDay(text: string, where: string): Day {
  const [first = ''] = text.split(' ');
  const day = isDay(first) ? first : parseDottedDay(first);
  if (!day) throw new LayoutError(PARSER, `${where}: not a date ${JSON.stringify(text)}`);
  return day;
}

export function parseGaziantepHtml(document: SourceDocument): ParsedDocument {
  const spec = { parser: PARSER, names: HEADER, header: 'Ürün Adı · Az. Fiyat · As. Fiyat · Birim · Tarih' };
  return parseExactTable(allTableRows(loadHtmlDocument(document)), spec, (cells, columns, where) => ({
    // Quirk: every row carries its own date (a row left from an earlier day keeps that day).
    dataDay: rowDay(cells[columns.date]!, where),
    market: MARKET,
    name: cells[columns.name]!,
    unit: cells[columns.unit]!,
    group: null,
  }));
}

export const gaziantepHtml: Parser = { id: PARSER, version: 1, parse: parseGaziantepHtml };
