import type { SourceAdapter } from '../types.ts';
import { documentOf } from '../lib/collect.ts';
import { tokatTable } from './parser.ts';

export const TOKAT_URL = 'https://www.tokat.bel.tr/hal-fiyatlari';

export const adapter: SourceAdapter = {
  definition: {
    key: 'tokat',
    number: 26,
    name: 'Tokat Belediyesi Hal Fiyatları',
    organisation: 'Tokat Belediyesi',
    kind: 'municipal',
    url: TOKAT_URL,
    method: `GET ${TOKAT_URL} (HTML table Ürün · Tür · Birim · En Düşük · En Yüksek · Önceki · Değişim; today's list only)`,
    licence: null,
    attribution: 'Kaynak: Tokat Belediyesi',
    publishingDays: [1, 2, 3, 4, 5, 6],
    publishWindow: null,
    dataLagDays: 0,
    enabled: true,
    verification: 'unverified',
    note:
      'Built from the published description; no real document has proven the parser yet. ' +
      'Prices with a decimal point (`12.00 ₺`); the previous price and the change columns are not stored. No average is printed (midpoint). ' +
      'The page takes no date and prints none known to us: the data day is the requested day. Published daily; the weekdays (Monday to Saturday) are assumed.',
    markets: [{ slug: 'tokat-sebze-meyve', name: 'Tokat Sebze ve Meyve Hali', province: 'Tokat', district: null, kind: 'sebze-meyve' }],
  },
  async collect({ day, http }) {
    const response = await http.request(TOKAT_URL, { headers: { accept: 'text/html,application/xhtml+xml' } });
    return [{ document: documentOf(response, day), parser: tokatTable }];
  },
};
