/**
 * Elazığ Belediyesi hal prices: GET `https://www.elazig.bel.tr/hal-fiyatlari/` → an HTML list
 * `ul#halfiyat`, one `li` per product: `h4.default-title` name, `div.price.text-success` min,
 * `div.price.text-danger` max (each followed by a currency icon, an empty `<i>`). Proven on the
 * list as served on 2026-09-08 (tests/fixtures/elazig/README.md).
 *
 * Quirks handled here:
 * - the page prints NO date: the data day is the day the document was requested for
 *   (`document.requestedDay`); a new list is told from an old one only by its content;
 * - numbers mix a decimal point and a decimal comma on one page and within one row (`60.00`, `88,00`);
 * - `0` in any spelling (`0`, `0.0`, `0.00`, `0,00`, `00,00`) means "no quote" on this page, so it
 *   reads as null (a placeholder, not a price);
 * - a row may print its min above its max: it is returned as printed, and normalising swaps and flags it;
 * - no unit is printed: the list is taken as per kg (an assumption the real list does not contradict).
 */
import { sha256HexSync } from '../../core/digest-sync.ts';
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { cellText, loadHtml, type Html } from '../lib/html.ts';
import { priceReader } from '../lib/table.ts';

export const PARSER = 'elazig-list';
const MARKET = 'elazig-sebze-meyve';
/** The page prints no unit (see above). */
const ASSUMED_UNIT = 'kg';

type Item = { name: string; min: string; max: string; printed: string };

const readPrice = priceReader(PARSER);

function price(text: string, where: string): number | null {
  const value = readPrice(text, where);
  // Quirk: 0 is how this page says "no quote".
  return value === 0 ? null : value;
}

/** The list items as printed; throws when `ul#halfiyat` or an item's three parts are missing. */
function readItems($: Html): Item[] {
  const list = $('ul#halfiyat');
  if (list.length !== 1) throw new LayoutError(PARSER, `expected one ul#halfiyat, found ${list.length}`);
  return list
    .children('li')
    .toArray()
    .map((li, i) => {
      const part = (selector: string) => {
        const found = $(li).find(selector);
        if (found.length !== 1)
          throw new LayoutError(PARSER, `li[${i}]: expected one ${selector}, found ${found.length}`);
        return cellText($, found[0]!);
      };
      const item = {
        name: part('h4.default-title'),
        min: part('div.price.text-success'),
        max: part('div.price.text-danger'),
      };
      if (!item.name) throw new LayoutError(PARSER, `li[${i}]: empty name`);
      return { ...item, printed: cellText($, li) };
    });
}

export function parseElazigList(document: SourceDocument): ParsedDocument {
  const items = readItems(loadHtml(document.bytes));
  // An empty list is a day without prices, not a changed page.
  if (items.length === 0) return { rows: [], bulletinDays: [] };
  const day = document.requestedDay;
  if (!day) throw new LayoutError(PARSER, 'the page prints no date and the document carries no requestedDay');
  const rows: PrintedRow[] = items.map((item, i) => ({
    dataDay: day,
    market: MARKET,
    name: item.name,
    unit: ASSUMED_UNIT,
    group: null,
    min: price(item.min, `li[${i}] min`),
    max: price(item.max, `li[${i}] max`),
    avg: null,
    printed: item.printed,
    location: `ul#halfiyat li[${i}]`,
  }));
  return { rows, bulletinDays: [day] };
}

/**
 * The list's content as a fingerprint: the same names and price texts give the same value even
 * when the rest of the page (tokens, counters, the menu) changes. The page has no date, so its
 * content is the only way to tell a new list from one already seen.
 */
export function elazigListFingerprint(bytes: Uint8Array): { items: number; sha256: string } {
  const items = readItems(loadHtml(bytes));
  const content = JSON.stringify(items.map((item) => [item.name, item.min, item.max]));
  return { items: items.length, sha256: sha256HexSync(content) };
}

export const elazigList: Parser = { id: PARSER, version: 1, parse: parseElazigList };
