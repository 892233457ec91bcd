/**
 * Kocaeli Büyükşehir Belediyesi: POST https://www.kocaeli.bel.tr/hal-fiyatlari/ with the form
 * `date=YYYY-MM-DD&hal=1|2` (1 Merkez, 2 Gebze) → a table Ürün Adı · Kategori · Birim · En az ·
 * En çok. A day without a list prints "henüz bir veri yayınlanmamıştır" instead. The page prints
 * no date of its own: the data day is the date posted (the document's requested day).
 */
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { fold } from '../../core/turkish.ts';
import { allTableRows, loadHtmlDocument } from '../lib/html.ts';
import { fullWidthRows, parsedRows, priceCells, priceReader, tablesWithHeader } from '../lib/table.ts';

export const PARSER = 'kocaeli-html';
export const KOCAELI_URL = 'https://www.kocaeli.bel.tr/hal-fiyatlari/';
/** The form's `hal` value of each market. */
export const HALLS = [
  { hal: '1', market: 'kocaeli-merkez' },
  { hal: '2', market: 'kocaeli-gebze' },
] as const;

const NO_LIST = fold('henüz bir veri yayınlanmamıştır');

const HEADER = { 'urun adi': 'name', kategori: 'group', birim: 'unit', 'en az': 'min', 'en cok': 'max' } as const;
const price = priceReader(PARSER, 'compact');

/** Quirk: the "no list" notice can also stand in the table as one spanning cell. */
const isNotice = (cells: string[]) => cells.length === 1 && fold(cells[0]!).includes(NO_LIST);

export function parseKocaeliHtml(document: SourceDocument, market: string): ParsedDocument {
  const $ = loadHtmlDocument(document);
  const [table] = tablesWithHeader(allTableRows($), HEADER);
  const noList = fold($('body').text()).includes(NO_LIST);
  if (!table) {
    if (noList) return { rows: [], bulletinDays: [] };
    throw new LayoutError(PARSER, 'no table with the header Ürün Adı · Kategori · Birim · En az · En çok');
  }
  const day = document.requestedDay;
  if (!day) throw new LayoutError(PARSER, 'the page prints no date and no requested day was given');
  const { columns } = table;
  const rows: PrintedRow[] = [];
  for (const { cells, where } of fullWidthRows(PARSER, table, isNotice)) {
    rows.push({
      dataDay: day,
      market,
      name: cells[columns.name]!,
      unit: cells[columns.unit]!,
      group: cells[columns.group]! || null,
      ...priceCells(price, cells, where, columns, 'exact'),
    });
  }
  return parsedRows(rows);
}

/** The parser of one hall's page (the page does not say which hall it is). */
export function kocaeliHtml(market: string): Parser {
  return { id: PARSER, version: 1, parse: (document) => parseKocaeliHtml(document, market) };
}
