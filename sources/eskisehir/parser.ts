/**
 * Eskişehir Büyükşehir Belediyesi: GET https://www.eskisehir.bel.tr/hal-fiyatlari → a table
 * Ürün Adı · Cinsi · Tür · Max · Min · Avg, prices `73,51`, with a reported average. The table
 * prints the maximum before the minimum: columns are mapped by header. Turkish letters come as
 * HTML numeric entities (`&#220;`); some are escaped twice (`&amp;#220;`, read as the text
 * `&#220;`), which is decoded here. As in the HKS tables the columns mirror, Cinsi is read as
 * the variety (joined to the name) and Tür as the group. No unit and no date are printed: the
 * unit is taken as kg and the data day is the day requested.
 */
import { LayoutError, type ParsedDocument, type Parser, type SourceDocument } from '../types.ts';
import { allTableRows, loadHtmlDocument } from '../lib/html.ts';
import { nameWithVariety, parseExactTable } from '../lib/table.ts';

export const PARSER = 'eskisehir-html';
export const ESKISEHIR_URL = 'https://www.eskisehir.bel.tr/hal-fiyatlari';
const MARKET = 'eskisehir-sebze-meyve';
/** The table has no unit column; prices are read as per kg (an assumption to check on a real page). */
const ASSUMED_UNIT = 'kg';

const HEADER = { 'urun adi': 'name', cinsi: 'variety', tur: 'group', max: 'max', min: 'min', avg: 'avg' } as const;

/** `&#220;` / `&#xDC;` left in the text by a page that escaped its entities twice. */
export function decodeNumericEntities(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|\d+);/gi, (_, code: string) =>
    String.fromCodePoint(code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : Number(code)),
  );
}

export function parseEskisehirHtml(document: SourceDocument): ParsedDocument {
  const day = document.requestedDay;
  if (!day) throw new LayoutError(PARSER, 'the page prints no date and no requested day was given');
  // Quirk: entities escaped twice are decoded before the header is matched.
  const tables = allTableRows(loadHtmlDocument(document)).map((table) =>
    table.map((cells) => cells.map(decodeNumericEntities)),
  );
  const spec = { parser: PARSER, names: HEADER, header: 'Ürün Adı · Cinsi · Tür · Max · Min · Avg' };
  return parseExactTable(tables, spec, (cells, columns) => ({
    dataDay: day,
    market: MARKET,
    name: nameWithVariety(cells[columns.name]!, cells[columns.variety]!),
    unit: ASSUMED_UNIT,
    group: cells[columns.group]! || null,
  }));
}

export const eskisehirHtml: Parser = { id: PARSER, version: 1, parse: parseEskisehirHtml };
