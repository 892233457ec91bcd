import type { SourceAdapter } from '../types.ts';
import { fetchPage } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { manisaTable } from './parser.ts';

export const MANISA_URL = 'https://www.manisa.bel.tr/apps/sebzemeyvehali/';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'manisa',
    number: 20,
    name: 'Manisa Büyükşehir Belediyesi Sebze ve Meyve Hali Fiyatları',
    organisation: 'Manisa Büyükşehir Belediyesi',
    url: MANISA_URL,
    method: `GET ${MANISA_URL} (HTML table Tip · Adı · Birim · En Az · En Çok; today's list only)`,
    attribution: 'Kaynak: Manisa Büyükşehir Belediyesi',
    note: unprovenNote(
      'No average is printed (midpoint). The page takes no date and prints none known to us: the data day is the requested day. ' +
        'Published daily; the weekdays (Monday to Saturday) are assumed.',
    ),
    markets: [sebzeMeyveMarket('manisa-sebze-meyve', 'Manisa Sebze ve Meyve Hali', 'Manisa')],
  },
  async collect({ day, http }) {
    return [{ document: await fetchPage(http, MANISA_URL, { requestedDay: day }), parser: manisaTable }];
  },
};
