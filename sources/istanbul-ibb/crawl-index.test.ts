/**
 * The undated crawl (`gida.ibb_crawl_index.json`). Expected numbers from Python, independently of
 * the parser: `json.JSONDecoder().raw_decode` called in a loop over the text gives six arrays
 * holding tables of 0, 0, 85, 0, 62 and 0 objects (147); `collections.Counter` of `Birim`; prices
 * read by `float(s.replace(' TL','').replace(',','.'))`: 24 rows print 0,00 for both prices,
 * the other 123 print both at or above 100 000 (old lira), the highest 17 000 000.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { crawlIndexRows, parseCrawlIndex, PARSER, splitTopLevelArrays } from './crawl-index.ts';

const TEXT = readFileSync(
  new URL('../../data/sources/istanbul-ibb/gida.ibb_crawl_index.json', import.meta.url),
  'utf8',
);

describe('İBB crawl index: arrays appended without a day', () => {
  it('is not JSON as a whole', () => {
    expect(TEXT.startsWith('[[]][[]][[{"Urun Adı":"Bakla"')).toBe(true);
    expect(TEXT.endsWith('"En Yüksek Fiyat":"1500000,00 TL"}]][[]]')).toBe(true);
    expect(() => JSON.parse(TEXT)).toThrow(SyntaxError);
  });

  it('splits into six arrays holding tables of 0, 0, 85, 0, 62 and 0 rows', () => {
    const arrays = splitTopLevelArrays(TEXT).map((json) => JSON.parse(json) as unknown[][]);
    expect(arrays.map((a) => a.map((table) => table.length))).toEqual([[0], [0], [85], [0], [62], [0]]);
  });

  it('keeps brackets inside strings and white space between arrays', () => {
    expect(splitTopLevelArrays('[["a]["]]\n [{"b":"}"}]')).toEqual(['[["a]["]]', '[{"b":"}"}]']);
    expect(splitTopLevelArrays('[["\\"]"]]')).toEqual(['[["\\"]"]]']);
  });

  it('reads 147 undated rows with their old-lira and zero prices as printed', () => {
    const rows = crawlIndexRows(TEXT);
    expect(rows).toHaveLength(147);
    expect(rows[0]).toEqual({
      name: 'Bakla',
      unit: 'Kilogram',
      min: 1_900_000,
      max: 3_000_000,
      printed:
        '{"Urun Adı":"Bakla","Birim":"Kilogram","En Düşük Fiyat":"1900000,00 TL","En Yüksek Fiyat":"3000000,00 TL"}',
      location: 'array 3 [0][0]',
    });
    expect(rows[1]).toMatchObject({ name: 'Bamya', unit: 'Kilogram', min: 0, max: 0, location: 'array 3 [0][1]' });
    expect(rows[2]).toMatchObject({ name: 'Barbunya', unit: 'Kasa', min: 0, max: 0 });
    expect(rows[84]).toMatchObject({ name: 'Yer Elması', min: 400_000, max: 500_000, location: 'array 3 [0][84]' });
    expect(rows[85]).toMatchObject({ name: 'Bakla', min: 1_200_000, max: 2_000_000, location: 'array 5 [0][0]' });
    expect(rows[146]).toMatchObject({
      name: 'Yaprak (Salamura)',
      unit: 'Kilogram',
      min: 1_000_000,
      max: 1_500_000,
      location: 'array 5 [0][61]',
    });
    expect(rows.filter((r) => r.min === 0 && r.max === 0)).toHaveLength(24);
    expect(rows.filter((r) => r.min! >= 100_000 && r.max! >= 100_000)).toHaveLength(123);
    expect(Math.max(...rows.map((r) => r.max!))).toBe(17_000_000);
  });

  it('keeps the printed units, crates and sacks included', () => {
    const units = new Map<string, number>();
    for (const r of crawlIndexRows(TEXT)) units.set(r.unit, (units.get(r.unit) ?? 0) + 1);
    expect(Object.fromEntries(units)).toEqual({
      Kilogram: 112,
      Kasa: 15,
      Sandık: 8,
      Paket: 4,
      Adet: 4,
      Çuval: 3,
      Demet: 1,
    });
  });

  it('gives no price and no bulletin day, since no row has a day', () => {
    expect(parseCrawlIndex(TEXT)).toEqual({ rows: [], bulletinDays: [] });
  });
});

describe('İBB crawl index: a changed layout is loud', () => {
  it('throws on text between or after the arrays and on an unclosed array', () => {
    expect(expectLayoutError(PARSER, () => parseCrawlIndex('[[]],[[]]')).message).toBe(
      'istanbul-ibb-crawl-index: text outside an array at offset 4',
    );
    expect(() => parseCrawlIndex('[[]]"x"')).toThrow('text outside an array at offset 4');
    expect(expectLayoutError(PARSER, () => parseCrawlIndex('[[]][[{"Urun Adı":"x"')).message).toBe(
      'istanbul-ibb-crawl-index: the last array is not closed',
    );
    expect(() => parseCrawlIndex('[[]]]')).toThrow('unbalanced ] at offset 4');
    expect(() => parseCrawlIndex('  ')).toThrow('no array');
  });

  it('throws on an array that is not a converted table or has other keys', () => {
    expect(() => parseCrawlIndex('[[]][{"a":1}]')).toThrow('array 2 is not a list holding one table');
    expect(() => parseCrawlIndex('[[{"Urun":"x"}]]')).toThrow(/array 1 \[0\]\[0\]: .* does not have the keys/);
    expect(() =>
      parseCrawlIndex('[[{"Urun Adı":"x","Birim":"Kilogram","En Düşük Fiyat":"bir","En Yüksek Fiyat":"1,00 TL"}]]'),
    ).toThrow('not a price');
  });
});
