import type { Collected, SourceAdapter } from '../types.ts';
import { documentOf, documentOrNone } from '../lib/collect.ts';
import { HALL_DEFAULTS, unprovenNote, sebzeMeyveMarket } from '../lib/definition.ts';
import { antkomderHtml, antkomderUrl, MARKETS } from './parser.ts';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'antalya-antkomder',
    number: 7,
    name: 'Antalya Komisyoncular Derneği Hal Fiyatları',
    organisation: 'Antalya Yaş Sebze ve Meyve Komisyoncular Derneği',
    kind: 'association',
    url: 'https://antalyakomisyonculardernegi.com/hal-fiyatlari/1',
    method:
      'GET https://antalyakomisyonculardernegi.com/hal-fiyatlari/{1|3|4}?daily=YYYY-MM-DD (1 Merkez, 3 Serik, 4 Kumluca; HTML table # · Ürünler · today · previous day)',
    attribution: 'Kaynak: Antalya Yaş Sebze ve Meyve Komisyoncular Derneği (resmî kaynak değildir)',
    publishWindow: '12:00-18:00',
    note: unprovenNote(
      'Not an official source: the commission agents’ association of the Antalya hall publishes these prices, so they are marked non-official. ' +
        'One price per product and day, published as the average (no minimum or maximum); no unit is printed (read as kg). ' +
        'Placeholders "₺ Fiyat Bekleniyor" and "Mevcut Değil" are no quote; Merkez shows only placeholders since 2026-06 (no list). ' +
        'Published in the afternoon; publishing days are not described: Monday to Saturday assumed.',
    ),
    markets: [
      sebzeMeyveMarket('antalya-antkomder-merkez', 'Antalya Merkez Hali (Komisyoncular Derneği)', 'Antalya'),
      {
        slug: 'antalya-antkomder-serik',
        name: 'Serik Hali (Komisyoncular Derneği)',
        province: 'Antalya',
        district: 'Serik',
        kind: 'sebze-meyve',
      },
      {
        slug: 'antalya-antkomder-kumluca',
        name: 'Kumluca Hali (Komisyoncular Derneği)',
        province: 'Antalya',
        district: 'Kumluca',
        kind: 'sebze-meyve',
      },
    ],
  },
  async collect({ day, http }) {
    const collected: Collected[] = [];
    for (const { number, market } of MARKETS) {
      const response = await http.request(antkomderUrl(number, day), {
        method: 'GET',
        headers: { accept: 'text/html' },
      });
      collected.push(
        documentOrNone(
          documentOf(response, day),
          antkomderHtml(market),
          `${market}: no prices for ${day} (placeholders only)`,
        ),
      );
    }
    return collected;
  },
};
