import type { Collected, SourceAdapter } from '../types.ts';
import { documentOf, documentOrNone } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { HALLS, KOCAELI_URL, kocaeliHtml } from './parser.ts';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'kocaeli',
    number: 13,
    name: 'Kocaeli Büyükşehir Belediyesi Hal Fiyatları',
    organisation: 'Kocaeli Büyükşehir Belediyesi',
    url: KOCAELI_URL,
    method: `POST ${KOCAELI_URL} form date=YYYY-MM-DD&hal=1|2 (1 Merkez, 2 Gebze; HTML table Ürün Adı · Kategori · Birim · En az · En çok)`,
    attribution: 'Kaynak: Kocaeli Büyükşehir Belediyesi',
    note: unprovenNote(
      'Two halls, one request each: Merkez (hal=1) and Gebze (hal=2). "henüz bir veri yayınlanmamıştır" means no list for the day. ' +
        'The page prints no date: the data day is the date posted. Unreachable from 2026-05 to 2026-09, then back. ' +
        'Publishing days are not described: Monday to Saturday assumed.',
    ),
    markets: [
      sebzeMeyveMarket('kocaeli-merkez', 'Kocaeli Merkez Sebze ve Meyve Hali', 'Kocaeli'),
      {
        slug: 'kocaeli-gebze',
        name: 'Gebze Sebze ve Meyve Hali',
        province: 'Kocaeli',
        district: 'Gebze',
        kind: 'sebze-meyve',
      },
    ],
  },
  async collect({ day, http }) {
    const collected: Collected[] = [];
    for (const { hal, market } of HALLS) {
      const response = await http.request(KOCAELI_URL, {
        method: 'POST',
        form: { date: day, hal },
        headers: { accept: 'text/html', referer: KOCAELI_URL },
      });
      collected.push(
        documentOrNone(
          documentOf(response, day),
          kocaeliHtml(market),
          `${market}: henüz bir veri yayınlanmamıştır (${day})`,
        ),
      );
    }
    return collected;
  },
};
