import type { SourceAdapter } from '../types.ts';
import { documentOf } from '../lib/collect.ts';
import { canakkaleTable } from './parser.ts';

export const CANAKKALE_URL = 'https://www.canakkale.bel.tr/tr/sayfa/1481-hal-fiyat-listesi';

export const adapter: SourceAdapter = {
  definition: {
    key: 'canakkale',
    number: 22,
    name: 'Çanakkale Belediyesi Hal Fiyat Listesi',
    organisation: 'Çanakkale Belediyesi',
    kind: 'municipal',
    url: CANAKKALE_URL,
    method: `GET ${CANAKKALE_URL} (HTML, one table: dated heading row, SEBZE/MEYVE category rows, MALZEMENİN ADI · BİRİM · ASGARİ · AZAMİ)`,
    licence: null,
    attribution: 'Kaynak: Çanakkale Belediyesi',
    publishingDays: [1, 2, 3, 4, 5, 6],
    publishWindow: null,
    dataLagDays: 0,
    enabled: true,
    verification: 'unverified',
    note:
      'Built from the published description; no real document has proven the parser yet. ' +
      'Publishes irregularly (the publishing days are an assumption: Monday to Saturday); the data day is the date in the table heading. ' +
      'The site drops connections from data-centre addresses: such runs are recorded as unreachable. No average is printed (midpoint).',
    markets: [{ slug: 'canakkale-sebze-meyve', name: 'Çanakkale Sebze ve Meyve Hali', province: 'Çanakkale', district: null, kind: 'sebze-meyve' }],
  },
  async collect({ http }) {
    // The table carries its own date: the page is read as it stands, whatever day was asked for.
    const response = await http.request(CANAKKALE_URL, { headers: { accept: 'text/html,application/xhtml+xml' } });
    return [{ document: documentOf(response), parser: canakkaleTable }];
  },
};
