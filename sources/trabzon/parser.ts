/**
 * Trabzon Büyükşehir Belediyesi hal prices: `https://kurumsal.trabzon.bel.tr/halurunfiyatlari`
 * is rendered by script; the rendered page shows cards, not a table: a name, the min
 * (`140,00₺`) and the max. Built from SOURCES.md; no real document has proven it yet, and the
 * card markup is not known: this parser reads the rendered HTML by its content, not by class
 * names.
 *
 * Quirks handled here:
 * - a card is the smallest element holding exactly two prices `…₺` and a name before them:
 *   name = its text before the first price (a trailing label such as `En Düşük:` dropped),
 *   min = first price, max = second; a price outside such a card means the layout is not the
 *   one we know;
 * - prices are per kg (SOURCES.md); the page prints no date known to us, so the data day is the
 *   requested day;
 * - the page as served (before its script runs) holds no cards: that is a changed layout for
 *   this parser (collection needs a browser), unlike a rendered page saying it has no prices.
 */
import type { Cheerio } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { loadHtml } from '../lib/html.ts';
import { priceReader } from '../lib/table.ts';

export const PARSER = 'trabzon-cards';
const MARKET = 'trabzon-sebze-meyve';
const UNIT = 'kg';

const PRICE = /\d[\d.,]*\s*₺/g;
const LABEL_BEFORE_PRICE = /\s*(en düşük|en az|asgari|min(imum)?|fiyat)\s*:?\s*$/i;
/** What a rendered page says when it has no prices (assumed wording). */
const NO_PRICES = /(fiyat|kayıt|ürün)\w* bulunamadı|veri yok|henüz (fiyat )?(girilmemiş|yayınlanmamış)/i;

const text = (el: Cheerio<AnyNode>) =>
  el
    .text()
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
const priceCount = (s: string) => (s.match(PRICE) ?? []).length;

const price = priceReader(PARSER);

/** A card's reading: null unless the text holds exactly two prices with a name before them. */
function readCard(printed: string): { name: string; min: string; max: string } | null {
  const found = printed.match(PRICE);
  if (found?.length !== 2) return null;
  const name = printed.slice(0, printed.indexOf(found[0]!)).replace(LABEL_BEFORE_PRICE, '').trim();
  return name ? { name, min: found[0]!, max: found[1]! } : null;
}

export function parseTrabzonCards(document: SourceDocument): ParsedDocument {
  const $ = loadHtml(document.bytes);
  $('script, style, noscript, template').remove();
  const body = $('body');
  const candidates = new Set(
    body
      .find('*')
      .toArray()
      .filter((el) => readCard(text($(el))) !== null),
  );
  // The smallest such element is the card (its ancestors hold the same two prices).
  const cards = [...candidates].filter(
    (el) =>
      !$(el)
        .find('*')
        .toArray()
        .some((inner) => candidates.has(inner)),
  );
  const onPage = priceCount(text(body));
  if (cards.length === 0) {
    if (onPage === 0 && NO_PRICES.test(text(body))) return { rows: [], bulletinDays: [] };
    throw new LayoutError(
      PARSER,
      'no price cards: the page is rendered by script and needs a browser, or its layout changed',
    );
  }
  if (onPage !== 2 * cards.length)
    throw new LayoutError(PARSER, `${onPage} prices on the page but ${cards.length} cards of a name and two prices`);
  const day = document.requestedDay;
  if (!day) throw new LayoutError(PARSER, 'the page prints no date and the document carries no requestedDay');
  const rows: PrintedRow[] = cards.map((card, i) => {
    const printed = text($(card));
    const { name, min, max } = readCard(printed)!;
    return {
      dataDay: day,
      market: MARKET,
      name,
      unit: UNIT,
      group: null,
      min: price(min, `card[${i}] min`),
      max: price(max, `card[${i}] max`),
      avg: null,
      printed,
      location: `card[${i}]`,
    };
  });
  return { rows, bulletinDays: [day] };
}

export const trabzonCards: Parser = { id: PARSER, version: 1, parse: parseTrabzonCards };
