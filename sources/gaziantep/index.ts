import type { Collected, Parser, SourceAdapter, SourceDocument } from '../adapter.ts';
import { gaziantepHtml, gaziantepUrl } from './parser.ts';

/**
 * A page that parses to no row is "no list" (an empty document would count as a good run); a
 * page that does not parse is handed on, so the scrape keeps it as evidence and marks it broken.
 */
function documentOrNone(document: SourceDocument, parser: Parser, none: string): Collected {
  try {
    if (parser.parse(document).rows.length === 0) return { none };
  } catch {
    // the scrape parses it again and classifies the error
  }
  return { document, parser };
}

export const adapter: SourceAdapter = {
  definition: {
    key: 'gaziantep',
    number: 14,
    name: 'Gaziantep Büyükşehir Belediyesi Hal Rayiç Fiyatları',
    organisation: 'Gaziantep Büyükşehir Belediyesi',
    kind: 'municipal',
    url: 'https://www.gaziantep.bel.tr/tr/hal-rayic',
    method: 'GET https://www.gaziantep.bel.tr/tr/hal-rayic?date=YYYY-MM-DD (HTML table Ürün Adı · Az. Fiyat · As. Fiyat · Birim · Tarih)',
    licence: null,
    attribution: 'Kaynak: Gaziantep Büyükşehir Belediyesi',
    publishingDays: [1, 2, 3, 4, 5, 6],
    publishWindow: null,
    dataLagDays: 0,
    enabled: true,
    verification: 'unverified',
    note:
      'Built from the published description; no real document has proven the parser yet. ' +
      'Az. Fiyat is read as Azami (maximum) and As. Fiyat as Asgari (minimum), mapped by header; a reversed reading would show as ' +
      'min_max_swapped flags. Every row carries its own date, which is its data day. Publishing is described as daily; Monday–Saturday is assumed, as for every hall whose Sunday is not known.',
    markets: [{ slug: 'gaziantep-sebze-meyve', name: 'Gaziantep Sebze ve Meyve Hali', province: 'Gaziantep', district: null, kind: 'sebze-meyve' }],
  },
  async collect({ day, http }) {
    const response = await http.request(gaziantepUrl(day), { method: 'GET', headers: { accept: 'text/html' } });
    const document = { url: response.url, fetchedAt: response.fetchedAt, contentType: response.contentType, bytes: response.bytes, requestedDay: day };
    return [documentOrNone(document, gaziantepHtml, `gaziantep: empty table for ${day}`)];
  },
};
