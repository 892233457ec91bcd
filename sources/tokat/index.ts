import type { SourceAdapter } from '../types.ts';
import { fetchPage } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { tokatTable } from './parser.ts';

export const TOKAT_URL = 'https://www.tokat.bel.tr/hal-fiyatlari';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'tokat',
    number: 26,
    name: 'Tokat Belediyesi Hal Fiyatları',
    organisation: 'Tokat Belediyesi',
    url: TOKAT_URL,
    method: `GET ${TOKAT_URL} (HTML table Ürün · Tür · Birim · En Düşük · En Yüksek · Önceki · Değişim; today's list only)`,
    attribution: 'Kaynak: Tokat Belediyesi',
    note: unprovenNote(
      'Prices with a decimal point (`12.00 ₺`); the previous price and the change columns are not stored. No average is printed (midpoint). ' +
        'The page takes no date and prints none known to us: the data day is the requested day. Published daily; the weekdays (Monday to Saturday) are assumed.',
    ),
    markets: [sebzeMeyveMarket('tokat-sebze-meyve', 'Tokat Sebze ve Meyve Hali', 'Tokat')],
  },
  async collect({ day, http }) {
    return [{ document: await fetchPage(http, TOKAT_URL, { requestedDay: day }), parser: tokatTable }];
  },
};
