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
import type { Parser, SourceDocument } from '../adapter.ts';
import { isDay, type Day } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, tableRows } from '../lib/html.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'antalya-antkomder-html';
/** The site's market number and our market key. */
export const MARKETS = [
  { number: 1, market: 'antalya-antkomder-merkez' },
  { number: 3, market: 'antalya-antkomder-serik' },
  { number: 4, market: 'antalya-antkomder-kumluca' },
] as const;
/** The table has no unit column; prices are read as per kg (an assumption to check on a real page). */
export const ASSUMED_UNIT = 'kg';

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
  header?.length === 4 && fold(header[1]!) === 'urunler' && headerDay(header[2]) !== null && headerDay(header[3]) !== null;

function price(text: string, where: string): number | null {
  try {
    return parseTurkishNumber(text);
  } catch (error) {
    if (error instanceof PriceFormatError) throw new LayoutError(PARSER, `${where}: not a price ${JSON.stringify(text)}`);
    throw error;
  }
}

const charsetOf = (contentType: string) => /charset=([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';

export function parseAntkomderHtml(document: SourceDocument, market: string): ParsedDocument {
  const $ = loadHtml(document.bytes, charsetOf(document.contentType));
  const tables = $('table').toArray().map((table) => tableRows($, table));
  const index = tables.findIndex((rows) => isPriceTable(rows[0]));
  if (index < 0) throw new LayoutError(PARSER, 'no table with the header # · Ürünler · DD-MM-YYYY (Bugün) · DD-MM-YYYY');
  const [header, ...body] = tables[index]!;
  const day = headerDay(header![2])!;
  const rows: PrintedRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c === '')) return;
    const where = `table[${index}] tr[${i + 1}]`;
    if (cells.length !== 4) throw new LayoutError(PARSER, `${where}: ${cells.length} cells, expected 4`);
    rows.push({ dataDay: day, market, name: cells[1]!, unit: ASSUMED_UNIT, group: null, min: null, max: null, avg: price(cells[2]!, where), printed: cells.join(' | '), location: where });
  });
  // Only placeholders ("Fiyat Bekleniyor", "Mevcut Değil"): no list that day.
  if (rows.every((r) => r.avg === null)) return { rows: [], bulletinDays: [] };
  return { rows, bulletinDays: [day] };
}

/** The parser of one market's page (the page does not say which market it is). */
export function antkomderHtml(market: string): Parser {
  return { id: PARSER, version: 1, parse: (document) => parseAntkomderHtml(document, market) };
}
