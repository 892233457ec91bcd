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
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { parseDottedDay, type Day } from '../../core/dates.ts';
import { allTableRows, loadHtml, loadHtmlDocument } from '../lib/html.ts';
import { fullWidthRows, parsedRows, priceCells, priceReader, tablesWithHeader } from '../lib/table.ts';

export const PARSER = 'balikesir-html';
export const BALIKESIR_PAGE = 'https://halvepazarfiyatlari.balikesir.bel.tr/SebzeMeyveHal';
export const BALIKESIR_LIST = 'https://halvepazarfiyatlari.balikesir.bel.tr/Home/Listele';
const MARKET = 'balikesir-merkez';

/** Folded header text → field; the dates are printed with or without a space. */
const HEADER = {
  'urun tur': 'name',
  birimi: 'unit',
  'hal pazar': 'hall',
  'en dusuk': 'min',
  'en yuksek': 'max',
  bastarih: 'from',
  'bas tarih': 'from',
  bittarih: 'to',
  'bit tarih': 'to',
} as const;
const price = priceReader(PARSER, 'compact');

/** `14.09.2026` or `14.09.2026 00:00:00`. */
function cellDay(text: string, where: string): Day {
  const day = parseDottedDay(text.split(' ')[0] ?? '');
  if (!day) throw new LayoutError(PARSER, `${where}: not a date ${JSON.stringify(text)}`);
  return day;
}

function rowDay(from: Day, to: Day, requested: Day | null | undefined, where: string): Day {
  if (from === to) return from;
  if (from < to && requested && from <= requested && requested <= to) return requested;
  throw new LayoutError(
    PARSER,
    `${where}: period ${from} … ${to} does not give one data day (requested ${requested ?? 'none'})`,
  );
}

/** The anti-forgery token of the search page, or null. */
export function verificationToken(html: string): string | null {
  const $ = loadHtml(new TextEncoder().encode(html));
  return $('input[name="__RequestVerificationToken"]').first().attr('value') ?? null;
}

export function parseBalikesirHtml(document: SourceDocument): ParsedDocument {
  const [table] = tablesWithHeader(allTableRows(loadHtmlDocument(document)), HEADER);
  if (!table)
    throw new LayoutError(
      PARSER,
      'no table with the header Ürün/Tür · Birimi · Hal/Pazar · En Düşük · En Yüksek · BaşTarih · BitTarih',
    );
  const { columns } = table;
  const rows: PrintedRow[] = [];
  for (const { cells, where } of fullWidthRows(PARSER, table)) {
    rows.push({
      // Quirk: a row is dated by its period BaşTarih … BitTarih (see rowDay).
      dataDay: rowDay(
        cellDay(cells[columns.from]!, where),
        cellDay(cells[columns.to]!, where),
        document.requestedDay,
        where,
      ),
      market: MARKET,
      name: cells[columns.name]!,
      unit: cells[columns.unit]!,
      // Quirk: several halls in one list; the printed hall is kept as the group.
      group: cells[columns.hall]! || null,
      ...priceCells(price, cells, where, columns, 'exact'),
    });
  }
  return parsedRows(rows);
}

export const balikesirHtml: Parser = { id: PARSER, version: 1, parse: parseBalikesirHtml };
