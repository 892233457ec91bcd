import type { SourceAdapter } from '../types.ts';
import { collectDayPage } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { KAYSERI_URL, kayseriHtml } from './parser.ts';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'kayseri',
    number: 9,
    name: 'Kayseri Büyükşehir Belediyesi Hal Fiyatları',
    organisation: 'Kayseri Büyükşehir Belediyesi',
    url: KAYSERI_URL,
    method: `GET ${KAYSERI_URL} (HTML, one table Cinsi · Birimi · En Yüksek · En Düşük; no date parameter)`,
    attribution: 'Kaynak: Kayseri Büyükşehir Belediyesi',
    note: unprovenNote(
      'The table prints the maximum before the minimum (En Yüksek · En Düşük): columns are mapped by header. ' +
        'The page takes no date and prints none, so it is read as the list of the day collected (today only, no backfill). ' +
        'Kuruş printed without a separator (4–5 digit integers) has been seen and is kept as printed. Publishing is described as daily; Monday–Saturday is assumed, as for every hall whose Sunday is not known.',
    ),
    markets: [sebzeMeyveMarket('kayseri-sebze-meyve', 'Kayseri Sebze ve Meyve Hali', 'Kayseri')],
  },
  collect: ({ day, http }) => collectDayPage(http, KAYSERI_URL, day, kayseriHtml, `kayseri: empty table on ${day}`),
};
