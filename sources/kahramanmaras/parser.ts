/**
 * Kahramanmaraş Büyükşehir Belediyesi hal prices: GET
 * `https://kahramanmaras.bel.tr/sebze-meyve-fiyatlari` → the SECOND table of the page:
 * Hal · Ürün Türü · Ürün Adı · Birim · 1.Kalite · 2.Kalite · Rayiç · Tarih. Built from
 * SOURCES.md; no real document has proven it yet.
 *
 * Quirks handled here:
 * - two markets in one table: the Hal column picks the market (Kahramanmaraş or Elbistan);
 * - grades instead of min/max: 1.Kalite is the max, 2.Kalite the min, Rayiç the source's
 *   average; columns are mapped by their header, values kept as printed (no swap);
 * - whole-lira integers: a dot can only group thousands (`1.250` = 1250);
 * - every row carries its own date (Tarih), which is its data day.
 */
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { parseDottedDay, type Day } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, tableRows } from '../lib/html.ts';
import { findLabelledHeader, namedRows, parsedRows, priceCells, priceReader } from '../lib/table.ts';

export const PARSER = 'kahramanmaras-table';
/** The Hal column (folded, first word) → market slug. */
const MARKET_OF_HAL: Record<string, string> = {
  kahramanmaras: 'kahramanmaras-sebze-meyve',
  elbistan: 'kahramanmaras-elbistan',
};

const LABELS = {
  hal: 'hal',
  group: 'urun turu',
  name: 'urun adi',
  unit: 'birim',
  max: '1 kalite',
  min: '2 kalite',
  avg: 'rayic',
  day: 'tarih',
} as const;
const readPrice = priceReader(PARSER);

function price(text: string, where: string): number | null {
  const bare = text.replace(/₺|\bTL\b/g, '').trim();
  // Integers only on this page: `1.250` groups thousands (the shared reader would take it as 1.25).
  if (/^\d{1,3}(\.\d{3})+$/.test(bare)) return Number(bare.replace(/\./g, ''));
  return readPrice(text, where);
}

function marketOf(hal: string, where: string): string {
  const market = MARKET_OF_HAL[fold(hal).split(' ')[0] ?? ''];
  if (!market) throw new LayoutError(PARSER, `${where}: unknown Hal ${JSON.stringify(hal)}`);
  return market;
}

function dayOf(text: string, where: string): Day {
  // `15.09.2026`, possibly with a time after it
  const day = parseDottedDay(text.split(' ')[0] ?? '');
  if (!day) throw new LayoutError(PARSER, `${where}: Tarih ${JSON.stringify(text)}`);
  return day;
}

export function parseKahramanmarasTable(document: SourceDocument): ParsedDocument {
  const $ = loadHtml(document.bytes);
  // Quirk: the price list is the page's second table (the first is not a price list).
  const second = $('table').toArray()[1];
  if (!second) throw new LayoutError(PARSER, 'the page has no second table');
  const all = tableRows($, second);
  const header = findLabelledHeader(all, LABELS);
  if (!header)
    throw new LayoutError(
      PARSER,
      'the second table lacks the columns Hal · Ürün Türü · Ürün Adı · Birim · 1.Kalite · 2.Kalite · Rayiç · Tarih',
    );
  const table = { index: 1, rows: all, ...header };
  const { columns } = table;
  const rows: PrintedRow[] = [];
  for (const { cells, where } of namedRows(PARSER, table, 'name')) {
    rows.push({
      dataDay: dayOf(cells[columns.day]!, where),
      market: marketOf(cells[columns.hal]!, where),
      name: cells[columns.name]!,
      unit: cells[columns.unit]!,
      group: cells[columns.group] || null,
      // Quirk: grades, not min/max: 2.Kalite is the min, 1.Kalite the max, Rayiç the average (kept as printed, no swap).
      ...priceCells(price, cells, where, columns, 'labelled', { min: '2.Kalite', max: '1.Kalite', avg: 'Rayiç' }),
    });
  }
  return parsedRows(rows);
}

export const kahramanmarasTable: Parser = { id: PARSER, version: 1, parse: parseKahramanmarasTable };
