/**
 * Bolu Belediyesi weekly hal prices: the category page
 * `https://www.bolu.bel.tr/category/halfiyatlari/` links one post per list,
 * `…/DD-MM-YYYY-(toptanci-hal-fiyat-listesi|haftalik-fiyat-listesi)/`; the post's last table
 * holds the prices. Built from SOURCES.md; no real document has proven it yet.
 *
 * Quirks handled here:
 * - the data day is the date in the post's URL (the table prints none we know of);
 * - two products per row, 12 columns: vegetable · unit · min TL · min kr · max TL · max kr ·
 *   fruit · unit · min TL · min kr · max TL · max kr;
 * - lira and kuruş in separate cells: `12` + `50` = 12.50 (an empty kuruş cell is 0);
 * - the price table is the last table of the page that has the SEBZE … MEYVE header (a
 *   sidebar table such as a calendar may follow it on a WordPress page).
 */
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { isDay, type Day } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, tableRows } from '../lib/html.ts';
import { roundKurus } from '../lib/numbers.ts';
import { parsedRows } from '../lib/table.ts';

export const PARSER = 'bolu-weekly-table';
const MARKET = 'bolu-sebze-meyve';
const POST_PATH = /\/(\d{2})-(\d{2})-(\d{4})-(?:toptanci-hal-fiyat-listesi|haftalik-fiyat-listesi)\/?$/;

/** The day a post's URL carries, or null. */
export function postDay(url: string): Day | null {
  const m = POST_PATH.exec(new URL(url).pathname);
  const day = m ? `${m[3]}-${m[2]}-${m[1]}` : null;
  return day && isDay(day) ? day : null;
}

const isHeader = (row: string[]) => {
  const folded = row.map(fold);
  const sebze = folded.findIndex((c) => c.includes('sebze'));
  return sebze >= 0 && folded.slice(sebze + 1).some((c) => c.includes('meyve'));
};
/** The row under the header that names the TL and kr columns. */
const SUBHEADER = new Set(['', 'tl', 'kr', 'krs', 'lira', 'kurus', 'asgari', 'azami']);

/** Lira and kuruş cells → one price; both empty (or `-`) = no quote. */
function lira(tl: string, kr: string, where: string): number | null {
  const t = tl.replace(/₺|\bTL\b/gi, '').trim();
  const k = kr.replace(/\bkr\b\.?/gi, '').trim();
  if (/^-*$/.test(t) && /^-*$/.test(k)) return null;
  if (!/^(\d+|\d{1,3}(\.\d{3})+)$/.test(t || '0') || !/^\d{1,2}$/.test(k || '0')) {
    throw new LayoutError(PARSER, `${where}: not a lira/kuruş pair: ${JSON.stringify(tl)} ${JSON.stringify(kr)}`);
  }
  return roundKurus(Number((t || '0').replace(/\./g, '')) + Number(k || '0') / 100);
}

function half(cells: string[], group: 'SEBZE' | 'MEYVE', day: Day, where: string): PrintedRow | null {
  if (cells.every((c) => c === '')) return null;
  const [name, unit, minTl, minKr, maxTl, maxKr] = cells as [string, string, string, string, string, string];
  if (!name) throw new LayoutError(PARSER, `${where}: prices without a name: ${cells.join(' | ')}`);
  return {
    dataDay: day,
    market: MARKET,
    name,
    unit,
    group,
    min: lira(minTl, minKr, `${where} min`),
    max: lira(maxTl, maxKr, `${where} max`),
    avg: null,
    printed: cells.join(' | '),
    location: where,
  };
}

export function parseBoluWeeklyTable(document: SourceDocument): ParsedDocument {
  const $ = loadHtml(document.bytes);
  const tables = $('table')
    .toArray()
    .map((table, t) => ({ t, cells: tableRows($, table) }));
  const found = tables.filter(({ cells }) => cells.some(isHeader)).at(-1);
  if (!found) throw new LayoutError(PARSER, 'no table with the SEBZE … MEYVE header');
  const { t, cells } = found;
  const rows: PrintedRow[] = [];
  const day = postDay(document.url) ?? document.requestedDay ?? null;
  for (let r = cells.findIndex(isHeader) + 1; r < cells.length; r++) {
    const row = cells[r]!;
    if (row.every((c) => SUBHEADER.has(fold(c)))) continue;
    // One-cell rows are titles or notes (`Fiyatlar KDV dahildir`).
    if (row.length === 1) continue;
    const where = `table[${t}] tr[${r}]`;
    if (row.length !== 12)
      throw new LayoutError(PARSER, `${where}: ${row.length} cells, expected 12: ${row.join(' | ')}`);
    if (!day) throw new LayoutError(PARSER, `no date: the URL ${document.url} is not a list post's`);
    for (const product of [
      half(row.slice(0, 6), 'SEBZE', day, `${where} sebze`),
      half(row.slice(6), 'MEYVE', day, `${where} meyve`),
    ]) {
      if (product) rows.push(product);
    }
  }
  return parsedRows(rows);
}

export const boluWeeklyTable: Parser = { id: PARSER, version: 1, parse: parseBoluWeeklyTable };
