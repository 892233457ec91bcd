/**
 * Kayseri Büyükşehir Belediyesi: GET https://www.kayseri.bel.tr/hal-fiyatlari → one table
 * Cinsi · Birimi · En Yüksek · En Düşük, prices `38 ₺`. The table prints the maximum BEFORE the
 * minimum, so the columns are mapped by their header text, never by position (layout, not a
 * swap). The page takes no date and, as described, prints none: the data day is the day the
 * document was requested for. Kuruş printed without a separator (`3850`) is kept as printed.
 */
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { allTableRows, loadHtmlDocument } from '../lib/html.ts';
import { fullWidthRows, parsedRows, priceCells, priceReader, tablesWithHeader } from '../lib/table.ts';

export const PARSER = 'kayseri-html';
export const KAYSERI_URL = 'https://www.kayseri.bel.tr/hal-fiyatlari';
const MARKET = 'kayseri-sebze-meyve';

/** Folded header text → field (En Yüksek is printed before En Düşük: mapped, never by position). */
const HEADER = { cinsi: 'name', birimi: 'unit', 'en yuksek': 'max', 'en dusuk': 'min' } as const;
const price = priceReader(PARSER, 'compact');

export function parseKayseriHtml(document: SourceDocument): ParsedDocument {
  const day = document.requestedDay;
  if (!day) throw new LayoutError(PARSER, 'the page prints no date and no requested day was given');
  const [table] = tablesWithHeader(allTableRows(loadHtmlDocument(document)), HEADER);
  if (!table) throw new LayoutError(PARSER, 'no table with the header Cinsi · Birimi · En Yüksek · En Düşük');
  const { columns } = table;
  const rows: PrintedRow[] = [];
  for (const { cells, where } of fullWidthRows(PARSER, table)) {
    rows.push({
      dataDay: day,
      market: MARKET,
      name: cells[columns.name]!,
      unit: cells[columns.unit]!,
      group: null,
      // Kuruş printed without a separator (`3850`) is kept as printed.
      ...priceCells(price, cells, where, columns, 'exact'),
    });
  }
  // An empty table is a day without a list.
  return parsedRows(rows);
}

export const kayseriHtml: Parser = { id: PARSER, version: 1, parse: parseKayseriHtml };
