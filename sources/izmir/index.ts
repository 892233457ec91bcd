import type { SourceAdapter } from '../types.ts';
import { HALL_DEFAULTS } from '../lib/definition.ts';
import { izmirArchive } from './archive.ts';
import { izmirApiUrl, type IzmirFeed } from './live-api.ts';
import { izmirLive } from './parsers.ts';

const FEEDS: IzmirFeed[] = ['sebzemeyve', 'balik'];

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'izmir',
    number: 1,
    name: 'İzmir Büyükşehir Belediyesi Hal Fiyatları',
    organisation: 'İzmir Büyükşehir Belediyesi',
    url: 'https://openapi.izmir.bel.tr/api/ibb/halfiyatlari',
    method:
      'GET https://openapi.izmir.bel.tr/api/ibb/halfiyatlari/{sebzemeyve|balik}/{YYYY-MM-DD} (JSON); yearly CSV archive of the open-data portal',
    licence: 'CC BY 4.0 (İzmir Büyükşehir Belediyesi Açık Veri Portalı)',
    attribution: 'Kaynak: İzmir Büyükşehir Belediyesi Açık Veri Portalı (CC BY 4.0)',
    verification: 'verified',
    note:
      'Real documents 2014–2026 (yearly CSVs, the 2024 datastore dump, the 2025 printed report, a 2026 API dump) ' +
      'prove the parsers. On holidays the API repeats the previous bulletin (deduplicated by BultenTarihi).',
    markets: [
      {
        slug: 'izmir-sebze-meyve',
        name: 'İzmir Sebze ve Meyve Toptancı Hali',
        province: 'İzmir',
        district: 'Bornova',
        kind: 'sebze-meyve',
      },
      { slug: 'izmir-balik', name: 'İzmir Balık Hali', province: 'İzmir', district: null, kind: 'balik' },
    ],
  },
  archive: izmirArchive,
  async collect({ day, http }) {
    const collected = [];
    for (const feed of FEEDS) {
      const response = await http.request(izmirApiUrl(feed, day), { headers: { accept: 'application/json' } });
      // 204 or an empty list: no bulletin that day.
      if (response.status === 204 || response.bytes.byteLength === 0) {
        collected.push({ none: `${feed}: no bulletin for ${day}` });
        continue;
      }
      collected.push({
        document: {
          url: response.url,
          fetchedAt: response.fetchedAt,
          contentType: response.contentType,
          bytes: response.bytes,
        },
        parser: izmirLive(feed),
      });
    }
    return collected;
  },
};
