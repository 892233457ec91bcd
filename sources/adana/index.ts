import { LayoutError, type SourceAdapter } from '../types.ts';
import { documentOf } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { ADANA_LIST_URL, adanaHtml, newestDetailUrl, PARSER } from './parser.ts';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'adana',
    number: 16,
    name: 'Adana Büyükşehir Belediyesi Günlük Hal Raiç Fiyatları',
    organisation: 'Adana Büyükşehir Belediyesi',
    url: ADANA_LIST_URL,
    method: `GET ${ADANA_LIST_URL} → newest /tr/hal-detay/{id} (HTML: heading "Günlük Raiç … DD/MM/YYYY", 4-cell tables name · unit · min · max)`,
    attribution: 'Kaynak: Adana Büyükşehir Belediyesi',
    note: unprovenNote(
      'Only the newest bulletin (highest /tr/hal-detay id) is collected; its data day is the date in its heading. ' +
        'The first table is vegetables, the others fruit. Decimal point; 0 / 0 means no quote. Publishing is described as daily; Monday–Saturday is assumed, as for every hall whose Sunday is not known.',
    ),
    markets: [sebzeMeyveMarket('adana-sebze-meyve', 'Adana Sebze ve Meyve Hali', 'Adana')],
  },
  async collect({ http, log }) {
    const list = await http.request(ADANA_LIST_URL, { method: 'GET', headers: { accept: 'text/html' } });
    const detail = newestDetailUrl(new TextDecoder().decode(list.bytes));
    if (!detail) throw new LayoutError(PARSER, 'no /tr/hal-detay/{id} link on the list page');
    log(`adana: newest bulletin ${detail}`);
    const response = await http.request(detail, {
      method: 'GET',
      headers: { accept: 'text/html', referer: ADANA_LIST_URL },
    });
    return [{ document: documentOf(response), parser: adanaHtml }];
  },
};
