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
import type { Parser, SourceDocument } from '../adapter.ts';
import { parseDottedDay, type Day } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, tableRows, type Html } from '../lib/html.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../lib/types.ts';

export const PARSER = 'tekirdag-detail';
export const MARKET = 'tekirdag-sebze-meyve';

/** Folded header labels, any of which names the column. */
const LABELS = {
  name: ['urun adi'],
  kind: ['urun turu'],
  unit: ['birim'],
  group: ['tip'],
  max: ['max', 'maksimum'],
  min: ['min', 'minimum'],
} as const;
type Columns = Record<keyof typeof LABELS, number>;

function columnsOf(header: string[]): Columns | null {
  const folded = header.map(fold);
  const columns: Partial<Columns> = {};
  for (const [key, labels] of Object.entries(LABELS) as [keyof Columns, readonly string[]][]) {
    const i = folded.findIndex((cell) => labels.some((label) => cell === label || cell.startsWith(`${label} `)));
    if (i < 0) return null;
    columns[key] = i;
  }
  return columns as Columns;
}

function price(text: string, where: string): number | null {
  try {
    return parseTurkishNumber(text);
  } catch (error) {
    if (error instanceof PriceFormatError) throw new LayoutError(PARSER, `${where}: ${error.message}`);
    throw error;
  }
}

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
  for (const [t, table] of $('table').toArray().entries()) {
    if ($(table).find('table').length > 0) continue;
    const cells = tableRows($, table);
    const headerAt = cells.findIndex((row) => columnsOf(row) !== null);
    if (headerAt < 0) continue;
    const columns = columnsOf(cells[headerAt]!)!;
    const width = Math.max(...Object.values(columns)) + 1;
    // Quirk: the list's day is the first date on the page.
    const day = firstDay($);
    const rows: PrintedRow[] = [];
    for (let r = headerAt + 1; r < cells.length; r++) {
      const row = cells[r]!;
      if (row.length <= 1 || row.every((c) => c === '')) continue;
      const where = `table[${t}] tr[${r}]`;
      if (row.length < width || !row[columns.name]) throw new LayoutError(PARSER, `${where}: not a price row: ${row.join(' | ')}`);
      if (!day) throw new LayoutError(PARSER, 'no date on the page');
      rows.push({
        dataDay: day,
        market: MARKET,
        name: row[columns.name]!,
        unit: row[columns.unit]!,
        group: row[columns.group] || null,
        min: price(row[columns.min]!, `${where} Min`),
        max: price(row[columns.max]!, `${where} Max`),
        avg: null,
        printed: row.join(' | ').trimEnd(),
        location: where,
      });
    }
    return { rows, bulletinDays: rows.length ? [rows[0]!.dataDay] : [] };
  }
  throw new LayoutError(PARSER, 'no table with the columns Ürün Adı · Ürün Türü · Birim · Tip · Max · Min');
}

export const tekirdagDetail: Parser = { id: PARSER, version: 1, parse: parseTekirdagDetail };
