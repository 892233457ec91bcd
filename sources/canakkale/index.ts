import type { SourceAdapter } from '../types.ts';
import { fetchPage } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { canakkaleTable } from './parser.ts';

export const CANAKKALE_URL = 'https://www.canakkale.bel.tr/tr/sayfa/1481-hal-fiyat-listesi';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'canakkale',
    number: 22,
    name: 'Çanakkale Belediyesi Hal Fiyat Listesi',
    organisation: 'Çanakkale Belediyesi',
    url: CANAKKALE_URL,
    method: `GET ${CANAKKALE_URL} (HTML, one table: dated heading row, SEBZE/MEYVE category rows, MALZEMENİN ADI · BİRİM · ASGARİ · AZAMİ)`,
    attribution: 'Kaynak: Çanakkale Belediyesi',
    note: unprovenNote(
      'Publishes irregularly (the publishing days are an assumption: Monday to Saturday); the data day is the date in the table heading. ' +
        'The site drops connections from data-centre addresses: such runs are recorded as unreachable. No average is printed (midpoint).',
    ),
    markets: [sebzeMeyveMarket('canakkale-sebze-meyve', 'Çanakkale Sebze ve Meyve Hali', 'Çanakkale')],
  },
  async collect({ http }) {
    // The table carries its own date: the page is read as it stands, whatever day was asked for.
    return [{ document: await fetchPage(http, CANAKKALE_URL), parser: canakkaleTable }];
  },
};
