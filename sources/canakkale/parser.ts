/**
 * Çanakkale Belediyesi hal prices: GET `https://www.canakkale.bel.tr/tr/sayfa/1481-hal-fiyat-listesi`
 * → one HTML table: a heading row with the list's date, the column header MALZEMENİN ADI ·
 * BİRİM · ASGARİ · AZAMİ, then category rows (SEBZE, MEYVE) between the product rows. Built
 * from SOURCES.md; no real document has proven it yet.
 *
 * Quirks handled here: the data day is the date in the table's heading (the rows before and
 * including the column header), `15.09.2026` or `15 Eylül 2026`; a one-cell row naming SEBZE or
 * MEYVE sets the group of the rows under it; prices `55,00TL` (no space).
 */
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { isDay, parseDottedDay, type Day } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml } from '../lib/html.ts';
import { findTableByLabels, namedRows, parsedRows, priceCells, priceReader } from '../lib/table.ts';

export const PARSER = 'canakkale-table';
const MARKET = 'canakkale-sebze-meyve';

const LABELS = { name: 'malzemenin adi', unit: 'birim', min: 'asgari', max: 'azami' } as const;
const MONTHS = [
  'ocak',
  'subat',
  'mart',
  'nisan',
  'mayis',
  'haziran',
  'temmuz',
  'agustos',
  'eylul',
  'ekim',
  'kasim',
  'aralik',
];
const price = priceReader(PARSER);

/** The first date in a heading: `15.09.2026`, `15/09/2026` or `15 Eylül 2026`. */
export function headingDay(text: string): Day | null {
  const numeric = /(\d{1,2})[./](\d{1,2})[./](\d{4})/.exec(text);
  if (numeric) return parseDottedDay(numeric[0]);
  const named = /(\d{1,2}) ([a-z]+) (\d{4})/.exec(fold(text));
  const month = named ? MONTHS.indexOf(named[2]!) : -1;
  if (!named || month < 0) return null;
  const day = `${named[3]}-${String(month + 1).padStart(2, '0')}-${named[1]!.padStart(2, '0')}`;
  return isDay(day) ? day : null;
}

export function parseCanakkaleTable(document: SourceDocument): ParsedDocument {
  const table = findTableByLabels(loadHtml(document.bytes), LABELS);
  if (!table) throw new LayoutError(PARSER, 'no table with the columns MALZEMENİN ADI · BİRİM · ASGARİ · AZAMİ');
  const { columns } = table;
  // Quirk: the date stands in the table's heading, not in the rows.
  const day =
    table.rows
      .slice(0, table.headerAt + 1)
      .map((row) => headingDay(row.join(' ')))
      .find((d) => d !== null) ?? null;
  let group: string | null = null;
  // Quirk: one-cell rows are category rows (SEBZE, MEYVE), which head the rows under them, or notes.
  const categoryOrNote = (cells: string[]) => {
    const filled = cells.filter((c) => c !== '');
    if (filled.length === 1 && /\b(sebze|meyve|ithal)/.test(fold(filled[0]!))) group = filled[0]!;
    return filled.length <= 1;
  };
  const rows: PrintedRow[] = [];
  for (const { cells, where } of namedRows(PARSER, table, 'name', categoryOrNote)) {
    if (!day) throw new LayoutError(PARSER, 'no date in the table heading');
    rows.push({
      dataDay: day,
      market: MARKET,
      name: cells[columns.name]!,
      unit: cells[columns.unit]!,
      group,
      ...priceCells(price, cells, where, columns, 'labelled'),
    });
  }
  return parsedRows(rows);
}

export const canakkaleTable: Parser = { id: PARSER, version: 1, parse: parseCanakkaleTable };
