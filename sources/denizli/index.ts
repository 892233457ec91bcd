import type { SourceAdapter } from '../types.ts';
import { collectDayPage } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { DENIZLI_URL, denizliHtml } from './parser.ts';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'denizli',
    number: 11,
    name: 'Denizli Büyükşehir Belediyesi Hal Fiyatları',
    organisation: 'Denizli Büyükşehir Belediyesi',
    url: DENIZLI_URL,
    method: `GET ${DENIZLI_URL} (HTML, two tables Ürün Adı · Asgari · Orta · Ekstra; no date parameter)`,
    attribution: 'Kaynak: Denizli Büyükşehir Belediyesi',
    note: unprovenNote(
      'Asgari · Orta · Ekstra are read as minimum · average · maximum. No unit is printed (read as kg), no group and no date ' +
        '(the list of the day collected). The list was frozen from 2023-04 to 2026-04. Publishing days are not described: Monday to Saturday assumed.',
    ),
    markets: [sebzeMeyveMarket('denizli-sebze-meyve', 'Denizli Sebze ve Meyve Hali', 'Denizli')],
  },
  collect: ({ day, http }) => collectDayPage(http, DENIZLI_URL, day, denizliHtml, `denizli: empty tables on ${day}`),
};
