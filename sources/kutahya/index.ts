import type { SourceAdapter } from '../types.ts';
import { fetchPage } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { kutahyaTable } from './parser.ts';

export const KUTAHYA_URL = 'https://www.kutahya.bel.tr/hal.asp';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'kutahya',
    number: 19,
    name: 'Kütahya Belediyesi Hal Fiyatları',
    organisation: 'Kütahya Belediyesi',
    url: KUTAHYA_URL,
    method: `GET ${KUTAHYA_URL} (HTML table Ürün Adı · Ürün Cinsi · Minimum · Maksimum · Ortalama; today's list only)`,
    attribution: 'Kaynak: Kütahya Belediyesi',
    note: unprovenNote(
      'Reported average (Ortalama). Prices are often unchanged for days: an unchanged page is the same document to the pipeline. ' +
        'The printed name is `Ürün Adı (Ürün Cinsi)`; no unit is printed, prices are taken as per kg. ' +
        'The page takes no date and prints none known to us: the data day is the requested day. Publishing days are assumed (Monday to Saturday).',
    ),
    markets: [sebzeMeyveMarket('kutahya-sebze-meyve', 'Kütahya Sebze ve Meyve Hali', 'Kütahya')],
  },
  async collect({ day, http }) {
    return [{ document: await fetchPage(http, KUTAHYA_URL, { requestedDay: day }), parser: kutahyaTable }];
  },
};
