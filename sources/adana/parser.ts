/**
 * Adana Büyükşehir Belediyesi: GET https://www.adana.bel.tr/tr/hal-fiyat-listesi lists the
 * bulletins as links `/tr/hal-detay/{id}`; the newest (highest id) holds the heading
 * "Günlük Raiç … DD/MM/YYYY" (the data day) and 4-cell tables name · unit · min · max, the
 * first vegetables and the rest fruit. Prices use a decimal point (`25.50`). `0` / `0` means
 * no quote: such a row is returned with null prices (normalisation rejects it as no quote).
 */
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { parseDottedDay, type Day } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { loadHtml, loadHtmlDocument, tableRows } from '../lib/html.ts';
import { parsedRows, priceReader } from '../lib/table.ts';

export const PARSER = 'adana-html';
export const ADANA_LIST_URL = 'https://www.adana.bel.tr/tr/hal-fiyat-listesi';
const MARKET = 'adana-sebze-meyve';

/** The newest bulletin's address on the list page (highest id), or null when it links none. */
export function newestDetailUrl(html: string): string | null {
  const $ = loadHtml(new TextEncoder().encode(html));
  let best: { id: number; url: string } | null = null;
  for (const a of $('a[href*="/hal-detay/"]').toArray()) {
    const href = $(a).attr('href') ?? '';
    const m = /\/tr\/hal-detay\/(\d+)/.exec(href);
    if (m && (!best || Number(m[1]) > best.id)) best = { id: Number(m[1]), url: new URL(href, ADANA_LIST_URL).href };
  }
  return best?.url ?? null;
}

/** "Günlük Raiç … 14/09/2026": the date after the words, within the same heading. */
const HEADING = /g[üu]nl[üu]k\s+rai[çc].{0,80}?\b(\d{1,2}\/\d{1,2}\/\d{4})\b/iu;

const price = priceReader(PARSER, 'compact');

/** A header row: words where the prices stand (`EN DÜŞÜK`, `Fiyat`, …). */
const isHeader = (cells: string[]) => /fiyat|dusuk|yuksek|birim|asgari|azami/.test(fold(cells.slice(1).join(' ')));

export function parseAdanaHtml(document: SourceDocument): ParsedDocument {
  const $ = loadHtmlDocument(document);
  const heading = $('h1,h2,h3,h4,h5,h6')
    .toArray()
    .map((h) => HEADING.exec($(h).text().replace(/\s+/g, ' ')))
    .find((m) => m !== null);
  const day: Day | null = heading ? parseDottedDay(heading[1]!) : null;
  if (!day) throw new LayoutError(PARSER, 'no heading "Günlük Raiç … DD/MM/YYYY"');
  // Single-cell rows are captions (SEBZELER, MEYVELER); the others must have four cells.
  const tables = $('table')
    .toArray()
    .map((table, index) => ({
      index,
      rows: tableRows($, table)
        .map((cells, tr) => ({ cells, tr }))
        .filter((r) => r.cells.length > 1),
    }))
    .filter((t) => t.rows.length > 0);
  if (tables.length === 0) throw new LayoutError(PARSER, 'no price table');
  const rows: PrintedRow[] = [];
  tables.forEach(({ index, rows: printedRows }, t) => {
    printedRows.forEach(({ cells, tr }, i) => {
      const where = `table[${index}] tr[${tr}]`;
      if (cells.length !== 4)
        throw new LayoutError(PARSER, `${where}: ${cells.length} cells, expected 4 (name · unit · min · max)`);
      if (i === 0 && isHeader(cells)) return;
      const [name, unit, minText, maxText] = cells as [string, string, string, string];
      let min = price(minText, where);
      let max = price(maxText, where);
      // `0` / `0` is how Adana prints "no quote".
      if (min === 0 && max === 0) min = max = null;
      rows.push({
        dataDay: day,
        market: MARKET,
        name,
        unit,
        group: t === 0 ? 'SEBZE' : 'MEYVE',
        min,
        max,
        avg: null,
        printed: cells.join(' | '),
        location: where,
      });
    });
  });
  if (rows.length === 0) throw new LayoutError(PARSER, 'price tables without rows');
  return parsedRows(rows);
}

export const adanaHtml: Parser = { id: PARSER, version: 1, parse: parseAdanaHtml };
