/**
 * Kocaeli Büyükşehir Belediyesi: POST https://www.kocaeli.bel.tr/hal-fiyatlari/ with the form
 * `date=YYYY-MM-DD&hal=1|2` (1 Merkez, 2 Gebze) → a table Ürün Adı · Kategori · Birim · En az ·
 * En çok. A day without a list prints "henüz bir veri yayınlanmamıştır" instead. The page prints
 * no date of its own: the data day is the date posted (the document's requested day).
 */
import type { Parser, SourceDocument } from '../adapter.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, tableRows } from '../lib/html.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'kocaeli-html';
export const KOCAELI_URL = 'https://www.kocaeli.bel.tr/hal-fiyatlari/';
/** The form's `hal` value of each market. */
export const HALLS = [
  { hal: '1', market: 'kocaeli-merkez' },
  { hal: '2', market: 'kocaeli-gebze' },
] as const;

const NO_LIST = fold('henüz bir veri yayınlanmamıştır');

type Field = 'name' | 'group' | 'unit' | 'min' | 'max';
const HEADER: Record<string, Field> = { 'urun adi': 'name', kategori: 'group', birim: 'unit', 'en az': 'min', 'en cok': 'max' };

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

export function parseKocaeliHtml(document: SourceDocument, market: string): ParsedDocument {
  const $ = loadHtml(document.bytes, charsetOf(document.contentType));
  const tables = $('table').toArray().map((table) => tableRows($, table));
  const index = tables.findIndex((rows) => columnsOf(rows[0]) !== null);
  const noList = fold($('body').text()).includes(NO_LIST);
  if (index < 0) {
    if (noList) return { rows: [], bulletinDays: [] };
    throw new LayoutError(PARSER, 'no table with the header Ürün Adı · Kategori · Birim · En az · En çok');
  }
  const day = document.requestedDay;
  if (!day) throw new LayoutError(PARSER, 'the page prints no date and no requested day was given');
  const [header, ...body] = tables[index]!;
  const col = columnsOf(header)!;
  const rows: PrintedRow[] = [];
  body.forEach((cells, i) => {
    const where = `table[${index}] tr[${i + 1}]`;
    if (cells.every((c) => c === '')) return;
    // The notice can also stand in the table as one spanning cell.
    if (cells.length === 1 && fold(cells[0]!).includes(NO_LIST)) return;
    if (cells.length !== header!.length) throw new LayoutError(PARSER, `${where}: ${cells.length} cells, expected ${header!.length}`);
    rows.push({
      dataDay: day,
      market,
      name: cells[col.name]!,
      unit: cells[col.unit]!,
      group: cells[col.group]! || null,
      min: price(cells[col.min]!, where),
      max: price(cells[col.max]!, where),
      avg: null,
      printed: cells.join(' | '),
      location: where,
    });
  });
  return rows.length ? { rows, bulletinDays: [day] } : { rows: [], bulletinDays: [] };
}

/** The parser of one hall's page (the page does not say which hall it is). */
export function kocaeliHtml(market: string): Parser {
  return { id: PARSER, version: 1, parse: (document) => parseKocaeliHtml(document, market) };
}
