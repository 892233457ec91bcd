/**
 * Denizli Büyükşehir Belediyesi: GET https://www.denizli.bel.tr/Default.aspx?k=halfiyatlari →
 * two tables Ürün Adı · Asgari · Orta · Ekstra, prices `90,00 TL`. The three prices are grades
 * read as minimum (Asgari), average (Orta) and maximum (Ekstra), mapped by header. The tables
 * print no unit (read as kg), no group (which table is fruit is not described) and no date
 * (the data day is the day requested).
 */
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { allTableRows, loadHtmlDocument } from '../lib/html.ts';
import { fullWidthRows, parsedRows, priceCells, priceReader, tablesWithHeader } from '../lib/table.ts';

export const PARSER = 'denizli-html';
export const DENIZLI_URL = 'https://www.denizli.bel.tr/Default.aspx?k=halfiyatlari';
const MARKET = 'denizli-sebze-meyve';
/** The tables have no unit column; prices are read as per kg (an assumption to check on a real page). */
const ASSUMED_UNIT = 'kg';

/** Quirk: three grades, read as minimum (Asgari), average (Orta) and maximum (Ekstra). */
const HEADER = { 'urun adi': 'name', asgari: 'min', orta: 'avg', ekstra: 'max' } as const;
const price = priceReader(PARSER, 'compact');

export function parseDenizliHtml(document: SourceDocument): ParsedDocument {
  const day = document.requestedDay;
  if (!day) throw new LayoutError(PARSER, 'the page prints no date and no requested day was given');
  // Quirk: two tables of the same header, read in page order.
  const tables = tablesWithHeader(allTableRows(loadHtmlDocument(document)), HEADER);
  if (tables.length === 0) throw new LayoutError(PARSER, 'no table with the header Ürün Adı · Asgari · Orta · Ekstra');
  const rows: PrintedRow[] = [];
  for (const table of tables) {
    const { columns } = table;
    for (const { cells, where } of fullWidthRows(PARSER, table)) {
      rows.push({
        dataDay: day,
        market: MARKET,
        name: cells[columns.name]!,
        unit: ASSUMED_UNIT,
        group: null,
        ...priceCells(price, cells, where, columns, 'exact'),
      });
    }
  }
  return parsedRows(rows);
}

export const denizliHtml: Parser = { id: PARSER, version: 1, parse: parseDenizliHtml };
