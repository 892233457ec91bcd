import type { SourceAdapter } from '../types.ts';
import { collectDayPage } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { gaziantepHtml, gaziantepUrl } from './parser.ts';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'gaziantep',
    number: 14,
    name: 'Gaziantep Büyükşehir Belediyesi Hal Rayiç Fiyatları',
    organisation: 'Gaziantep Büyükşehir Belediyesi',
    url: 'https://www.gaziantep.bel.tr/tr/hal-rayic',
    method:
      'GET https://www.gaziantep.bel.tr/tr/hal-rayic?date=YYYY-MM-DD (HTML table Ürün Adı · Az. Fiyat · As. Fiyat · Birim · Tarih)',
    attribution: 'Kaynak: Gaziantep Büyükşehir Belediyesi',
    note: unprovenNote(
      'Az. Fiyat is read as Azami (maximum) and As. Fiyat as Asgari (minimum), mapped by header; a reversed reading would show as ' +
        'min_max_swapped flags. Every row carries its own date, which is its data day. Publishing is described as daily; Monday–Saturday is assumed, as for every hall whose Sunday is not known.',
    ),
    markets: [sebzeMeyveMarket('gaziantep-sebze-meyve', 'Gaziantep Sebze ve Meyve Hali', 'Gaziantep')],
  },
  collect: ({ day, http }) =>
    collectDayPage(http, gaziantepUrl(day), day, gaziantepHtml, `gaziantep: empty table for ${day}`),
};
