import type { Collected, Parser, SourceAdapter, SourceDocument } from '../adapter.ts';
import { konyaHtml, konyaUrl } from './parser.ts';

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
    key: 'konya',
    number: 8,
    name: 'Konya Büyükşehir Belediyesi Hal Fiyatları',
    organisation: 'Konya Büyükşehir Belediyesi',
    kind: 'municipal',
    url: 'https://www.konya.bel.tr/hal-fiyatlari',
    method:
      'GET https://www.konya.bel.tr/hal-fiyatlari?tarih=YYYY-MM-DD (HTML, two tables Ürün · Birim · En Düşük · En Yüksek: vegetables, fruit); ' +
      'open-data CSV hal_fiyatlari.csv (tarih, urun_ad, birim, tur, en_dusuk_fiyat, en_yuksek_fiyat), archive back to 2004',
    licence: 'CC BY 4.0',
    attribution: 'Kaynak: Konya Büyükşehir Belediyesi. Atıf 4.0 Uluslararası (CC BY 4.0) kapsamında lisanslanan kamu sektörü bilgilerini içerir.',
    publishingDays: [1, 2, 3, 4, 5, 6],
    publishWindow: null,
    dataLagDays: 0,
    enabled: true,
    verification: 'unverified',
    note:
      'Built from the published description; no real document has proven the parser yet. ' +
      'Konya publishes two or three times a week (any day Monday to Saturday), and prices often stay unchanged for weeks: ' +
      'that is the source, not a frozen feed. The page prints no date: the data day is the date requested. ' +
      'The open-data CSV parser is ready for the archive; its address is not known yet. Values before 2005 are in old lira.',
    markets: [{ slug: 'konya-sebze-meyve', name: 'Konya Sebze ve Meyve Hali', province: 'Konya', district: null, kind: 'sebze-meyve' }],
  },
  async collect({ day, http }) {
    const response = await http.request(konyaUrl(day), { method: 'GET', headers: { accept: 'text/html' } });
    const document = { url: response.url, fetchedAt: response.fetchedAt, contentType: response.contentType, bytes: response.bytes, requestedDay: day };
    return [documentOrNone(document, konyaHtml, `konya: no list for ${day}`)];
  },
};
