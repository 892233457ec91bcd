import { LayoutError, type SourceAdapter } from '../types.ts';
import { documentOf } from '../lib/collect.ts';
import { HALL_DEFAULTS, sebzeMeyveMarket } from '../lib/definition.ts';
import { adanaArchive } from './archive.ts';
import { ADANA_LIST_URL, adanaHtml, newestDetailUrl, PARSER } from './parser.ts';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'adana',
    number: 16,
    name: 'Adana Büyükşehir Belediyesi Günlük Hal Raiç Fiyatları',
    organisation: 'Adana Büyükşehir Belediyesi',
    url: ADANA_LIST_URL,
    method:
      `GET ${ADANA_LIST_URL} → newest /tr/hal-detay/{id} (HTML: breadcrumb and heading ` +
      '"DD/MM/YYYY Tarihli Günlük Raiç Bedeli", panes #sebze and #meyve, ' +
      '4-cell rows Cinsi · Br · En Düşük · En Yüksek)',
    attribution: 'Kaynak: Adana Büyükşehir Belediyesi',
    // The site has a page for every calendar day, Sundays included, and a Sunday has printed a new list.
    publishingDays: [1, 2, 3, 4, 5, 6, 7],
    verification: 'verified',
    note:
      'Only the newest bulletin (highest /tr/hal-detay id) is collected; ' +
      'its data day is the date its breadcrumb and heading print. ' +
      'The #sebze pane is vegetables, #meyve fruit. ' +
      '0.00 / 0.00 is a product listed without a price that day: not published. ' +
      'The site often repeats the previous day’s table unchanged (marked as a repeat, not a new list). ' +
      'Real documents: 79 pages 31/05/2026 … 17/08/2026 ' +
      '(a public repository’s copies, data/sources/adana/archive.json) prove the parser.',
    markets: [sebzeMeyveMarket('adana-sebze-meyve', 'Adana Sebze ve Meyve Hali', 'Adana')],
  },
  archive: adanaArchive,
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
