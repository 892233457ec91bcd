/**
 * A scraper's JSON of the HKS bulletin (avkkann/pazar-app `hal_fiyatlari.json`):
 * `{kaynak, bulten_tarihi: "22.04.2026 (21.04.2026 Tarihli", cekme_tarihi, toplam_urun,
 *   urunler: [{ad, cinsi, turu, fiyat, hacim, birim}]}`, one item per printed line
 * (product × cinsi × türü). The scraper read every `tr` of the GridView, so each page's pager
 * leaked in as two junk items (`{"ad":"12345678910...","cinsi":"1","turu":"2",…}` for the pager
 * cell and `{"ad":"1","cinsi":"2",…}` for its nested row; `...9101112131415161718` and `...` on
 * the last pages): they are rejected and counted, never read as prices.
 */
import type { Day } from '../../core/dates.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument } from '../types.ts';
import { aggregateLines, isPagerText, type HksLine, type HksProduct } from './aggregate.ts';
import { istanbulTimestampToIso, readBulletinDates } from './dates.ts';

export const PARSER = 'hal-gov-tr-json';
export const PARSER_VERSION = 1;

export type HksJsonRead = {
  document: ParsedDocument;
  products: HksProduct[];
  /** items of `urunler`, junk included */
  rawRows: number;
  /** indexes in `urunler` of the pager junk */
  pagerRows: number[];
  bulletinDay: Day | null;
  /** `cekme_tarihi` as ISO UTC, null when it is not a full timestamp */
  scrapedAt: string | null;
};

function number(value: unknown, where: string): number | null {
  if (value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    try {
      return parseTurkishNumber(value);
    } catch (error) {
      if (error instanceof PriceFormatError) throw new LayoutError(PARSER, `${where}: ${error.message}`);
      throw error;
    }
  }
  throw new LayoutError(PARSER, `${where} is ${JSON.stringify(value)}`);
}

function readLine(item: unknown, i: number): HksLine {
  const where = `urunler[${i}]`;
  const it = item as Record<string, unknown> | null;
  if (typeof it !== 'object' || it === null) throw new LayoutError(PARSER, `${where} is not an object`);
  for (const field of ['ad', 'cinsi', 'turu', 'birim'] as const) {
    if (typeof it[field] !== 'string') throw new LayoutError(PARSER, `${where} lacks ${field}`);
  }
  const volume = number(it.hacim, `${where}.hacim`);
  if (volume !== null && volume < 0) throw new LayoutError(PARSER, `${where}.hacim is negative`);
  return {
    ad: it.ad as string,
    cinsi: it.cinsi as string,
    turu: it.turu as string,
    birim: it.birim as string,
    price: number(it.fiyat, `${where}.fiyat`),
    volume,
    printed: item,
    location: where,
  };
}

export function readHksJson(body: string): HksJsonRead {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new LayoutError(PARSER, 'body is not JSON');
  }
  const doc = json as { bulten_tarihi?: unknown; cekme_tarihi?: unknown; urunler?: unknown } | null;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new LayoutError(PARSER, 'not a JSON object');
  if (!Array.isArray(doc.urunler)) throw new LayoutError(PARSER, 'no urunler list');
  const scrapedAt = istanbulTimestampToIso(doc.cekme_tarihi);
  const items: unknown[] = doc.urunler;
  const pagerRows: number[] = [];
  const lines: HksLine[] = [];
  items.forEach((item, i) => {
    const ad = (item as { ad?: unknown } | null)?.ad;
    if (typeof ad === 'string' && isPagerText(ad)) pagerRows.push(i);
    else lines.push(readLine(item, i));
  });
  const empty = {
    document: { rows: [], bulletinDays: [] },
    products: [],
    rawRows: items.length,
    pagerRows,
    scrapedAt,
    bulletinDay: null,
  };
  // An empty list is a day without a bulletin, whatever its date says.
  if (lines.length === 0) return empty;
  const dates = typeof doc.bulten_tarihi === 'string' ? readBulletinDates(doc.bulten_tarihi, PARSER) : null;
  if (!dates) throw new LayoutError(PARSER, `bulten_tarihi ${JSON.stringify(doc.bulten_tarihi)}`);
  const products = aggregateLines(lines, dates.dataDay);
  return {
    ...empty,
    document: { rows: products.map((p) => p.row), bulletinDays: [dates.dataDay] },
    products,
    bulletinDay: dates.bulletinDay,
  };
}

export function parseHksJson(body: string): ParsedDocument {
  return readHksJson(body).document;
}
