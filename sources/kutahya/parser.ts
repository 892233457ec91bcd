/**
 * Kütahya Belediyesi hal prices: GET `https://www.kutahya.bel.tr/hal.asp` → one HTML table
 * Ürün Adı · Ürün Cinsi · Minimum · Maksimum · Ortalama. Built from SOURCES.md; no real
 * document has proven it yet.
 *
 * Quirks handled here:
 * - prices `110 ₺` (whole lira); the average is the source's own (Ortalama), not a midpoint;
 * - the product is named by two cells, Ürün Adı and Ürün Cinsi (the variety): the printed name
 *   is `Adı (Cinsi)` so two varieties of one product stay two products; an empty or `-` Cinsi
 *   leaves the name alone;
 * - no unit is printed: prices are taken as per kg (assumption);
 * - a classic ASP page may be served in Windows-1254: the charset comes from the Content-Type
 *   header, else from the page's meta tag, else UTF-8;
 * - the page takes no date and prints none known to us: the data day is the requested day.
 */
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { loadHtml } from '../lib/html.ts';
import { findTableByLabels, namedRows, parsedRows, priceCells, priceReader } from '../lib/table.ts';

export const PARSER = 'kutahya-table';
const MARKET = 'kutahya-sebze-meyve';
const ASSUMED_UNIT = 'kg';

const LABELS = { name: 'urun adi', variety: 'urun cinsi', min: 'minimum', max: 'maksimum', avg: 'ortalama' } as const;
const price = priceReader(PARSER);

/** The page's charset: Content-Type header, else `<meta charset>` / `http-equiv`, else UTF-8. */
export function charsetOf(document: SourceDocument): string {
  const fromHeader = /charset=["']?([\w-]+)/i.exec(document.contentType)?.[1];
  const head = new TextDecoder('latin1').decode(document.bytes.subarray(0, 2048));
  const fromMeta = /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1];
  const charset = (fromHeader ?? fromMeta ?? 'utf-8').toLowerCase();
  try {
    new TextDecoder(charset);
  } catch {
    throw new LayoutError(PARSER, `unknown charset ${charset}`);
  }
  return charset;
}

function nameOf(name: string, variety: string): string {
  return variety === '' || variety === '-' ? name : `${name} (${variety})`;
}

export function parseKutahyaTable(document: SourceDocument): ParsedDocument {
  // Quirk: a classic ASP page, maybe in Windows-1254 (see charsetOf); an old layout table may stand around the list.
  const table = findTableByLabels(loadHtml(document.bytes, charsetOf(document)), LABELS);
  if (!table)
    throw new LayoutError(PARSER, 'no table with the columns Ürün Adı · Ürün Cinsi · Minimum · Maksimum · Ortalama');
  const { columns } = table;
  const rows: PrintedRow[] = [];
  for (const { cells, where } of namedRows(PARSER, table, 'name')) {
    const day = document.requestedDay;
    if (!day) throw new LayoutError(PARSER, 'the page prints no date and the document carries no requestedDay');
    rows.push({
      dataDay: day,
      market: MARKET,
      name: nameOf(cells[columns.name]!, cells[columns.variety]!),
      unit: ASSUMED_UNIT,
      group: null,
      ...priceCells(price, cells, where, columns, 'labelled'),
    });
  }
  return parsedRows(rows);
}

export const kutahyaTable: Parser = { id: PARSER, version: 1, parse: parseKutahyaTable };
