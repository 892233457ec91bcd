/**
 * Çorum Belediyesi hal prices: GET `https://www.corum.bel.tr/hal-fiyatlari` → one HTML table
 * Ürün · En Düşük · En Yüksek · Birim (a change-icon column may follow). Built from SOURCES.md;
 * no real document has proven it yet.
 *
 * Quirks handled here: prices `160,00 ₺`; columns are found by their header text, so an extra
 * column does not shift them; the page prints no date known to us, so the data day is the
 * requested day.
 */
import type { Parser, SourceDocument } from '../adapter.ts';
import { loadHtml } from '../lib/html.ts';
import { findTableByLabels, namedRows, parsedRows, priceReader } from '../lib/table.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'corum-table';
export const MARKET = 'corum-sebze-meyve';

/** Folded header labels; a header cell may add words (`En Düşük Fiyat`), and the change-icon column has none. */
const LABELS = { name: 'urun', min: 'en dusuk', max: 'en yuksek', unit: 'birim' } as const;
const price = priceReader(PARSER);

export function parseCorumTable(document: SourceDocument): ParsedDocument {
  const table = findTableByLabels(loadHtml(document.bytes), LABELS);
  if (!table) throw new LayoutError(PARSER, 'no table with the columns Ürün · En Düşük · En Yüksek · Birim');
  const { columns } = table;
  const rows: PrintedRow[] = [];
  // Empty rows and one-cell notes ("Güncel fiyat bulunmamaktadır") are passed over.
  for (const { cells, where } of namedRows(PARSER, table, 'name')) {
    const day = document.requestedDay;
    if (!day) throw new LayoutError(PARSER, 'the page prints no date and the document carries no requestedDay');
    rows.push({
      dataDay: day,
      market: MARKET,
      name: cells[columns.name]!,
      unit: cells[columns.unit]!,
      group: null,
      min: price(cells[columns.min]!, `${where} min`),
      max: price(cells[columns.max]!, `${where} max`),
      avg: null,
      printed: cells.join(' | ').trimEnd(),
      location: where,
    });
  }
  return parsedRows(rows);
}

export const corumTable: Parser = { id: PARSER, version: 1, parse: parseCorumTable };
