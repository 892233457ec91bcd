/**
 * Mersin Büyükşehir Belediyesi: POST https://www.mersin.bel.tr/hal-fiyatlari-day with the form
 * `published=YYYY-MM-DD&product_category=3|4` (3 fruit, 4 vegetables) and the XHR header →
 * an HTML fragment with a table Şube · Ürün · Cinsi · Türü · ? · Min · Max · Ort · Birim. The
 * site relays the national HKS data, so Cinsi is the variety (joined to the name) and Ort is a
 * reported average. The fifth column's meaning is not known: it is kept in `printed` only, as
 * are Şube and Türü. The fragment prints no date: the data day is the date posted.
 */
import { LayoutError, type ParsedDocument, type Parser, type SourceDocument } from '../types.ts';
import { allTableRows, loadHtmlDocument } from '../lib/html.ts';
import { nameWithVariety, parseExactTable } from '../lib/table.ts';

export const PARSER = 'mersin-html';
export const MERSIN_URL = 'https://www.mersin.bel.tr/hal-fiyatlari-day';
export const MERSIN_PAGE = 'https://www.mersin.bel.tr/hal-fiyatlari';
const MARKET = 'mersin-merkez';
/** The form's product_category values and the group they stand for. */
export const CATEGORIES = [
  { category: '3', group: 'MEYVE' },
  { category: '4', group: 'SEBZE' },
] as const;

const HEADER = {
  sube: 'branch',
  urun: 'name',
  cinsi: 'variety',
  turu: 'kind',
  min: 'min',
  max: 'max',
  ort: 'avg',
  birim: 'unit',
} as const;
/** Quirk: nine columns, the eight above and one whose meaning is not described (kept in `printed`). */
const COLUMN_COUNT = 9;

export function parseMersinHtml(document: SourceDocument, group: string): ParsedDocument {
  const day = document.requestedDay;
  if (!day) throw new LayoutError(PARSER, 'the fragment prints no date and no requested day was given');
  const header = 'Şube · Ürün · Cinsi · Türü · ? · Min · Max · Ort · Birim';
  const spec = { parser: PARSER, names: HEADER, header, width: COLUMN_COUNT };
  return parseExactTable(allTableRows(loadHtmlDocument(document)), spec, (cells, columns) => ({
    dataDay: day,
    market: MARKET,
    name: nameWithVariety(cells[columns.name]!, cells[columns.variety]!),
    unit: cells[columns.unit]!,
    group,
  }));
}

/** The parser of one category's answer (the fragment does not say which category it is). */
export function mersinHtml(group: string): Parser {
  return { id: PARSER, version: 1, parse: (document) => parseMersinHtml(document, group) };
}
