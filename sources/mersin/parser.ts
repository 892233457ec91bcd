/**
 * Mersin Büyükşehir Belediyesi: POST https://www.mersin.bel.tr/hal-fiyatlari-day with the form
 * `published=YYYY-MM-DD&product_category=3|4` (3 fruit, 4 vegetables) and the XHR header →
 * an HTML fragment with a table Şube · Ürün · Cinsi · Türü · ? · Min · Max · Ort · Birim. The
 * site relays the national HKS data, so Cinsi is the variety (joined to the name) and Ort is a
 * reported average. The fifth column's meaning is not known: it is kept in `printed` only, as
 * are Şube and Türü. The fragment prints no date: the data day is the date posted.
 */
import type { Parser, SourceDocument } from '../adapter.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, tableRows } from '../lib/html.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'mersin-html';
export const MERSIN_URL = 'https://www.mersin.bel.tr/hal-fiyatlari-day';
export const MERSIN_PAGE = 'https://www.mersin.bel.tr/hal-fiyatlari';
export const MARKET = 'mersin-merkez';
/** The form's product_category values and the group they stand for. */
export const CATEGORIES = [
  { category: '3', group: 'MEYVE' },
  { category: '4', group: 'SEBZE' },
] as const;

type Field = 'branch' | 'name' | 'variety' | 'kind' | 'min' | 'max' | 'avg' | 'unit';
const HEADER: Record<string, Field> = { sube: 'branch', urun: 'name', cinsi: 'variety', turu: 'kind', min: 'min', max: 'max', ort: 'avg', birim: 'unit' };
/** Nine columns: the eight above and one whose meaning is not described. */
const COLUMN_COUNT = 9;

function columnsOf(header: string[] | undefined): Record<Field, number> | null {
  if (!header || header.length !== COLUMN_COUNT) return null;
  const columns: Partial<Record<Field, number>> = {};
  header.forEach((text, i) => {
    const field = HEADER[fold(text)];
    if (field) columns[field] = i;
  });
  return Object.keys(columns).length === Object.keys(HEADER).length ? (columns as Record<Field, number>) : null;
}

function price(text: string, where: string): number | null {
  try {
    return parseTurkishNumber(text);
  } catch (error) {
    if (error instanceof PriceFormatError) throw new LayoutError(PARSER, `${where}: not a price ${JSON.stringify(text)}`);
    throw error;
  }
}

function nameOf(name: string, variety: string): string {
  return variety === '' || variety === '-' || fold(variety) === fold(name) ? name : `${name} ${variety}`;
}

const charsetOf = (contentType: string) => /charset=([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';

export function parseMersinHtml(document: SourceDocument, group: string): ParsedDocument {
  const day = document.requestedDay;
  if (!day) throw new LayoutError(PARSER, 'the fragment prints no date and no requested day was given');
  const $ = loadHtml(document.bytes, charsetOf(document.contentType));
  const tables = $('table').toArray().map((table) => tableRows($, table));
  const index = tables.findIndex((rows) => columnsOf(rows[0]) !== null);
  if (index < 0) throw new LayoutError(PARSER, 'no table with the header Şube · Ürün · Cinsi · Türü · ? · Min · Max · Ort · Birim');
  const [header, ...body] = tables[index]!;
  const col = columnsOf(header)!;
  const rows: PrintedRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c === '')) return;
    const where = `table[${index}] tr[${i + 1}]`;
    if (cells.length !== COLUMN_COUNT) throw new LayoutError(PARSER, `${where}: ${cells.length} cells, expected ${COLUMN_COUNT}`);
    rows.push({
      dataDay: day,
      market: MARKET,
      name: nameOf(cells[col.name]!, cells[col.variety]!),
      unit: cells[col.unit]!,
      group,
      min: price(cells[col.min]!, where),
      max: price(cells[col.max]!, where),
      avg: price(cells[col.avg]!, where),
      printed: cells.join(' | '),
      location: where,
    });
  });
  return rows.length ? { rows, bulletinDays: [day] } : { rows: [], bulletinDays: [] };
}

/** The parser of one category's answer (the fragment does not say which category it is). */
export function mersinHtml(group: string): Parser {
  return { id: PARSER, version: 1, parse: (document) => parseMersinHtml(document, group) };
}
