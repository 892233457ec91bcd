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
import type { Parser, SourceDocument } from '../adapter.ts';
import { parseDottedDay, type Day } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, tableRows } from '../lib/html.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'kahramanmaras-table';
/** The Hal column (folded, first word) → market slug. */
export const MARKET_OF_HAL: Record<string, string> = { kahramanmaras: 'kahramanmaras-sebze-meyve', elbistan: 'kahramanmaras-elbistan' };

const LABELS = { hal: 'hal', group: 'urun turu', name: 'urun adi', unit: 'birim', max: '1 kalite', min: '2 kalite', avg: 'rayic', day: 'tarih' } as const;
type Columns = Record<keyof typeof LABELS, number>;

function columnsOf(header: string[]): Columns | null {
  const folded = header.map(fold);
  const columns: Partial<Columns> = {};
  for (const [key, label] of Object.entries(LABELS) as [keyof Columns, string][]) {
    const i = folded.findIndex((cell) => cell === label || cell.startsWith(`${label} `));
    if (i < 0) return null;
    columns[key] = i;
  }
  return columns as Columns;
}

function price(text: string, where: string): number | null {
  const bare = text.replace(/₺|\bTL\b/g, '').trim();
  // Integers only on this page: `1.250` groups thousands (the shared reader would take it as 1.25).
  if (/^\d{1,3}(\.\d{3})+$/.test(bare)) return Number(bare.replace(/\./g, ''));
  try {
    return parseTurkishNumber(text);
  } catch (error) {
    if (error instanceof PriceFormatError) throw new LayoutError(PARSER, `${where}: ${error.message}`);
    throw error;
  }
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
  const table = $('table').toArray()[1];
  if (!table) throw new LayoutError(PARSER, 'the page has no second table');
  const cells = tableRows($, table);
  const headerAt = cells.findIndex((row) => columnsOf(row) !== null);
  if (headerAt < 0) throw new LayoutError(PARSER, 'the second table lacks the columns Hal · Ürün Türü · Ürün Adı · Birim · 1.Kalite · 2.Kalite · Rayiç · Tarih');
  const columns = columnsOf(cells[headerAt]!)!;
  const width = Math.max(...Object.values(columns)) + 1;
  const rows: PrintedRow[] = [];
  for (let r = headerAt + 1; r < cells.length; r++) {
    const row = cells[r]!;
    if (row.length <= 1 || row.every((c) => c === '')) continue;
    const where = `table[1] tr[${r}]`;
    if (row.length < width || !row[columns.name]) throw new LayoutError(PARSER, `${where}: not a price row: ${row.join(' | ')}`);
    rows.push({
      dataDay: dayOf(row[columns.day]!, where),
      market: marketOf(row[columns.hal]!, where),
      name: row[columns.name]!,
      unit: row[columns.unit]!,
      group: row[columns.group] || null,
      min: price(row[columns.min]!, `${where} 2.Kalite`),
      max: price(row[columns.max]!, `${where} 1.Kalite`),
      avg: price(row[columns.avg]!, `${where} Rayiç`),
      printed: row.join(' | ').trimEnd(),
      location: where,
    });
  }
  return { rows, bulletinDays: [...new Set(rows.map((r) => r.dataDay))].sort() };
}

export const kahramanmarasTable: Parser = { id: PARSER, version: 1, parse: parseKahramanmarasTable };
