import type { Collected, SourceAdapter } from '../types.ts';
import { documentOf, documentOrNone } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { CATEGORIES, MERSIN_PAGE, MERSIN_URL, mersinHtml } from './parser.ts';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'mersin',
    number: 12,
    name: 'Mersin Büyükşehir Belediyesi Hal Fiyatları',
    organisation: 'Mersin Büyükşehir Belediyesi',
    url: MERSIN_PAGE,
    method: `POST ${MERSIN_URL} form published=YYYY-MM-DD&product_category=3|4 (3 fruit, 4 vegetables) with X-Requested-With: XMLHttpRequest (HTML fragment)`,
    attribution: 'Kaynak: Mersin Büyükşehir Belediyesi',
    note: unprovenNote(
      'Since 2026-07 the site answers HTTP 403 to data-centre addresses: collection stays enabled and the run is recorded as blocked. ' +
        'Columns Şube · Ürün · Cinsi · Türü · ? · Min · Max · Ort · Birim; Ort is a reported average (HKS data relayed). ' +
        'Cinsi is joined to the name; Şube, Türü and the unnamed fifth column are kept in the printed row only, and all rows go to one market ' +
        'until a real document shows the branches. The fragment prints no date: the data day is the date posted. ' +
        'Publishing days are not described: Monday to Saturday assumed.',
    ),
    markets: [sebzeMeyveMarket('mersin-merkez', 'Mersin Sebze ve Meyve Hali', 'Mersin')],
  },
  async collect({ day, http }) {
    const collected: Collected[] = [];
    for (const { category, group } of CATEGORIES) {
      const response = await http.request(MERSIN_URL, {
        method: 'POST',
        form: { published: day, product_category: category },
        headers: { 'x-requested-with': 'XMLHttpRequest', referer: MERSIN_PAGE, accept: 'text/html, */*; q=0.01' },
      });
      collected.push(
        documentOrNone(documentOf(response, day), mersinHtml(group), `mersin: no ${group} list for ${day}`),
      );
    }
    return collected;
  },
};
