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
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { parseDottedDay, type Day } from '../../core/dates.ts';
import { loadHtml } from '../lib/html.ts';
import { findTableByLabels, namedRows, parsedRows, priceCells, priceReader } from '../lib/table.ts';

export const PARSER = 'yalova-table';
const MARKET = 'yalova-sebze-meyve';
const ASSUMED_UNIT = 'kg';

const LABELS = { name: 'urun adi', group: 'urun turu', min: 'asgari', max: 'azami', day: 'fiyat tarihi' } as const;
const price = priceReader(PARSER);

function dayOf(text: string, where: string): Day {
  // `12.09.2026`, or with the time an ASP.NET date prints after it (`12.09.2026 00:00:00`)
  const day = parseDottedDay(text.split(' ')[0] ?? '');
  if (!day) throw new LayoutError(PARSER, `${where}: Fiyat Tarihi ${JSON.stringify(text)}`);
  return day;
}

export function parseYalovaTable(document: SourceDocument): ParsedDocument {
  const table = findTableByLabels(loadHtml(document.bytes), LABELS);
  if (!table)
    throw new LayoutError(PARSER, 'no table with the columns Urun Adı · Urun Turu · Asgari · Azami · Fiyat Tarihi');
  const { columns } = table;
  const rows: PrintedRow[] = [];
  for (const { cells, where } of namedRows(PARSER, table, 'name')) {
    rows.push({
      // Quirk: every row has its own date, weeks-old rows included.
      dataDay: dayOf(cells[columns.day]!, where),
      market: MARKET,
      name: cells[columns.name]!,
      unit: ASSUMED_UNIT,
      group: cells[columns.group] || null,
      ...priceCells(price, cells, where, columns, 'labelled'),
    });
  }
  return parsedRows(rows);
}

export const yalovaTable: Parser = { id: PARSER, version: 1, parse: parseYalovaTable };
