import type { SourceAdapter } from '../types.ts';
import { collectDayPage } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { ESKISEHIR_URL, eskisehirHtml } from './parser.ts';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'eskisehir',
    number: 10,
    name: 'Eskişehir Büyükşehir Belediyesi Hal Fiyatları',
    organisation: 'Eskişehir Büyükşehir Belediyesi',
    url: ESKISEHIR_URL,
    method: `GET ${ESKISEHIR_URL} (HTML table Ürün Adı · Cinsi · Tür · Max · Min · Avg; no date parameter)`,
    attribution: 'Kaynak: Eskişehir Büyükşehir Belediyesi',
    note: unprovenNote(
      'Max is printed before Min (mapped by header) and an average is reported. Turkish letters come as HTML numeric entities. ' +
        'Cinsi is read as the variety and joined to the name; Tür is kept as the group. No unit is printed (read as kg) and no date ' +
        '(the list of the day collected). The list was frozen from 2023-04 to 2026-04. Publishing days are not described: Monday to Saturday assumed.',
    ),
    markets: [sebzeMeyveMarket('eskisehir-sebze-meyve', 'Eskişehir Sebze ve Meyve Hali', 'Eskişehir')],
  },
  collect: ({ day, http }) =>
    collectDayPage(http, ESKISEHIR_URL, day, eskisehirHtml, `eskisehir: empty table on ${day}`),
};
