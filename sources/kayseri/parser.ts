/**
 * Kayseri Büyükşehir Belediyesi: GET https://www.kayseri.bel.tr/hal-fiyatlari → one table
 * Cinsi · Birimi · En Yüksek · En Düşük, prices `38 ₺`. The table prints the maximum BEFORE the
 * minimum, so the columns are mapped by their header text, never by position (layout, not a
 * swap). The page takes no date and, as described, prints none: the data day is the day the
 * document was requested for. Kuruş printed without a separator (`3850`) is kept as printed.
 */
import { LayoutError, type ParsedDocument, type Parser, type SourceDocument } from '../types.ts';
import { allTableRows, loadHtmlDocument } from '../lib/html.ts';
import { parseExactTable } from '../lib/table.ts';

export const PARSER = 'kayseri-html';
export const KAYSERI_URL = 'https://www.kayseri.bel.tr/hal-fiyatlari';
const MARKET = 'kayseri-sebze-meyve';

/** Folded header text → field (En Yüksek is printed before En Düşük: mapped, never by position). */
const HEADER = { cinsi: 'name', birimi: 'unit', 'en yuksek': 'max', 'en dusuk': 'min' } as const;

export function parseKayseriHtml(document: SourceDocument): ParsedDocument {
  const day = document.requestedDay;
  if (!day) throw new LayoutError(PARSER, 'the page prints no date and no requested day was given');
  const spec = { parser: PARSER, names: HEADER, header: 'Cinsi · Birimi · En Yüksek · En Düşük' };
  // Kuruş printed without a separator (`3850`) is kept as printed; an empty table is a day without a list.
  return parseExactTable(allTableRows(loadHtmlDocument(document)), spec, (cells, columns) => ({
    dataDay: day,
    market: MARKET,
    name: cells[columns.name]!,
    unit: cells[columns.unit]!,
    group: null,
  }));
}

export const kayseriHtml: Parser = { id: PARSER, version: 1, parse: parseKayseriHtml };
