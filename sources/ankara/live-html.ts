/**
 * The POST answer of `https://www.ankara.bel.tr/hal-fiyatlari` (form `date=DD.MM.YYYY&type=…`):
 * the first table of the page, name · kind · unit · min · max · date (DD.MM.YYYY per row). Fish
 * is priced per crate (`Kasa (10 Kğ)P Ks.-S Kut`): the crate price is kept, normalise divides by
 * the stated weight. No average is printed. "Kayıtlı veri bulunamadı" = no list for that day.
 * An answer without its closing `</html>` was cut short: refused, never read as a shorter list.
 */
import type { AnyNode } from 'domhandler';
import { parseDottedDay } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { assertWholePage, loadHtml, type Html } from '../lib/html.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../types.ts';

export const PARSER = 'ankara-html';
export const PARSER_VERSION = 1;
export const PAGE_URL = 'https://www.ankara.bel.tr/hal-fiyatlari';

/** The `type` form values the page accepts. */
export type AnkaraType = 'vegetable' | 'fruit' | 'imported' | 'fish';
export const ANKARA_TYPES: readonly AnkaraType[] = ['vegetable', 'fruit', 'imported', 'fish'];
export const MARKET_OF_TYPE: Readonly<Record<AnkaraType, string>> = {
  vegetable: 'ankara-sebze-meyve',
  fruit: 'ankara-sebze-meyve',
  imported: 'ankara-sebze-meyve',
  fish: 'ankara-balik',
};

const NO_DATA = fold('Kayıtlı veri bulunamadı');

type Columns = { name: number; kind: number; unit: number; min: number; max: number; date: number };
const DOCUMENTED: Columns = { name: 0, kind: 1, unit: 2, min: 3, max: 4, date: 5 };

/**
 * The documented column order, unless the header names its price columns: then the header
 * decides which of columns 4 and 5 is min (a reversed order is layout, not a swap).
 */
export function columnsOf(header: string[]): Columns {
  if (header.length !== 6)
    throw new LayoutError(PARSER, `header has ${header.length} cells: ${JSON.stringify(header)}`);
  const keys = header.map(fold);
  const minAt = keys.findIndex((k) => /\b(en dusuk|dusuk|min|minimum|asgari|en az)\b/.test(k));
  const maxAt = keys.findIndex((k) => /\b(en yuksek|yuksek|max|maksimum|azami|en cok)\b/.test(k));
  if (minAt < 0 && maxAt < 0) return DOCUMENTED;
  const min = minAt >= 0 ? minAt : 7 - maxAt;
  const max = maxAt >= 0 ? maxAt : 7 - minAt;
  if (!(min === 3 || min === 4) || min + max !== 7)
    throw new LayoutError(PARSER, `price columns not where expected: ${JSON.stringify(header)}`);
  return { ...DOCUMENTED, min, max };
}

/** A cell's text as the source has it, runs of spaces kept (`Kasa   (10 Kğ)P Ks.-S Kut`). */
function cells($: Html, tr: AnyNode): string[] {
  return $(tr)
    .children('th,td')
    .toArray()
    .map((cell) => $(cell).text().trim());
}

function price(text: string, where: string): number | null {
  try {
    return parseTurkishNumber(text);
  } catch (error) {
    if (error instanceof PriceFormatError) throw new LayoutError(PARSER, `${where}: price ${JSON.stringify(text)}`);
    throw error;
  }
}

function toRow(texts: string[], at: Columns, market: string, where: string): PrintedRow {
  const dataDay = parseDottedDay(texts[at.date]!);
  if (!dataDay) throw new LayoutError(PARSER, `${where}: date ${JSON.stringify(texts[at.date])}`);
  return {
    dataDay,
    market,
    name: texts[at.name]!,
    unit: texts[at.unit]!,
    group: texts[at.kind] || null,
    min: price(texts[at.min]!, where),
    max: price(texts[at.max]!, where),
    avg: null,
    printed: texts.join(' | '),
    location: where,
  };
}

/** The first table of the answer; the requested `type` decides the market (fish → ankara-balik). */
export function parseAnkaraHtml(bytes: Uint8Array, type: AnkaraType): ParsedDocument {
  assertWholePage(new TextDecoder().decode(bytes), PARSER, 'the answer');
  const $ = loadHtml(bytes);
  const table = $('table').first();
  if (table.length === 0) {
    if (fold($('body').text()).includes(NO_DATA)) return { rows: [], bulletinDays: [] };
    throw new LayoutError(PARSER, 'no table in the answer');
  }
  const trs = table.find('tr').toArray();
  const at = columnsOf(trs.length ? cells($, trs[0]!) : []);
  const rows: PrintedRow[] = [];
  trs.slice(1).forEach((tr, i) => {
    const texts = cells($, tr);
    const where = `table 1 tr ${i + 2}`;
    if (texts.length === 0 || (texts.length < 6 && fold(texts.join(' ')).includes(NO_DATA))) return;
    if (texts.length !== 6)
      throw new LayoutError(PARSER, `${where} has ${texts.length} cells: ${JSON.stringify(texts)}`);
    rows.push(toRow(texts, at, MARKET_OF_TYPE[type], where));
  });
  return { rows, bulletinDays: [...new Set(rows.map((r) => r.dataDay))].sort() };
}
