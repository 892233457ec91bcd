/**
 * Gaziantep Büyükşehir Belediyesi: GET https://www.gaziantep.bel.tr/tr/hal-rayic?date=YYYY-MM-DD
 * → a table Ürün Adı · Az. Fiyat · As. Fiyat · Birim · Tarih. `Az.` abbreviates Azami (maximum)
 * and `As.` Asgari (minimum), so the maximum is printed first: columns are mapped by header.
 * Every row carries its own date, which is the row's data day (a row left from an earlier day
 * keeps that day).
 */
import type { Parser, SourceDocument } from '../adapter.ts';
import { isDay, parseDottedDay, type Day } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, tableRows } from '../lib/html.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'gaziantep-html';
export const MARKET = 'gaziantep-sebze-meyve';

export function gaziantepUrl(day: Day): string {
  return `https://www.gaziantep.bel.tr/tr/hal-rayic?date=${day}`;
}

type Field = 'name' | 'max' | 'min' | 'unit' | 'date';
const HEADER: Record<string, Field> = { 'urun adi': 'name', 'az fiyat': 'max', 'as fiyat': 'min', birim: 'unit', tarih: 'date' };

function columnsOf(header: string[] | undefined): Record<Field, number> | null {
  if (!header || header.length !== Object.keys(HEADER).length) return null;
  const columns: Partial<Record<Field, number>> = {};
  header.forEach((text, i) => {
    const field = HEADER[fold(text)];
    if (field) columns[field] = i;
  });
  return Object.keys(columns).length === header.length ? (columns as Record<Field, number>) : null;
}

function price(text: string, where: string): number | null {
  try {
    return parseTurkishNumber(text);
  } catch (error) {
    if (error instanceof PriceFormatError) throw new LayoutError(PARSER, `${where}: not a price ${JSON.stringify(text)}`);
    throw error;
  }
}

/** `14.09.2026`, `14.09.2026 00:00:00` or `2026-09-14`. */
function rowDay(text: string, where: string): Day {
  const [first = ''] = text.split(' ');
  const day = isDay(first) ? first : parseDottedDay(first);
  if (!day) throw new LayoutError(PARSER, `${where}: not a date ${JSON.stringify(text)}`);
  return day;
}

const charsetOf = (contentType: string) => /charset=([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';

export function parseGaziantepHtml(document: SourceDocument): ParsedDocument {
  const $ = loadHtml(document.bytes, charsetOf(document.contentType));
  const tables = $('table').toArray().map((table) => tableRows($, table));
  const index = tables.findIndex((rows) => columnsOf(rows[0]) !== null);
  if (index < 0) throw new LayoutError(PARSER, 'no table with the header Ürün Adı · Az. Fiyat · As. Fiyat · Birim · Tarih');
  const [header, ...body] = tables[index]!;
  const col = columnsOf(header)!;
  const rows: PrintedRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c === '')) return;
    const where = `table[${index}] tr[${i + 1}]`;
    if (cells.length !== header!.length) throw new LayoutError(PARSER, `${where}: ${cells.length} cells, expected ${header!.length}`);
    rows.push({
      dataDay: rowDay(cells[col.date]!, where),
      market: MARKET,
      name: cells[col.name]!,
      unit: cells[col.unit]!,
      group: null,
      min: price(cells[col.min]!, where),
      max: price(cells[col.max]!, where),
      avg: null,
      printed: cells.join(' | '),
      location: where,
    });
  });
  return { rows, bulletinDays: [...new Set(rows.map((r) => r.dataDay))].sort() };
}

export const gaziantepHtml: Parser = { id: PARSER, version: 1, parse: parseGaziantepHtml };
