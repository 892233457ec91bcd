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
import type { Parser, SourceDocument } from '../adapter.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, tableRows } from '../lib/html.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'kutahya-table';
export const MARKET = 'kutahya-sebze-meyve';
export const ASSUMED_UNIT = 'kg';

const LABELS = { name: 'urun adi', variety: 'urun cinsi', min: 'minimum', max: 'maksimum', avg: 'ortalama' } as const;
type Columns = Record<keyof typeof LABELS, number>;

function columnsOf(header: string[]): Columns | null {
  const folded = header.map(fold);
  const columns: Partial<Columns> = {};
  for (const [key, label] of Object.entries(LABELS) as [keyof Columns, string][]) {
    const i = folded.findIndex((cell) => cell === label || cell.startsWith(`${label} `));
    if (i < 0) return null;
    columns[key] = i;
  }
  return columns as Columns;
}

function price(text: string, where: string): number | null {
  try {
    return parseTurkishNumber(text);
  } catch (error) {
    if (error instanceof PriceFormatError) throw new LayoutError(PARSER, `${where}: ${error.message}`);
    throw error;
  }
}

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
  const $ = loadHtml(document.bytes, charsetOf(document));
  for (const [t, table] of $('table').toArray().entries()) {
    // Innermost tables only: an old layout table around the list would repeat its rows.
    if ($(table).find('table').length > 0) continue;
    const cells = tableRows($, table);
    const headerAt = cells.findIndex((row) => columnsOf(row) !== null);
    if (headerAt < 0) continue;
    const columns = columnsOf(cells[headerAt]!)!;
    const width = Math.max(...Object.values(columns)) + 1;
    const rows: PrintedRow[] = [];
    for (let r = headerAt + 1; r < cells.length; r++) {
      const row = cells[r]!;
      if (row.length <= 1 || row.every((c) => c === '')) continue;
      const where = `table[${t}] tr[${r}]`;
      if (row.length < width || !row[columns.name]) throw new LayoutError(PARSER, `${where}: not a price row: ${row.join(' | ')}`);
      const day = document.requestedDay;
      if (!day) throw new LayoutError(PARSER, 'the page prints no date and the document carries no requestedDay');
      rows.push({
        dataDay: day,
        market: MARKET,
        name: nameOf(row[columns.name]!, row[columns.variety]!),
        unit: ASSUMED_UNIT,
        group: null,
        min: price(row[columns.min]!, `${where} min`),
        max: price(row[columns.max]!, `${where} max`),
        avg: price(row[columns.avg]!, `${where} avg`),
        printed: row.join(' | ').trimEnd(),
        location: where,
      });
    }
    return { rows, bulletinDays: rows.length ? [rows[0]!.dataDay] : [] };
  }
  throw new LayoutError(PARSER, 'no table with the columns Ürün Adı · Ürün Cinsi · Minimum · Maksimum · Ortalama');
}

export const kutahyaTable: Parser = { id: PARSER, version: 1, parse: parseKutahyaTable };
