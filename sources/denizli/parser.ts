/**
 * Denizli Büyükşehir Belediyesi: GET https://www.denizli.bel.tr/Default.aspx?k=halfiyatlari →
 * two tables Ürün Adı · Asgari · Orta · Ekstra, prices `90,00 TL`. The three prices are grades
 * read as minimum (Asgari), average (Orta) and maximum (Ekstra), mapped by header. The tables
 * print no unit (read as kg), no group (which table is fruit is not described) and no date
 * (the data day is the day requested).
 */
import type { Parser, SourceDocument } from '../adapter.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, tableRows } from '../lib/html.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'denizli-html';
export const DENIZLI_URL = 'https://www.denizli.bel.tr/Default.aspx?k=halfiyatlari';
export const MARKET = 'denizli-sebze-meyve';
/** The tables have no unit column; prices are read as per kg (an assumption to check on a real page). */
export const ASSUMED_UNIT = 'kg';

type Field = 'name' | 'min' | 'avg' | 'max';
const HEADER: Record<string, Field> = { 'urun adi': 'name', asgari: 'min', orta: 'avg', ekstra: 'max' };

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

const charsetOf = (contentType: string) => /charset=([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';

export function parseDenizliHtml(document: SourceDocument): ParsedDocument {
  const day = document.requestedDay;
  if (!day) throw new LayoutError(PARSER, 'the page prints no date and no requested day was given');
  const $ = loadHtml(document.bytes, charsetOf(document.contentType));
  const tables = $('table').toArray().map((table) => tableRows($, table));
  const rows: PrintedRow[] = [];
  let found = 0;
  tables.forEach(([header, ...body], t) => {
    const col = columnsOf(header);
    if (!col) return;
    found++;
    body.forEach((cells, i) => {
      if (cells.every((c) => c === '')) return;
      const where = `table[${t}] tr[${i + 1}]`;
      if (cells.length !== header!.length) throw new LayoutError(PARSER, `${where}: ${cells.length} cells, expected ${header!.length}`);
      rows.push({
        dataDay: day,
        market: MARKET,
        name: cells[col.name]!,
        unit: ASSUMED_UNIT,
        group: null,
        min: price(cells[col.min]!, where),
        max: price(cells[col.max]!, where),
        avg: price(cells[col.avg]!, where),
        printed: cells.join(' | '),
        location: where,
      });
    });
  });
  if (found === 0) throw new LayoutError(PARSER, 'no table with the header Ürün Adı · Asgari · Orta · Ekstra');
  return rows.length ? { rows, bulletinDays: [day] } : { rows: [], bulletinDays: [] };
}

export const denizliHtml: Parser = { id: PARSER, version: 1, parse: parseDenizliHtml };
