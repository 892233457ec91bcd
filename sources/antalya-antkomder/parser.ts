/**
 * Antalya Yaş Sebze ve Meyve Komisyoncular Derneği (an association, not an official body):
 * GET https://antalyakomisyonculardernegi.com/hal-fiyatlari/{1|3|4}?daily=YYYY-MM-DD (1 Merkez,
 * 3 Serik, 4 Kumluca) → one table # · Ürünler · "DD-MM-YYYY (Bugün)" · previous day. One price
 * per product and day (`80.00 ₺`, decimal point), published as the average. `₺ Fiyat
 * Bekleniyor` (not yet priced) and `Mevcut Değil` (not traded) are no quote. Only the first
 * date column is read: it is the list of the day in its header; the previous day's column
 * repeats what that day's page said. A page where every price is a placeholder (Merkez since
 * 2026-06) is a day without a list. No unit is printed: prices are read as per kg.
 */
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { isDay, type Day } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { allTableRows, loadHtmlDocument } from '../lib/html.ts';
import { fullWidthRows, parsedRows, priceReader } from '../lib/table.ts';

export const PARSER = 'antalya-antkomder-html';
/** The site's market number and our market key. */
export const MARKETS = [
  { number: 1, market: 'antalya-antkomder-merkez' },
  { number: 3, market: 'antalya-antkomder-serik' },
  { number: 4, market: 'antalya-antkomder-kumluca' },
] as const;
/** The table has no unit column; prices are read as per kg (an assumption to check on a real page). */
const ASSUMED_UNIT = 'kg';

export function antkomderUrl(number: number, day: Day): string {
  return `https://antalyakomisyonculardernegi.com/hal-fiyatlari/${number}?daily=${day}`;
}

/** `14-09-2026 (Bugün)` or `13-09-2026` → the day. */
function headerDay(text: string | undefined): Day | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})\b/.exec(text ?? '');
  const day = m ? `${m[3]}-${m[2]}-${m[1]}` : '';
  return isDay(day) ? day : null;
}

const isPriceTable = (header: string[] | undefined) =>
  header?.length === 4 &&
  fold(header[1]!) === 'urunler' &&
  headerDay(header[2]) !== null &&
  headerDay(header[3]) !== null;

const price = priceReader(PARSER, 'compact');

export function parseAntkomderHtml(document: SourceDocument, market: string): ParsedDocument {
  const tables = allTableRows(loadHtmlDocument(document));
  const index = tables.findIndex((rows) => isPriceTable(rows[0]));
  if (index < 0)
    throw new LayoutError(PARSER, 'no table with the header # · Ürünler · DD-MM-YYYY (Bugün) · DD-MM-YYYY');
  const table = { index, rows: tables[index]!, headerAt: 0 };
  // Quirk: only the first date column is read; its header is the day of the list.
  const day = headerDay(table.rows[0]![2])!;
  const rows: PrintedRow[] = [];
  for (const { cells, where } of fullWidthRows(PARSER, table)) {
    rows.push({
      dataDay: day,
      market,
      name: cells[1]!,
      unit: ASSUMED_UNIT,
      group: null,
      min: null,
      max: null,
      avg: price(cells[2]!, where),
      printed: cells.join(' | '),
      location: where,
    });
  }
  // Only placeholders ("Fiyat Bekleniyor", "Mevcut Değil"): no list that day.
  if (rows.every((r) => r.avg === null)) return { rows: [], bulletinDays: [] };
  return parsedRows(rows);
}

/** The parser of one market's page (the page does not say which market it is). */
export function antkomderHtml(market: string): Parser {
  return { id: PARSER, version: 1, parse: (document) => parseAntkomderHtml(document, market) };
}
