import type { SourceAdapter } from '../types.ts';
import { fetchPage } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { kahramanmarasTable } from './parser.ts';

export const KAHRAMANMARAS_URL = 'https://kahramanmaras.bel.tr/sebze-meyve-fiyatlari';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'kahramanmaras',
    number: 21,
    name: 'Kahramanmaraş Büyükşehir Belediyesi Sebze ve Meyve Fiyatları',
    organisation: 'Kahramanmaraş Büyükşehir Belediyesi',
    url: KAHRAMANMARAS_URL,
    method: `GET ${KAHRAMANMARAS_URL} (HTML, second table: Hal · Ürün Türü · Ürün Adı · Birim · 1.Kalite · 2.Kalite · Rayiç · Tarih)`,
    attribution: 'Kaynak: Kahramanmaraş Büyükşehir Belediyesi',
    note: unprovenNote(
      'Two markets in one table (the Hal column): Kahramanmaraş and Elbistan. 1.Kalite is read as the max, 2.Kalite as the min, Rayiç as the reported average; ' +
        'whole-lira prices; every row has its own date. Publishing days are assumed (Monday to Saturday).',
    ),
    markets: [
      sebzeMeyveMarket('kahramanmaras-sebze-meyve', 'Kahramanmaraş Sebze ve Meyve Hali', 'Kahramanmaraş'),
      {
        slug: 'kahramanmaras-elbistan',
        name: 'Elbistan Sebze ve Meyve Hali',
        province: 'Kahramanmaraş',
        district: 'Elbistan',
        kind: 'sebze-meyve',
      },
    ],
  },
  async collect({ http }) {
    // Rows carry their own dates: the page is read as it stands, whatever day was asked for.
    return [{ document: await fetchPage(http, KAHRAMANMARAS_URL), parser: kahramanmarasTable }];
  },
};
