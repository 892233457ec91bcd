import { LayoutError, type SourceAdapter } from '../types.ts';
import { documentOf, PAGE_ACCEPT } from '../lib/collect.ts';
import { loadHtml } from '../lib/html.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { tekirdagDetail } from './parser.ts';

export const TEKIRDAG_LISTING_URL = 'https://www.tekirdag.bel.tr/hal_fiyat_gunluk';

/** The detail page with the highest id linked from the listing (ids compared as numbers). */
export function newestDetail(listingHtml: Uint8Array, base = TEKIRDAG_LISTING_URL): { url: string; id: number } {
  const $ = loadHtml(listingHtml);
  let newest: { url: string; id: number } | null = null;
  for (const a of $('a[href]').toArray()) {
    const href = $(a).attr('href')!;
    const m = /hal_fiyat_liste_detay\/(\d+)\/?(?:[?#].*)?$/.exec(href);
    if (!m) continue;
    const id = Number(m[1]);
    if (!newest || id > newest.id) newest = { url: new URL(href, base).href, id };
  }
  if (!newest) throw new LayoutError('tekirdag-listing', 'no hal_fiyat_liste_detay/{id} link on the listing page');
  return newest;
}

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'tekirdag',
    number: 27,
    name: 'Tekirdağ Büyükşehir Belediyesi Günlük Hal Fiyatları',
    organisation: 'Tekirdağ Büyükşehir Belediyesi',
    url: TEKIRDAG_LISTING_URL,
    method: `GET ${TEKIRDAG_LISTING_URL} → highest hal_fiyat_liste_detay/{id} → its table Ürün Adı · Ürün Türü · Birim · Tip · Max · Min`,
    attribution: 'Kaynak: Tekirdağ Büyükşehir Belediyesi',
    publishingDays: [1, 2, 3, 4, 5],
    note: unprovenNote(
      'The server sends an incomplete TLS certificate chain: a client that verifies certificates (ours does, with no workaround) fails, and the run is recorded as unreachable. ' +
        'Names are printed doubled (`ANANAS (ANANAS)`) and kept as printed; Max stands before Min; the data day is the first date on the page. ' +
        'No average is printed (midpoint). Publishing days are assumed (Monday to Friday; no list has been reported for weekends).',
    ),
    markets: [sebzeMeyveMarket('tekirdag-sebze-meyve', 'Tekirdağ Sebze ve Meyve Hali', 'Tekirdağ')],
  },
  async collect({ http, log }) {
    const accept = { accept: PAGE_ACCEPT };
    // Incomplete TLS chain: no workaround here; a verification failure surfaces as a NetworkError.
    const listing = await http.request(TEKIRDAG_LISTING_URL, { headers: accept });
    const detail = newestDetail(listing.bytes, listing.url);
    log(`tekirdag: newest list hal_fiyat_liste_detay/${detail.id}`);
    const response = await http.request(detail.url, { headers: { ...accept, referer: TEKIRDAG_LISTING_URL } });
    return [{ document: documentOf(response), parser: tekirdagDetail }];
  },
};
