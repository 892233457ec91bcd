/**
 * Yalova Belediyesi hal prices: GET `https://ebelediye.yalova.bel.tr/BilgiEdinme/FiyatListesi/`
 * → one HTML table Urun Adı · Urun Turu · Asgari · Azami · Fiyat Tarihi. Built from SOURCES.md;
 * no real document has proven it yet.
 *
 * Quirks handled here:
 * - every row has its own date (Fiyat Tarihi), and rows can be weeks old: each row's data day is
 *   its own date, so one document can hold several days (old rows are not dropped here; their
 *   age is what freshness reports);
 * - prices `150,00 ₺`; Urun Turu is the source's group;
 * - no unit is printed: prices are taken as per kg (assumption).
 */
import type { Parser, SourceDocument } from '../adapter.ts';
import { parseDottedDay, type Day } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, tableRows } from '../lib/html.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'yalova-table';
export const MARKET = 'yalova-sebze-meyve';
export const ASSUMED_UNIT = 'kg';

const LABELS = { name: 'urun adi', group: 'urun turu', min: 'asgari', max: 'azami', day: 'fiyat tarihi' } as const;
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

function dayOf(text: string, where: string): Day {
  // `12.09.2026`, or with the time an ASP.NET date prints after it (`12.09.2026 00:00:00`)
  const day = parseDottedDay(text.split(' ')[0] ?? '');
  if (!day) throw new LayoutError(PARSER, `${where}: Fiyat Tarihi ${JSON.stringify(text)}`);
  return day;
}

export function parseYalovaTable(document: SourceDocument): ParsedDocument {
  const $ = loadHtml(document.bytes);
  for (const [t, table] of $('table').toArray().entries()) {
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
      rows.push({
        dataDay: dayOf(row[columns.day]!, where),
        market: MARKET,
        name: row[columns.name]!,
        unit: ASSUMED_UNIT,
        group: row[columns.group] || null,
        min: price(row[columns.min]!, `${where} min`),
        max: price(row[columns.max]!, `${where} max`),
        avg: null,
        printed: row.join(' | ').trimEnd(),
        location: where,
      });
    }
    return { rows, bulletinDays: [...new Set(rows.map((r) => r.dataDay))].sort() };
  }
  throw new LayoutError(PARSER, 'no table with the columns Urun Adı · Urun Turu · Asgari · Azami · Fiyat Tarihi');
}

export const yalovaTable: Parser = { id: PARSER, version: 1, parse: parseYalovaTable };
