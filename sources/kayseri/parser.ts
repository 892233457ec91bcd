/**
 * Kayseri Büyükşehir Belediyesi: GET https://www.kayseri.bel.tr/hal-fiyatlari → one table
 * Cinsi · Birimi · En Yüksek · En Düşük, prices `38 ₺`. The table prints the maximum BEFORE the
 * minimum, so the columns are mapped by their header text, never by position (layout, not a
 * swap). The page takes no date and, as described, prints none: the data day is the day the
 * document was requested for. Kuruş printed without a separator (`3850`) is kept as printed.
 */
import type { Parser, SourceDocument } from '../adapter.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, tableRows } from '../lib/html.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'kayseri-html';
export const KAYSERI_URL = 'https://www.kayseri.bel.tr/hal-fiyatlari';
export const MARKET = 'kayseri-sebze-meyve';

type Field = 'name' | 'unit' | 'min' | 'max';
/** Folded header text → field. */
const HEADER: Record<string, Field> = { cinsi: 'name', birimi: 'unit', 'en yuksek': 'max', 'en dusuk': 'min' };

/** Field → column, when the header row is exactly this table's (in any order); else null. */
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

export function parseKayseriHtml(document: SourceDocument): ParsedDocument {
  const day = document.requestedDay;
  if (!day) throw new LayoutError(PARSER, 'the page prints no date and no requested day was given');
  const $ = loadHtml(document.bytes, charsetOf(document.contentType));
  const tables = $('table').toArray().map((table) => tableRows($, table));
  const index = tables.findIndex((rows) => columnsOf(rows[0]) !== null);
  if (index < 0) throw new LayoutError(PARSER, 'no table with the header Cinsi · Birimi · En Yüksek · En Düşük');
  const [header, ...body] = tables[index]!;
  const col = columnsOf(header)!;
  const rows: PrintedRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c === '')) return;
    const where = `table[${index}] tr[${i + 1}]`;
    if (cells.length !== header!.length) throw new LayoutError(PARSER, `${where}: ${cells.length} cells, expected ${header!.length}`);
    rows.push({
      dataDay: day,
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
  // An empty table is a day without a list.
  return rows.length ? { rows, bulletinDays: [day] } : { rows: [], bulletinDays: [] };
}

export const kayseriHtml: Parser = { id: PARSER, version: 1, parse: parseKayseriHtml };
