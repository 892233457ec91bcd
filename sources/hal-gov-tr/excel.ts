/**
 * The HKS "Excel'e Çıkar" export (`btnExcel`, `rblExcelOptions`: this page or all pages): not a
 * spreadsheet but an HTML table in UTF-16LE (with a byte-order mark), holding the bulletin label
 * `Bülten Tarihi : …` in a title row, the grid's header and every line of the chosen pages; the
 * pager rows of each page come along (public scrapers of the export skip `12345678910...`). Read
 * with the same table logic as the page's grid.
 */
import * as cheerio from 'cheerio';
import type { Day } from '../../core/dates.ts';
import { LayoutError, type ParsedDocument, type SourceDocument } from '../types.ts';
import { aggregateLines, type HksProduct } from './aggregate.ts';
import { readBulletinLabel } from './grid.ts';
import { readTable, type TableRead } from './table.ts';

export const PARSER = 'hal-gov-tr-excel';
export const PARSER_VERSION = 1;

export type HksExcelRead = {
  document: ParsedDocument;
  products: HksProduct[];
  lines: number;
  pagerRows: number;
  bulletinDay: Day | null;
};

/** UTF-16LE bytes (BOM optional) → text. A UTF-16BE or odd-length body is not the export we know. */
export function decodeExport(bytes: Uint8Array): string {
  if (bytes.length % 2 !== 0) throw new LayoutError(PARSER, 'odd byte count: not UTF-16');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) throw new LayoutError(PARSER, 'UTF-16BE byte-order mark');
  return new TextDecoder('utf-16le').decode(bytes);
}

export function readHksExcel(bytes: Uint8Array, requestedDay: Day | null = null): HksExcelRead {
  const text = decodeExport(bytes);
  const $ = cheerio.load(text);
  $('script, style').remove();
  // The price table is the one whose own rows hold the header; title tables may come first.
  let read: TableRead | null = null;
  for (const table of $('table').toArray()) {
    const candidate = readTable($, table, PARSER, (row) => `row ${row}`);
    if (candidate.headers > 0) {
      read = candidate;
      break;
    }
  }
  if (!read) throw new LayoutError(PARSER, 'no table with the HKS header (Ürün Adı … Birim Adı)');
  const none: HksExcelRead = {
    document: { rows: [], bulletinDays: [] },
    products: [],
    lines: 0,
    pagerRows: read.pagerRows,
    bulletinDay: null,
  };
  if (read.lines.length === 0) return none;
  const label = readBulletinLabel($, PARSER);
  const dataDay = label?.dataDay ?? requestedDay;
  if (!dataDay) throw new LayoutError(PARSER, 'no Bülten Tarihi label and no requested day');
  const products = aggregateLines(read.lines, dataDay);
  return {
    document: { rows: products.map((p) => p.row), bulletinDays: [dataDay] },
    products,
    lines: read.lines.length,
    pagerRows: read.pagerRows,
    bulletinDay: label?.bulletinDay ?? null,
  };
}

export function parseHksExcel(document: SourceDocument): ParsedDocument {
  return readHksExcel(document.bytes, document.requestedDay ?? null).document;
}
