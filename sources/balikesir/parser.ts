/**
 * Balıkesir Büyükşehir Belediyesi (several halls and bazaars): GET
 * https://halvepazarfiyatlari.balikesir.bel.tr/SebzeMeyveHal for the session cookie and the
 * `__RequestVerificationToken`, then POST /Home/Listele with
 * `BasT=DD.MM.YYYY&BitT=DD.MM.YYYY&UrunAd=&HalAd=&TurAd=1` → a table Ürün/Tür · Birimi ·
 * Hal/Pazar · En Düşük · En Yüksek · BaşTarih · BitTarih.
 *
 * One row per printed row; merging a product's rows of several halls into one price per day is
 * normalisation's work, not the parser's. The hall is printed per row and the description names
 * none, so all rows go to one market and the printed hall is kept as the row's group.
 *
 * Data day of a row (decided here, documented in the note):
 * - BaşTarih = BitTarih → that day;
 * - BaşTarih < BitTarih (a price valid over a period) → the requested day when it lies inside
 *   the period (collect asks for one day at a time, so the row is that day's price);
 * - anything else (reversed period, or a period that does not hold the requested day) → LayoutError.
 */
import type { Parser, SourceDocument } from '../adapter.ts';
import { parseDottedDay, type Day } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, tableRows } from '../lib/html.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'balikesir-html';
export const BALIKESIR_PAGE = 'https://halvepazarfiyatlari.balikesir.bel.tr/SebzeMeyveHal';
export const BALIKESIR_LIST = 'https://halvepazarfiyatlari.balikesir.bel.tr/Home/Listele';
export const MARKET = 'balikesir-merkez';

type Field = 'name' | 'unit' | 'hall' | 'min' | 'max' | 'from' | 'to';
const HEADER: Record<string, Field> = {
  'urun tur': 'name',
  birimi: 'unit',
  'hal pazar': 'hall',
  'en dusuk': 'min',
  'en yuksek': 'max',
  bastarih: 'from',
  'bas tarih': 'from',
  bittarih: 'to',
  'bit tarih': 'to',
};

function columnsOf(header: string[] | undefined): Record<Field, number> | null {
  if (!header || header.length !== 7) return null;
  const columns: Partial<Record<Field, number>> = {};
  header.forEach((text, i) => {
    const field = HEADER[fold(text)];
    if (field) columns[field] = i;
  });
  return Object.keys(columns).length === 7 ? (columns as Record<Field, number>) : null;
}

function price(text: string, where: string): number | null {
  try {
    return parseTurkishNumber(text);
  } catch (error) {
    if (error instanceof PriceFormatError) throw new LayoutError(PARSER, `${where}: not a price ${JSON.stringify(text)}`);
    throw error;
  }
}

/** `14.09.2026` or `14.09.2026 00:00:00`. */
function cellDay(text: string, where: string): Day {
  const day = parseDottedDay(text.split(' ')[0] ?? '');
  if (!day) throw new LayoutError(PARSER, `${where}: not a date ${JSON.stringify(text)}`);
  return day;
}

function rowDay(from: Day, to: Day, requested: Day | null | undefined, where: string): Day {
  if (from === to) return from;
  if (from < to && requested && from <= requested && requested <= to) return requested;
  throw new LayoutError(PARSER, `${where}: period ${from} … ${to} does not give one data day (requested ${requested ?? 'none'})`);
}

const charsetOf = (contentType: string) => /charset=([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';

/** The anti-forgery token of the search page, or null. */
export function verificationToken(html: string): string | null {
  const $ = loadHtml(new TextEncoder().encode(html));
  return $('input[name="__RequestVerificationToken"]').first().attr('value') ?? null;
}

export function parseBalikesirHtml(document: SourceDocument): ParsedDocument {
  const $ = loadHtml(document.bytes, charsetOf(document.contentType));
  const tables = $('table').toArray().map((table) => tableRows($, table));
  const index = tables.findIndex((rows) => columnsOf(rows[0]) !== null);
  if (index < 0) throw new LayoutError(PARSER, 'no table with the header Ürün/Tür · Birimi · Hal/Pazar · En Düşük · En Yüksek · BaşTarih · BitTarih');
  const [header, ...body] = tables[index]!;
  const col = columnsOf(header)!;
  const rows: PrintedRow[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c === '')) return;
    const where = `table[${index}] tr[${i + 1}]`;
    if (cells.length !== 7) throw new LayoutError(PARSER, `${where}: ${cells.length} cells, expected 7`);
    rows.push({
      dataDay: rowDay(cellDay(cells[col.from]!, where), cellDay(cells[col.to]!, where), document.requestedDay, where),
      market: MARKET,
      name: cells[col.name]!,
      unit: cells[col.unit]!,
      group: cells[col.hall]! || null,
      min: price(cells[col.min]!, where),
      max: price(cells[col.max]!, where),
      avg: null,
      printed: cells.join(' | '),
      location: where,
    });
  });
  return { rows, bulletinDays: [...new Set(rows.map((r) => r.dataDay))].sort() };
}

export const balikesirHtml: Parser = { id: PARSER, version: 1, parse: parseBalikesirHtml };
