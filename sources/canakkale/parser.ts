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
import type { Parser, SourceDocument } from '../adapter.ts';
import { isDay, parseDottedDay, type Day } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, tableRows } from '../lib/html.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'canakkale-table';
export const MARKET = 'canakkale-sebze-meyve';

const LABELS = { name: 'malzemenin adi', unit: 'birim', min: 'asgari', max: 'azami' } as const;
type Columns = Record<keyof typeof LABELS, number>;
const MONTHS = ['ocak', 'subat', 'mart', 'nisan', 'mayis', 'haziran', 'temmuz', 'agustos', 'eylul', 'ekim', 'kasim', 'aralik'];

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
  const $ = loadHtml(document.bytes);
  for (const [t, table] of $('table').toArray().entries()) {
    if ($(table).find('table').length > 0) continue;
    const cells = tableRows($, table);
    const headerAt = cells.findIndex((row) => columnsOf(row) !== null);
    if (headerAt < 0) continue;
    const columns = columnsOf(cells[headerAt]!)!;
    const width = Math.max(...Object.values(columns)) + 1;
    // Quirk: the date stands in the table's heading, not in the rows.
    const day = cells.slice(0, headerAt + 1).map((row) => headingDay(row.join(' '))).find((d) => d !== null) ?? null;
    const rows: PrintedRow[] = [];
    let group: string | null = null;
    for (let r = headerAt + 1; r < cells.length; r++) {
      const row = cells[r]!;
      const filled = row.filter((c) => c !== '');
      if (filled.length === 0) continue;
      if (filled.length === 1) {
        // Category rows (SEBZE, MEYVE) head the rows under them; other one-cell rows are notes.
        if (/\b(sebze|meyve|ithal)/.test(fold(filled[0]!))) group = filled[0]!;
        continue;
      }
      const where = `table[${t}] tr[${r}]`;
      if (row.length < width || !row[columns.name]) throw new LayoutError(PARSER, `${where}: not a price row: ${row.join(' | ')}`);
      if (!day) throw new LayoutError(PARSER, 'no date in the table heading');
      rows.push({
        dataDay: day,
        market: MARKET,
        name: row[columns.name]!,
        unit: row[columns.unit]!,
        group,
        min: price(row[columns.min]!, `${where} min`),
        max: price(row[columns.max]!, `${where} max`),
        avg: null,
        printed: row.join(' | ').trimEnd(),
        location: where,
      });
    }
    return { rows, bulletinDays: rows.length ? [rows[0]!.dataDay] : [] };
  }
  throw new LayoutError(PARSER, 'no table with the columns MALZEMENİN ADI · BİRİM · ASGARİ · AZAMİ');
}

export const canakkaleTable: Parser = { id: PARSER, version: 1, parse: parseCanakkaleTable };
