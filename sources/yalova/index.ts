import type { SourceAdapter } from '../types.ts';
import { fetchPage } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { yalovaTable } from './parser.ts';

export const YALOVA_URL = 'https://ebelediye.yalova.bel.tr/BilgiEdinme/FiyatListesi/';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'yalova',
    number: 23,
    name: 'Yalova Belediyesi Hal Fiyat Listesi',
    organisation: 'Yalova Belediyesi',
    url: YALOVA_URL,
    method: `GET ${YALOVA_URL} (HTML table Urun Adı · Urun Turu · Asgari · Azami · Fiyat Tarihi, a date per row)`,
    attribution: 'Kaynak: Yalova Belediyesi',
    note: unprovenNote(
      'Every row has its own date (Fiyat Tarihi) and rows can be weeks old: each row is stored under its own day, so one page can hold several days. ' +
        'No unit is printed; prices are taken as per kg. No average is printed (midpoint). Published daily; the weekdays (Monday to Saturday) are assumed.',
    ),
    markets: [sebzeMeyveMarket('yalova-sebze-meyve', 'Yalova Sebze ve Meyve Hali', 'Yalova')],
  },
  async collect({ http }) {
    // Rows carry their own dates: the page is read as it stands, whatever day was asked for.
    return [{ document: await fetchPage(http, YALOVA_URL), parser: yalovaTable }];
  },
};
