/**
 * İzmir live JSON API: GET `https://openapi.izmir.bel.tr/api/ibb/halfiyatlari/{sebzemeyve|balik}/{YYYY-MM-DD}`
 * → `{BultenTarihi, HalFiyatListesi:[{MalAdi, MalId, MalTipId, MalTipAdi, HalTuru, Birim,
 * AsgariUcret, AzamiUcret, OrtalamaUcret, Gorsel}]}`. 204 or an empty list = no bulletin. On
 * holidays the API answers with the previous bulletin, so the data day is `BultenTarihi`, not
 * the requested day (callers deduplicate by it).
 */
import { isDay, parseDottedDay, type Day } from '../../core/dates.ts';
import { parseTurkishNumber } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../types.ts';
import { readJsonBody } from '../lib/json.ts';

export const PARSER = 'izmir-openapi';
export const PARSER_VERSION = 1;
export type IzmirFeed = 'sebzemeyve' | 'balik';
export const MARKET_OF_FEED: Record<IzmirFeed, string> = { sebzemeyve: 'izmir-sebze-meyve', balik: 'izmir-balik' };

export function izmirApiUrl(feed: IzmirFeed, day: Day): string {
  return `https://openapi.izmir.bel.tr/api/ibb/halfiyatlari/${feed}/${day}`;
}

function bulletinDay(value: unknown): Day {
  const text = typeof value === 'string' ? value.trim() : '';
  const iso = text.slice(0, 10);
  const day = isDay(iso) ? iso : parseDottedDay(text.split(' ')[0] ?? '');
  if (!day) throw new LayoutError(PARSER, `BultenTarihi ${JSON.stringify(value)}`);
  return day;
}

function price(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return parseTurkishNumber(value);
  throw new LayoutError(PARSER, `price ${JSON.stringify(value)}`);
}

/** An empty body (HTTP 204) or an empty list is a day without a bulletin, not an error. */
export function parseIzmirLiveJson(body: string, feed: IzmirFeed): ParsedDocument {
  const json = readJsonBody(PARSER, body);
  if (json === undefined) return { rows: [], bulletinDays: [] };
  const doc = json as { BultenTarihi?: unknown; HalFiyatListesi?: unknown };
  if (typeof doc !== 'object' || doc === null || !('HalFiyatListesi' in doc))
    throw new LayoutError(PARSER, 'no HalFiyatListesi');
  if (doc.HalFiyatListesi === null || (Array.isArray(doc.HalFiyatListesi) && doc.HalFiyatListesi.length === 0)) {
    return { rows: [], bulletinDays: [] };
  }
  if (!Array.isArray(doc.HalFiyatListesi)) throw new LayoutError(PARSER, 'HalFiyatListesi is not a list');
  const day = bulletinDay(doc.BultenTarihi);
  const market = MARKET_OF_FEED[feed];
  const rows: PrintedRow[] = doc.HalFiyatListesi.map((item: Record<string, unknown>, i: number) => {
    if (typeof item?.MalAdi !== 'string' || typeof item.Birim !== 'string') {
      throw new LayoutError(PARSER, `HalFiyatListesi[${i}] lacks MalAdi or Birim`);
    }
    return {
      dataDay: day,
      market,
      name: item.MalAdi,
      unit: item.Birim,
      group: typeof item.MalTipAdi === 'string' ? item.MalTipAdi : null,
      min: price(item.AsgariUcret),
      max: price(item.AzamiUcret),
      avg: price(item.OrtalamaUcret),
      printed: JSON.stringify(item),
      location: `HalFiyatListesi[${i}]`,
    };
  });
  return { rows, bulletinDays: [day] };
}
