import type { SourceAdapter } from '../types.ts';
import { HALL_DEFAULTS } from '../lib/definition.ts';
import { istanbulIbbArchive } from './archive.ts';
import { collectIstanbulIbb, ENDPOINT, PAGE_URL } from './live.ts';
import { MARKET } from './table.ts';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'istanbul-ibb',
    number: 2,
    name: 'İBB İstanbul Hal Fiyatları',
    organisation: 'İstanbul Büyükşehir Belediyesi, Tarımsal Hizmetler Dairesi Başkanlığı',
    url: PAGE_URL,
    method: `GET ${PAGE_URL} for the public tokens tUsr/tPas/tVal in its script, then GET ${ENDPOINT}?tarih=DD.MM.YYYY&kategori={5|6|7}&tUsr=…&tPas=…&tVal=…&HalTurId=2 with that page as Referer (HTML fragment, table.tableClass; UTF-8 without a charset header)`,
    // "İBB Açık Veri Lisansı" covers the open-data portal; the tarim.ibb.istanbul pages state no licence.
    licence: null,
    attribution: 'Kaynak: İstanbul Büyükşehir Belediyesi Tarımsal Hizmetler Dairesi',
    dataLagDays: 1,
    verification: 'verified',
    note:
      'One table per category (kategori 5 fruit, 6 vegetables, 7 imported; kept as the row group): name, unit, lowest and highest price, no average (the midpoint is computed). ' +
      'The list of day D is complete only after D (empty until the night), so the nightly run collects D−1; an empty table is a day without a list. ' +
      'Publishing days Monday to Saturday are an assumption until a year of collection confirms the calendar. ' +
      'Real documents (a 2020 page of the former site gida.ibb.istanbul, a JSON and fifteen CSV dumps 2020–2024) prove the parsers; an undated crawl with pre-2005 old-lira prices is kept as evidence only.',
    markets: [
      {
        slug: MARKET,
        name: 'İstanbul (Bayrampaşa) Sebze ve Meyve Toptancı Hali',
        province: 'İstanbul',
        district: 'Bayrampaşa',
        kind: 'sebze-meyve',
      },
    ],
  },
  archive: istanbulIbbArchive,
  collect: collectIstanbulIbb,
};
