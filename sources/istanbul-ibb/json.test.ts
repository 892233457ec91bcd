/**
 * Golden tests of the JSON conversion of the table (2020-02-05, vegetables).
 *
 * Expected numbers from Python's `json.load` of the file, independently of the parser: one table
 * of 84 objects, units by `collections.Counter` (Kilogram 66, Demet 9, Adet 7, Kutu 2), and the
 * objects at indexes 0, 28, 56 and 83 (first, ⌊n/3⌋, ⌊2n/3⌋, last) printed as they stand.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { LayoutError } from '../types.ts';
import { parseIbbHtml } from './html.ts';
import { parseIbbJson, PARSER } from './json.ts';
import ROWS from './json.rows.json' with { type: 'json' };

const TEXT = readFileSync(new URL('../../data/sources/istanbul-ibb/2020-2-5_veri.json', import.meta.url), 'utf8');
const REQUEST = {
  url: 'https://raw.githubusercontent.com/yunusbayazit/ibb-hal-veri-crawler/feed3a9ff5d9136a6b5113864b5e235a77bbd3a0/files/2020-2-5_veri.json',
  requestedDay: '2020-02-05',
};
const parse = (text = TEXT) => parseIbbJson(text, REQUEST, 'sebze');

describe('İBB JSON: 2020-02-05', () => {
  it('has 84 rows on the requested day', () => {
    const doc = parse();
    expect(doc.rows).toHaveLength(84);
    expect(doc.bulletinDays).toEqual(['2020-02-05']);
    expect(new Set(doc.rows.map((r) => `${r.dataDay} ${r.market} ${r.group} ${r.avg}`))).toEqual(
      new Set(['2020-02-05 istanbul-ibb-sebze-meyve sebze null']),
    );
  });

  it('reads the first, ⌊n/3⌋, ⌊2n/3⌋ and last objects as printed', () => {
    const rows = parse().rows;
    expect(rows[0]).toEqual(ROWS['Akdeniz Baharatları']);
    expect(rows[28]).toMatchObject({
      name: 'Fasülye (Şeker)',
      unit: 'Kilogram',
      min: 15,
      max: 23,
      location: '[0][28]',
    });
    expect(rows[56]).toMatchObject({ name: 'Patates', unit: 'Kilogram', min: 1.5, max: 2.5, location: '[0][56]' });
    expect(rows[83]).toMatchObject({ name: 'Yer Elması', unit: 'Kilogram', min: 2, max: 3, location: '[0][83]' });
  });

  it('keeps the printed units: Kilogram 66, Demet 9, Adet 7, Kutu 2', () => {
    const units = new Map<string, number>();
    for (const r of parse().rows) units.set(r.unit, (units.get(r.unit) ?? 0) + 1);
    expect(Object.fromEntries(units)).toEqual({ Kutu: 2, Kilogram: 66, Demet: 9, Adet: 7 });
  });

  it('is the same table as the page six days earlier, with its own prices (Biber (Capia) 8–13 then, 8–14 now)', () => {
    const page = parseIbbHtml({
      bytes: readFileSync(
        new URL(
          '../../data/sources/istanbul-ibb/gida.ibb.istanbul_hal-fiyatlari_2020-01-30_sebze.html',
          import.meta.url,
        ),
      ),
      url: 'x',
      requestedDay: '2020-01-30',
    });
    expect(parse().rows.map((r) => `${r.name}|${r.unit}`)).toEqual(page.rows.map((r) => `${r.name}|${r.unit}`));
    expect(page.rows[3]).toMatchObject({ name: 'Biber (Capia)', min: 8, max: 13 });
    expect(parse().rows[3]).toMatchObject({ name: 'Biber (Capia)', min: 8, max: 14 });
  });

  it('reads the empty table `[[]]` as a day without a list', () => {
    expect(parse('[[]]')).toEqual({ rows: [], bulletinDays: [] });
  });
});

describe('İBB JSON: a changed layout is loud', () => {
  it('throws on text that is not JSON and on a file without the one table', () => {
    expect(expectLayoutError(PARSER, () => parse('[[]][[]]')).message).toBe('istanbul-ibb-json: body is not JSON');
    expect(expectLayoutError(PARSER, () => parse('[]')).message).toBe(
      'istanbul-ibb-json: document is not a list holding one table',
    );
    expect(() => parse('[[],[]]')).toThrow(LayoutError);
    expect(() => parse('{"results":[]}')).toThrow(LayoutError);
  });

  it('throws on an object with other keys', () => {
    const text = JSON.stringify([
      [{ 'Ürün Adı': 'Domates', Birim: 'Kilogram', 'En Düşük Fiyat': '4,00 TL', 'En Yüksek Fiyat': '5,00 TL' }],
    ]);
    expect(expectLayoutError(PARSER, () => parse(text)).message).toMatch(
      /^istanbul-ibb-json: \[0\]\[0\]: .* does not have the keys/,
    );
    const extra = JSON.stringify([
      [
        {
          'Urun Adı': 'Domates',
          Birim: 'Kilogram',
          'En Düşük Fiyat': '4,00 TL',
          'En Yüksek Fiyat': '5,00 TL',
          Ortalama: '4,50 TL',
        },
      ],
    ]);
    expect(() => parse(extra)).toThrow(LayoutError);
  });

  it('throws on a price that is not one', () => {
    const text = JSON.stringify([
      [{ 'Urun Adı': 'Domates', Birim: 'Kilogram', 'En Düşük Fiyat': 'dört', 'En Yüksek Fiyat': '5,00 TL' }],
    ]);
    expect(() => parse(text)).toThrow('[0][0]: not a price: "dört"');
  });
});
