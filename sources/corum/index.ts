import type { SourceAdapter } from '../types.ts';
import { fetchPage } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { corumTable } from './parser.ts';

export const CORUM_URL = 'https://www.corum.bel.tr/hal-fiyatlari';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'corum',
    number: 18,
    name: 'Çorum Belediyesi Hal Fiyatları',
    organisation: 'Çorum Belediyesi',
    url: CORUM_URL,
    method: `GET ${CORUM_URL} (HTML table Ürün · En Düşük · En Yüksek · Birim; today's list only)`,
    attribution: 'Kaynak: Çorum Belediyesi',
    // Behind a WAF since 2026-09: collection stays on and the scrape outcome records `blocked`
    // (HTTP 403) for as long as it lasts.
    enabled: true,
    note: unprovenNote(
      'Blocked by a WAF since 2026-09 (HTTP 403 to data-centre addresses): collection stays enabled and the scrape outcome marks the source blocked. ' +
        'The page takes no date and prints none known to us: the data day is the requested day. Publishing days are assumed (Monday to Saturday).',
    ),
    markets: [sebzeMeyveMarket('corum-sebze-meyve', 'Çorum Sebze ve Meyve Hali', 'Çorum')],
  },
  async collect({ day, http }) {
    return [{ document: await fetchPage(http, CORUM_URL, { requestedDay: day }), parser: corumTable }];
  },
};
