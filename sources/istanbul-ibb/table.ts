/**
 * What every İBB layout shares. The Bayrampaşa hall's list is one four-column table,
 * `Urun Adı · Birim · En Düşük Fiyat · En Yüksek Fiyat` (sic: `Urun`, not `Ürün`), one table per
 * category (kategori 5 fruit, 6 vegetables, 7 imported), no average and no date: the day is the
 * one the list was requested for. The former site (gida.ibb.istanbul, POST `KategoriId00`) and the
 * current endpoint (tarim.ibb.istanbul `gunluk_fiyatlar.asp?kategori=`) print the same table, and
 * the archive's JSON and CSV files are dumps of it.
 */
import type { Day } from '../../core/dates.ts';
import { LayoutError, type PrintedRow, type SourceDocument } from '../types.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';

export const MARKET = 'istanbul-ibb-sebze-meyve';

/** The header row as printed, in this order. */
export const HEADER = ['Urun Adı', 'Birim', 'En Düşük Fiyat', 'En Yüksek Fiyat'] as const;

/** The category a table belongs to: a catalogue matter, not a market split, kept in `group`. */
export type IbbGroup = 'meyve' | 'sebze' | 'ithal';
export const GROUPS: readonly IbbGroup[] = ['meyve', 'sebze', 'ithal'];

/** `kategori` of the endpoint, `KategoriId00` of the former site. */
export const KATEGORI_OF_GROUP: Record<IbbGroup, string> = { meyve: '5', sebze: '6', ithal: '7' };
export const GROUP_OF_KATEGORI: Readonly<Record<string, IbbGroup>> = { '5': 'meyve', '6': 'sebze', '7': 'ithal' };

/** One table row's four cells as printed, with where it stands and its text. */
export type TableRow = { name: string; unit: string; min: string; max: string; printed: string; location: string };

export function checkHeader(parser: string, header: readonly string[] | undefined): void {
  if (!header || header.length !== HEADER.length || header.some((cell, i) => cell !== HEADER[i])) {
    throw new LayoutError(parser, `header ${JSON.stringify(header ?? null)}, expected ${JSON.stringify(HEADER)}`);
  }
}

/** A price cell (`50,00 TL`); text that is neither a price nor a placeholder is a changed layout. */
export function price(parser: string, text: string, location: string): number | null {
  try {
    return parseTurkishNumber(text);
  } catch (error) {
    if (error instanceof PriceFormatError) throw new LayoutError(parser, `${location}: ${error.message}`);
    throw error;
  }
}

/**
 * The table prints no date: the data day is the day the list was requested for. A document
 * without one cannot give its rows a day, which is the caller's mistake, not the source's.
 */
export function requestedDayOf(parser: string, document: Pick<SourceDocument, 'requestedDay' | 'url'>): Day {
  if (!document.requestedDay)
    throw new Error(`${parser}: ${document.url} has no requestedDay; the table prints no date`);
  return document.requestedDay;
}

/** Cells → a printed row; the midpoint and every other repair are normalise's business. */
export function toPrintedRow(parser: string, row: TableRow, day: Day, group: IbbGroup | null): PrintedRow {
  if (row.name.trim() === '' || row.unit.trim() === '')
    throw new LayoutError(parser, `${row.location}: no name or unit in ${JSON.stringify(row.printed)}`);
  return {
    dataDay: day,
    market: MARKET,
    name: row.name,
    unit: row.unit,
    group,
    min: price(parser, row.min, row.location),
    max: price(parser, row.max, row.location),
    avg: null,
    printed: row.printed,
    location: row.location,
  };
}
