/**
 * Tekirdağ Büyükşehir Belediyesi hal prices: the listing `https://www.tekirdag.bel.tr/hal_fiyat_gunluk`
 * links one detail page per list, `hal_fiyat_liste_detay/{id}`; the detail page holds the table
 * Ürün Adı · Ürün Türü · Birim · Tip · Max · Min. Built from SOURCES.md; no real document has
 * proven it yet.
 *
 * Quirks handled here:
 * - max before min: the columns are mapped by their header (layout, not a swap);
 * - names printed doubled, `ANANAS (ANANAS)`: kept exactly as printed (the catalogue's aliases
 *   link them); Ürün Türü is not added to the name (the name cell already holds it) and stays
 *   in `printed`; Tip (MEYVE/SEBZE) is the source's group;
 * - prices `140 TL`;
 * - the data day is the first date printed on the page (`15.09.2026`).
 */
import type { AnyNode } from 'domhandler';
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { parseDottedDay, type Day } from '../../core/dates.ts';
import { loadHtml, type Html } from '../lib/html.ts';
import { findTableByLabels, namedRows, parsedRows, priceCells, priceReader } from '../lib/table.ts';

export const PARSER = 'tekirdag-detail';
const MARKET = 'tekirdag-sebze-meyve';

/** Folded header labels, any of which names the column (max before min: mapped, not swapped). */
const LABELS = {
  name: ['urun adi'],
  kind: ['urun turu'],
  unit: ['birim'],
  group: ['tip'],
  max: ['max', 'maksimum'],
  min: ['min', 'minimum'],
} as const;
const price = priceReader(PARSER);

/** Visible text nodes in document order (scripts and styles left out). */
function textNodes(node: AnyNode): string[] {
  if (node.type === 'text') return [node.data];
  if (node.type === 'script' || node.type === 'style' || !('children' in node)) return [];
  return node.children.flatMap(textNodes);
}

/** The first `DD.MM.YYYY` (or `DD/MM/YYYY`) in the page's visible text. */
export function firstDay($: Html): Day | null {
  // Text node by text node: `<p>3/9/2026</p><p>15.09.2026</p>` must not read as one run of digits.
  const text = $('body').toArray().flatMap(textNodes).join(' ');
  for (const m of text.matchAll(/(?<!\d)(\d{1,2})[./](\d{1,2})[./](\d{4})(?!\d)/g)) {
    const day = parseDottedDay(m[0]);
    if (day) return day;
  }
  return null;
}

export function parseTekirdagDetail(document: SourceDocument): ParsedDocument {
  const $ = loadHtml(document.bytes);
  const table = findTableByLabels($, LABELS);
  if (!table) throw new LayoutError(PARSER, 'no table with the columns Ürün Adı · Ürün Türü · Birim · Tip · Max · Min');
  const { columns } = table;
  // Quirk: the list's day is the first date on the page.
  const day = firstDay($);
  const rows: PrintedRow[] = [];
  for (const { cells, where } of namedRows(PARSER, table, 'name')) {
    if (!day) throw new LayoutError(PARSER, 'no date on the page');
    rows.push({
      dataDay: day,
      market: MARKET,
      // Quirk: the name cell is printed doubled (`ANANAS (ANANAS)`) and kept so; Ürün Türü stays in `printed`.
      name: cells[columns.name]!,
      unit: cells[columns.unit]!,
      group: cells[columns.group] || null,
      ...priceCells(price, cells, where, columns, 'labelled', { min: 'Min', max: 'Max', avg: 'avg' }),
    });
  }
  return parsedRows(rows);
}

export const tekirdagDetail: Parser = { id: PARSER, version: 1, parse: parseTekirdagDetail };
