/**
 * Manisa Büyükşehir Belediyesi hal prices: GET `https://www.manisa.bel.tr/apps/sebzemeyvehali/`
 * → one HTML table Tip · Adı · Birim · En Az · En Çok. Built from SOURCES.md; no real document
 * has proven it yet.
 *
 * Quirks handled here: prices `110,00 TL`; Tip (MEYVE/SEBZE) is the source's group; columns are
 * found by their header text; the page takes no date and prints none known to us, so the data
 * day is the requested day.
 */
import type { Parser, SourceDocument } from '../adapter.ts';
import { loadHtml } from '../lib/html.ts';
import { findTableByLabels, namedRows, parsedRows, priceReader } from '../lib/table.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'manisa-table';
export const MARKET = 'manisa-sebze-meyve';

const LABELS = { group: 'tip', name: 'adi', unit: 'birim', min: 'en az', max: 'en cok' } as const;
const price = priceReader(PARSER);

export function parseManisaTable(document: SourceDocument): ParsedDocument {
  const table = findTableByLabels(loadHtml(document.bytes), LABELS);
  if (!table) throw new LayoutError(PARSER, 'no table with the columns Tip · Adı · Birim · En Az · En Çok');
  const { columns } = table;
  const rows: PrintedRow[] = [];
  for (const { cells, where } of namedRows(PARSER, table, 'name')) {
    const day = document.requestedDay;
    if (!day) throw new LayoutError(PARSER, 'the page prints no date and the document carries no requestedDay');
    rows.push({
      dataDay: day,
      market: MARKET,
      name: cells[columns.name]!,
      unit: cells[columns.unit]!,
      group: cells[columns.group] || null,
      min: price(cells[columns.min]!, `${where} min`),
      max: price(cells[columns.max]!, `${where} max`),
      avg: null,
      printed: cells.join(' | ').trimEnd(),
      location: where,
    });
  }
  return parsedRows(rows);
}

export const manisaTable: Parser = { id: PARSER, version: 1, parse: parseManisaTable };
