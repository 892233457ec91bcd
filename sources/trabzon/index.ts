import type { SourceAdapter } from '../types.ts';
import { fetchPage } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { trabzonCards } from './parser.ts';

export const TRABZON_URL = 'https://kurumsal.trabzon.bel.tr/halurunfiyatlari';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'trabzon',
    number: 24,
    name: 'Trabzon Büyükşehir Belediyesi Hal Ürün Fiyatları',
    organisation: 'Trabzon Büyükşehir Belediyesi',
    url: TRABZON_URL,
    method: `GET ${TRABZON_URL} (rendered by script: cards with name, min, max; needs a browser)`,
    attribution: 'Kaynak: Trabzon Büyükşehir Belediyesi',
    // The list exists only after the page's script has run; the collectors have no browser.
    enabled: false,
    note: unprovenNote(
      'needs a browser to render; collection paused. ' +
        'The parser reads the rendered cards (name, min, max, per kg); the page prints no date known to us, so the data day is the requested day. ' +
        'Publishing days are assumed (Monday to Saturday).',
    ),
    markets: [sebzeMeyveMarket('trabzon-sebze-meyve', 'Trabzon Sebze ve Meyve Hali', 'Trabzon')],
  },
  // Only reached if collection is switched on: the page as served holds no cards, so the parser
  // reports the source broken until the HTTP client can render pages (a browser).
  async collect({ day, http }) {
    return [{ document: await fetchPage(http, TRABZON_URL, { requestedDay: day }), parser: trabzonCards }];
  },
};
