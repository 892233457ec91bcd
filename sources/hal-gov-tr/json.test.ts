/**
 * Golden tests of the HKS JSON parser on the one real bulletin we hold:
 * data/sources/hal-gov-tr/hal_fiyatlari_bulten-2026-04-22_veri-2026-04-21.json (480 items).
 * Expected values come from tests/fixtures/hal-gov-tr/expected-2026-04-21.csv, computed
 * independently with exact rational arithmetic in Python (tests/fixtures/hal-gov-tr/golden.py).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { parseCsv } from '../lib/csv.ts';
import { LayoutError } from '../types.ts';
import { parseHksJson, PARSER, readHksJson } from './json.ts';

const REAL = readFileSync(
  new URL('../../data/sources/hal-gov-tr/hal_fiyatlari_bulten-2026-04-22_veri-2026-04-21.json', import.meta.url),
  'utf8',
);
const GOLDEN = parseCsv(
  readFileSync(new URL('../../tests/fixtures/hal-gov-tr/expected-2026-04-21.csv', import.meta.url), 'utf8').trim(),
)
  .slice(1)
  .map(([name, unit, avg, indexes]) => ({
    name: name!,
    unit: unit!,
    avg: Number(avg),
    location: indexes!
      .split(' ')
      .map((i) => `urunler[${i}]`)
      .join(', '),
  }));

const withBulletin = (bulten_tarihi: unknown, urunler: unknown[] = JSON.parse(REAL).urunler) =>
  JSON.stringify({ ...JSON.parse(REAL), bulten_tarihi, urunler });

describe('HKS JSON: the bulletin of 22.04.2026 (data of 21.04.2026)', () => {
  const read = readHksJson(REAL);

  it('has 480 items: 444 printed lines and 36 pager rows (2 per page, 18 pages)', () => {
    expect(read.rawRows).toBe(480);
    expect(read.pagerRows).toHaveLength(36);
    // 25 lines a page, then the pager cell `12345678910...` and its nested row `1`
    expect(read.pagerRows.slice(0, 4)).toEqual([25, 26, 52, 53]);
    expect(read.pagerRows.slice(-2)).toEqual([478, 479]);
    expect(read.products.reduce((n, p) => n + p.lines.length, 0)).toBe(444);
  });

  it('aggregates the 444 lines into 260 products', () => {
    expect(read.products).toHaveLength(260);
    expect(read.document.rows).toHaveLength(260);
    expect(new Set(read.document.rows.map((r) => `${r.name}|${r.unit}`)).size).toBe(260);
  });

  it('reads data day 2026-04-21 from the parenthesis of `22.04.2026 (21.04.2026 Tarihli`', () => {
    expect(read.bulletinDay).toBe('2026-04-22');
    expect(read.document.bulletinDays).toEqual(['2026-04-21']);
    expect(new Set(read.document.rows.map((r) => r.dataDay))).toEqual(new Set(['2026-04-21']));
    expect(new Set(read.document.rows.map((r) => r.market))).toEqual(new Set(['hal-gov-tr-turkiye']));
  });

  it('takes cekme_tarihi `2026-04-22 21:38:40` (Istanbul, UTC+3) as the fetch moment', () => {
    expect(read.scrapedAt).toBe('2026-04-22T18:38:40.000Z');
  });

  it('matches the independently computed value of every product', () => {
    expect(read.document.rows.map((r) => ({ name: r.name, unit: r.unit, avg: r.avg, location: r.location }))).toEqual(
      GOLDEN,
    );
  });

  it('prints no min, max or group', () => {
    expect(read.document.rows.every((r) => r.min === null && r.max === null && r.group === null)).toBe(true);
  });

  it('computes spot values by hand', () => {
    const avg = (name: string, unit = 'Kg') => read.document.rows.find((r) => r.name === name && r.unit === unit)?.avg;
    // ADAÇAYI (YAŞ-TAZE), two türü: (69.19×43 + 208.1×135) / (43+135) = (2975.17 + 28093.5) / 178 = 174.5431 → 174.54
    expect(avg('ADAÇAYI (YAŞ-TAZE)')).toBe(174.54);
    // AYVA, its lines on pages 1 and 2 (urunler[24], [27]): (77.57×30946 + 127.59×17) / 30963 = 2402650.25 / 30963 = 77.5975 → 77.60
    expect(avg('AYVA')).toBe(77.6);
    // DOMATES (PEMBE), three türü: (95.6×367274 + 110.81×115131 + 257.05×53) / 482458 = 47882684.16 / 482458 = 99.2474 → 99.25
    expect(avg('DOMATES (PEMBE)')).toBe(99.25);
    // LİMON (LEMAS): (52.8×532425 + 70.4×15162 + 115.72×514) / 548101 = 29238924.88 / 548101 = 53.3459 → 53.35
    expect(avg('LİMON (LEMAS)')).toBe(53.35);
    // MAYDANOZ per bağ: (9.48×1920561 + 8.67×41408 + 29.45×1820) / 1963789 = 18619524.64 / 1963789 = 9.4814 → 9.48
    expect(avg('MAYDANOZ', 'Bağ')).toBe(9.48);
    // SOĞAN KURU (FRENK): (1.99×389353 + 1073.83×56) / 389409 = 834946.95 / 389409 = 2.1441 → 2.14 (the odd İyi Tarım line barely counts)
    expect(avg('SOĞAN KURU (FRENK)')).toBe(2.14);
    // MERCAN KÖŞK (DİĞER): (65×200 + 140×2) / 202 = 13280 / 202 = 65.7426 → 65.74
    expect(avg('MERCAN KÖŞK (DİĞER)')).toBe(65.74);
  });

  it('uses the plain mean for the one product whose lines have no volume', () => {
    // MERCAN KÖŞK / KUZU MAJARON / İyi Tarım: fiyat 5600, hacim 0 (urunler[318])
    const noVolume = read.products.filter((p) => p.method === 'plain_mean_no_volume');
    expect(noVolume.map((p) => [p.row.name, p.row.avg, p.row.location])).toEqual([
      ['MERCAN KÖŞK (KUZU MAJARON)', 5600, 'urunler[318]'],
    ]);
  });

  it('keeps the aggregated lines as printed evidence, with their indexes as location', () => {
    const row = read.document.rows.find((r) => r.name === 'ALABAŞ(KOHLRABİ) (BEYAZ)');
    // lines 5 and 7 are not adjacent: KIRMIZI Geleneksel sits between them
    expect(row).toEqual({
      dataDay: '2026-04-21',
      market: 'hal-gov-tr-turkiye',
      name: 'ALABAŞ(KOHLRABİ) (BEYAZ)',
      unit: 'Kg',
      group: null,
      min: null,
      max: null,
      // (39.82×12852 + 20×210) / 13062 = (511766.64 + 4200) / 13062 = 39.5014 → 39.50
      avg: 39.5,
      printed: JSON.stringify(JSON.parse(REAL).urunler.filter((_: unknown, i: number) => i === 5 || i === 7)),
      location: 'urunler[5], urunler[7]',
    });
  });

  it('names a product by Ürün Adı alone when the cinsi repeats it, and keeps the printed spaces', () => {
    // 185 of the 444 lines repeat the name as cinsi
    const names = read.document.rows.map((r) => r.name);
    expect(names).toContain('ACUR'); // cinsi ACUR
    expect(names).toContain('FRENK  ÜZÜMÜ'); // cinsi `FRENK ÜZÜMÜ`: the same name but for a space
    expect(names).not.toContain('ACUR (ACUR)');
    expect(names.filter((n) => n.startsWith('ARMUT ('))).toEqual([
      'ARMUT (AKÇA)',
      'ARMUT (ANKARA)',
      'ARMUT (DEVECİ)',
      'ARMUT (DİĞER)',
      'ARMUT (MARGARİT)',
      'ARMUT (SANTAMARİ)',
    ]);
  });

  it('lists units as printed: Kg, Adet, Bağ', () => {
    const units = new Map<string, number>();
    for (const r of read.document.rows) units.set(r.unit, (units.get(r.unit) ?? 0) + 1);
    expect(Object.fromEntries(units)).toEqual({ Kg: 231, Adet: 16, Bağ: 13 });
  });
});

describe('HKS JSON: dates', () => {
  it('derives the data day as bulletin day − 1 when the parenthesis is missing', () => {
    expect(parseHksJson(withBulletin('22.04.2026')).bulletinDays).toEqual(['2026-04-21']);
    expect(parseHksJson(withBulletin('01.03.2024')).bulletinDays).toEqual(['2024-02-29']);
  });

  it('reads the full page label too', () => {
    expect(parseHksJson(withBulletin('22.04.2026 (21.04.2026 Tarihli Veriler Kullanılmıştır.)')).bulletinDays).toEqual([
      '2026-04-21',
    ]);
  });

  it('throws when the parenthesised day is not the bulletin day − 1', () => {
    expect(expectLayoutError(PARSER, () => parseHksJson(withBulletin('22.04.2026 (20.04.2026 Tarihli'))).message).toBe(
      'hal-gov-tr-json: bulletin 22.04.2026 says its data are of 20.04.2026, not of the day before',
    );
    expect(() => parseHksJson(withBulletin('22.04.2026 (31.04.2026 Tarihli'))).toThrow(LayoutError);
  });

  it('throws on a missing or unreadable bulletin date when there are lines', () => {
    expect(expectLayoutError(PARSER, () => parseHksJson(withBulletin(undefined))).message).toBe(
      'hal-gov-tr-json: bulten_tarihi undefined',
    );
    expect(() => parseHksJson(withBulletin('Bülten yok'))).toThrow(LayoutError);
    expect(() => parseHksJson(withBulletin('31.02.2026'))).toThrow('is not a day');
  });

  it('gives no fetch moment for a cekme_tarihi that is not a full timestamp', () => {
    expect(readHksJson(JSON.stringify({ ...JSON.parse(REAL), cekme_tarihi: '2026-04-22' })).scrapedAt).toBeNull();
    expect(readHksJson(JSON.stringify({ ...JSON.parse(REAL), cekme_tarihi: undefined })).scrapedAt).toBeNull();
  });
});

describe('HKS JSON: empty and changed documents', () => {
  it('reads an empty list, or a list of pager junk only, as no bulletin', () => {
    expect(parseHksJson(withBulletin('22.04.2026 (21.04.2026 Tarihli', []))).toEqual({ rows: [], bulletinDays: [] });
    const junk = readHksJson(
      withBulletin(null, [{ ad: '12345678910...', cinsi: '1', turu: '2', fiyat: 3.0, hacim: 4, birim: '5' }]),
    );
    expect(junk.document).toEqual({ rows: [], bulletinDays: [] });
    expect(junk.pagerRows).toEqual([0]);
  });

  it('throws on a body that is not the scraper JSON', () => {
    expect(expectLayoutError(PARSER, () => parseHksJson('<html></html>')).message).toBe(
      'hal-gov-tr-json: body is not JSON',
    );
    expect(() => parseHksJson('[]')).toThrow('not a JSON object');
    expect(() => parseHksJson('{"bulten_tarihi":"22.04.2026"}')).toThrow('no urunler list');
  });

  it('throws on an item without birim or with a price that is not a number', () => {
    const items = JSON.parse(REAL).urunler;
    delete items[3].birim;
    expect(expectLayoutError(PARSER, () => parseHksJson(withBulletin('22.04.2026', items))).message).toBe(
      'hal-gov-tr-json: urunler[3] lacks birim',
    );
    const priced = JSON.parse(REAL).urunler;
    priced[0].fiyat = { value: 1 };
    expect(() => parseHksJson(withBulletin('22.04.2026', priced))).toThrow('urunler[0].fiyat is {"value":1}');
    priced[0].fiyat = 'yüz';
    expect(() => parseHksJson(withBulletin('22.04.2026', priced))).toThrow(LayoutError);
    const negative = JSON.parse(REAL).urunler;
    negative[0].hacim = -5;
    expect(() => parseHksJson(withBulletin('22.04.2026', negative))).toThrow('urunler[0].hacim is negative');
  });

  it('reads prices and volumes sent as Turkish strings like numbers', () => {
    const items = JSON.parse(REAL).urunler.slice(0, 1);
    items[0].fiyat = '121,28';
    items[0].hacim = '5434';
    expect(parseHksJson(withBulletin('22.04.2026', items)).rows[0]).toMatchObject({ name: 'ACUR', avg: 121.28 });
  });
});
