import { istanbulDay } from '../../core/dates.ts';
import type { SourceAdapter } from '../types.ts';
import { HALL_DEFAULTS } from '../lib/definition.ts';
import { bursaArchive } from './archive.ts';
import { API_URL, PAGE_URL } from './common.ts';
import { bursaApi } from './parsers.ts';

export const adapter: SourceAdapter = {
  definition: {
    ...HALL_DEFAULTS,
    key: 'bursa',
    number: 4,
    name: 'Bursa Büyükşehir Belediyesi Hal Fiyatları',
    organisation: 'Bursa Büyükşehir Belediyesi',
    url: PAGE_URL,
    method: `GET ${API_URL} (JSON list {urun_ad, min, max, br}, today only, no date parameter); HTML alternative ${PAGE_URL} (9 tables Ürün · BR · FİYAT)`,
    attribution: 'Kaynak: Bursa Büyükşehir Belediyesi Açık Veri',
    // Assumption: Monday to Saturday, like the other municipal halls; the API itself says nothing.
    publishingDays: [1, 2, 3, 4, 5, 6],
    verification: 'verified',
    note: 'Bursa Hali. The API serves today only (no backfill): the data day is the Istanbul day of the fetch. Known frozen 2023-04 … 2026-04 (one list repeated daily; detected in the pipeline). A product can be listed per kg and per Sandık/Koli: separate variants. Publishing days Monday–Saturday are an assumption. Real data: a scraper’s commit history, 26 days 2026-07-28 … 2026-08-22.',
    markets: [
      { slug: 'bursa-sebze-meyve', name: 'Bursa Hali', province: 'Bursa', district: null, kind: 'sebze-meyve' },
    ],
  },
  archive: bursaArchive,
  async collect({ day, today: runDay, http }) {
    const response = await http.request(API_URL, { headers: { accept: 'application/json' } });
    // The API has no date: what it answers is the list of the day it was asked on. The nightly
    // run (which sets `today`) collects that list whatever day it collects the others for.
    const today = istanbulDay(new Date(response.fetchedAt));
    if ((runDay ?? day) !== today)
      return [{ none: `Bursa serves today only (asked for ${runDay ?? day}, fetched on ${today})` }];
    if (response.status === 204 || response.bytes.byteLength === 0)
      return [{ none: `Bursa: empty answer on ${today}` }];
    const document = {
      url: response.url,
      fetchedAt: response.fetchedAt,
      contentType: response.contentType,
      bytes: response.bytes,
      requestedDay: today,
    };
    return [{ document, parser: bursaApi }];
  },
};
