/**
 * Tokat Belediyesi hal prices: GET `https://www.tokat.bel.tr/hal-fiyatlari` → one HTML table
 * Ürün · Tür · Birim · En Düşük · En Yüksek · Önceki · Değişim. Built from SOURCES.md; no real
 * document has proven it yet.
 *
 * Quirks handled here: prices with a decimal POINT, `12.00 ₺` (the shared reader takes `12.00`
 * as twelve); Tür is the source's group; Önceki (the previous price) and Değişim (the change)
 * are not today's prices and stay in `printed` only; the page takes no date and prints none
 * known to us, so the data day is the requested day.
 */
import type { Parser, SourceDocument } from '../adapter.ts';
import { loadHtml } from '../lib/html.ts';
import { findTableByLabels, namedRows, parsedRows, priceReader } from '../lib/table.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'tokat-table';
export const MARKET = 'tokat-sebze-meyve';

// Önceki and Değişim have no label here: they stay in `printed` only.
const LABELS = { name: 'urun', group: 'tur', unit: 'birim', min: 'en dusuk', max: 'en yuksek' } as const;
const price = priceReader(PARSER);

export function parseTokatTable(document: SourceDocument): ParsedDocument {
  const table = findTableByLabels(loadHtml(document.bytes), LABELS);
  if (!table) throw new LayoutError(PARSER, 'no table with the columns Ürün · Tür · Birim · En Düşük · En Yüksek');
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
      // Quirk: `12.00 ₺` has a decimal POINT; the shared reader takes `12.00` as twelve.
      min: price(cells[columns.min]!, `${where} min`),
      max: price(cells[columns.max]!, `${where} max`),
      avg: null,
      printed: cells.join(' | ').trimEnd(),
      location: where,
    });
  }
  return parsedRows(rows);
}

export const tokatTable: Parser = { id: PARSER, version: 1, parse: parseTokatTable };
