/**
 * Eskişehir Büyükşehir Belediyesi: GET https://www.eskisehir.bel.tr/hal-fiyatlari → a table
 * Ürün Adı · Cinsi · Tür · Max · Min · Avg, prices `73,51`, with a reported average. The table
 * prints the maximum before the minimum: columns are mapped by header. Turkish letters come as
 * HTML numeric entities (`&#220;`); some are escaped twice (`&amp;#220;`, read as the text
 * `&#220;`), which is decoded here. As in the HKS tables the columns mirror, Cinsi is read as
 * the variety (joined to the name) and Tür as the group. No unit and no date are printed: the
 * unit is taken as kg and the data day is the day requested.
 */
import type { Parser, SourceDocument } from '../adapter.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, tableRows } from '../lib/html.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'eskisehir-html';
export const ESKISEHIR_URL = 'https://www.eskisehir.bel.tr/hal-fiyatlari';
export const MARKET = 'eskisehir-sebze-meyve';
/** The table has no unit column; prices are read as per kg (an assumption to check on a real page). */
export const ASSUMED_UNIT = 'kg';

type Field = 'name' | 'variety' | 'group' | 'max' | 'min' | 'avg';
const HEADER: Record<string, Field> = { 'urun adi': 'name', cinsi: 'variety', tur: 'group', max: 'max', min: 'min', avg: 'avg' };

/** `&#220;` / `&#xDC;` left in the text by a page that escaped its entities twice. */
export function decodeNumericEntities(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|\d+);/gi, (_, code: string) =>
    String.fromCodePoint(code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : Number(code)),
  );
}

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

/** `DOMATES` + `SALKIM` → `DOMATES SALKIM`; an empty, `-` or repeated variety adds nothing. */
function nameOf(name: string, variety: string): string {
  return variety === '' || variety === '-' || fold(variety) === fold(name) ? name : `${name} ${variety}`;
}

export function parseEskisehirHtml(document: SourceDocument): ParsedDocument {
  const day = document.requestedDay;
  if (!day) throw new LayoutError(PARSER, 'the page prints no date and no requested day was given');
  const $ = loadHtml(document.bytes, charsetOf(document.contentType));
  const tables = $('table').toArray().map((table) => tableRows($, table).map((cells) => cells.map(decodeNumericEntities)));
  const index = tables.findIndex((rows) => columnsOf(rows[0]) !== null);
  if (index < 0) throw new LayoutError(PARSER, 'no table with the header Ürün Adı · Cinsi · Tür · Max · Min · Avg');
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
      name: nameOf(cells[col.name]!, cells[col.variety]!),
      unit: ASSUMED_UNIT,
      group: cells[col.group]! || null,
      min: price(cells[col.min]!, where),
      max: price(cells[col.max]!, where),
      avg: price(cells[col.avg]!, where),
      printed: cells.join(' | '),
      location: where,
    });
  });
  return rows.length ? { rows, bulletinDays: [day] } : { rows: [], bulletinDays: [] };
}

export const eskisehirHtml: Parser = { id: PARSER, version: 1, parse: parseEskisehirHtml };
