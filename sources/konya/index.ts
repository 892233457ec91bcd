import type { SourceAdapter } from '../types.ts';
import { collectDayPage } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { konyaHtml, konyaUrl } from './parser.ts';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'konya',
    number: 8,
    name: 'Konya Büyükşehir Belediyesi Hal Fiyatları',
    organisation: 'Konya Büyükşehir Belediyesi',
    url: 'https://www.konya.bel.tr/hal-fiyatlari',
    method:
      'GET https://www.konya.bel.tr/hal-fiyatlari?tarih=YYYY-MM-DD (HTML, two tables Ürün · Birim · En Düşük · En Yüksek: vegetables, fruit); ' +
      'open-data CSV hal_fiyatlari.csv (tarih, urun_ad, birim, tur, en_dusuk_fiyat, en_yuksek_fiyat), archive back to 2004',
    licence: 'CC BY 4.0',
    attribution:
      'Kaynak: Konya Büyükşehir Belediyesi. Atıf 4.0 Uluslararası (CC BY 4.0) kapsamında lisanslanan kamu sektörü bilgilerini içerir.',
    note: unprovenNote(
      'Konya publishes two or three times a week (any day Monday to Saturday), and prices often stay unchanged for weeks: ' +
        'that is the source, not a frozen feed. The page prints no date: the data day is the date requested. ' +
        'The open-data CSV parser is ready for the archive; its address is not known yet. Values before 2005 are in old lira.',
    ),
    markets: [sebzeMeyveMarket('konya-sebze-meyve', 'Konya Sebze ve Meyve Hali', 'Konya')],
  },
  collect: ({ day, http }) => collectDayPage(http, konyaUrl(day), day, konyaHtml, `konya: no list for ${day}`),
};
