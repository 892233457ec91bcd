/**
 * Golden tests of the fifteen CSV dumps of the endpoint's table.
 *
 * Expected numbers (csv.golden.json) counted independently of the parser with Python: each file's text repaired
 * by `text.encode('latin-1').decode('utf-8')`, rows = records of `csv.reader` minus the header,
 * and the spot lines 2, ⌊n/3⌋+1, ⌊2n/3⌋+1 and n+1 (first, ⌊n/3⌋, ⌊2n/3⌋, last data row) of the
 * repaired text split on CRLF, copied as printed; their numbers are the printed text read as
 * decimals by hand. sha256 by `sha256sum`.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import { parseIbbCsv, PARSER } from './csv.ts';
import type { IbbGroup } from './table.ts';
import GOLDEN_JSON from './csv.golden.json' with { type: 'json' };

const bytesOf = (file: string) => readFileSync(new URL(`../../data/sources/istanbul-ibb/csv/${file}`, import.meta.url));
const parse = (file: string, day: string, group: IbbGroup) =>
  parseIbbCsv(bytesOf(file), { url: `csv/${file}`, requestedDay: day }, group);
const encode = (text: string) => new TextEncoder().encode(text);

type Spot = { line: number; printed: string; name: string; unit?: string; min: number; max: number };
type Golden = { file: string; day: string; group: IbbGroup; rows: number; spots: Spot[] };
/** Each dump's day, group, row count and spot lines; a spot's unit is Kilogram unless it says otherwise. */
const GOLDEN = GOLDEN_JSON as Golden[];

describe.each(GOLDEN)('İBB CSV $file', (golden) => {
  const doc = () => parse(golden.file, golden.day, golden.group);

  it(`has ${golden.rows} rows on ${golden.rows ? 'one bulletin day' : 'no bulletin day'}`, () => {
    expect(doc().rows).toHaveLength(golden.rows);
    expect(doc().bulletinDays).toEqual(golden.rows ? [golden.day] : []);
    expect(
      doc().rows.every(
        (r) =>
          r.dataDay === golden.day &&
          r.group === golden.group &&
          r.market === 'istanbul-ibb-sebze-meyve' &&
          r.avg === null,
      ),
    ).toBe(true);
  });

  it.each(golden.spots)('reads line $line ($name) as printed, mojibake repaired', (s) => {
    const row = doc().rows.find((r) => r.location === `line ${s.line}`);
    expect(row).toEqual({
      dataDay: golden.day,
      market: 'istanbul-ibb-sebze-meyve',
      name: s.name,
      unit: s.unit ?? 'Kilogram',
      group: golden.group,
      min: s.min,
      max: s.max,
      avg: null,
      printed: s.printed,
      location: `line ${s.line}`,
    });
  });
});

describe('İBB CSV quirks', () => {
  it('repairs the mojibake of every name and unit (`SandÄ±k` → `Sandık`, `Ãilek(I.)` → `Çilek(I.)`)', () => {
    const raw = bytesOf('2024-03-14_meyve.csv').toString('utf8');
    expect(raw.startsWith('Urun AdÄ±,Birim,En DÃ¼Å\u009fÃ¼k Fiyat,En YÃ¼ksek Fiyat\r\n')).toBe(true);
    expect(raw).toContain('\nLimon (Ã\u0087Ä±kma),SandÄ±k,"5,00 TL","7,00 TL"\r\n');
    const rows = parse('2024-03-14_meyve.csv', '2024-03-14', 'meyve').rows;
    expect(rows.find((r) => r.unit === 'Sandık')).toMatchObject({
      name: 'Limon (Çıkma)',
      min: 5,
      max: 7,
      printed: 'Limon (Çıkma),Sandık,"5,00 TL","7,00 TL"',
    });
    expect(rows.find((r) => r.name === 'Çilek(I.)')).toMatchObject({ min: 80, max: 100 });
    for (const g of GOLDEN) {
      for (const r of parse(g.file, g.day, g.group).rows)
        expect(`${r.name} ${r.unit} ${r.printed}`, g.file).not.toMatch(/[ÃÄÅÂ\u0080-\u009f]/);
    }
  });

  it('reads a clean UTF-8 dump the same way', () => {
    const clean = encode(
      'Urun Adı,Birim,En Düşük Fiyat,En Yüksek Fiyat\r\nLimon (Çıkma),Sandık,"5,00 TL","7,00 TL"\r\n',
    );
    expect(parseIbbCsv(clean, { url: 'x', requestedDay: '2024-03-14' }, 'meyve').rows[0]).toMatchObject({
      name: 'Limon (Çıkma)',
      unit: 'Sandık',
      min: 5,
      max: 7,
    });
  });

  it('holds 2024-3-12, 2024-3-13 and 2024-03-14_meyve as byte-identical copies, and 2023-07-08, 2023-07-8, 2024-04-20 too', () => {
    const sha = (file: string) => createHash('sha256').update(bytesOf(file)).digest('hex');
    expect(new Set(['2024-3-12.csv', '2024-3-13.csv', '2024-03-14_meyve.csv'].map(sha))).toEqual(
      new Set(['da533cdc5a36afbac9c79c8f3df27f9a5fab770d6b10f44b836521da7372e9ba']),
    );
    expect(new Set(['2023-07-08.csv', '2023-07-8.csv', '2024-04-20.csv'].map(sha))).toEqual(
      new Set(['9222f80c4be7f10f8c29b5cb73b43e5a14fd77c2b8c5869e5671618a9f8fab05']),
    );
    expect(sha('2024-04-16.csv')).not.toBe(sha('2024-04-16_meyve.csv'));
  });

  it('shows the two fetches of the fruit of 2024-04-16 disagreeing on 9 products', () => {
    const key = (r: { name: string; unit: string; min: number | null; max: number | null }) =>
      `${r.name}|${r.unit}|${r.min}|${r.max}`;
    const a = new Set(parse('2024-04-16_meyve.csv', '2024-04-16', 'meyve').rows.map(key));
    const b = new Set(parse('2024-04-16.csv', '2024-04-16', 'meyve').rows.map(key));
    const names = new Set([...a, ...b].filter((k) => !(a.has(k) && b.has(k))).map((k) => k.split('|')[0]));
    expect([...names].sort()).toEqual([
      'Elma (Gransimit)',
      'Erik (Can)',
      'Erik (Malta)',
      'Greyfurt',
      'Karpuz (1.Kalite)',
      'Kavun',
      'Mandalina',
      'Mandalina (2.kalite)',
      'Mandalina (İzmir)',
    ]);
  });
});

describe('İBB CSV: a changed layout is loud', () => {
  it('throws on another header or a mojibake it cannot repair', () => {
    expect(
      expectLayoutError(PARSER, () =>
        parseIbbCsv(encode('Ürün,Birim,Min,Max\r\n'), { url: 'x', requestedDay: '2024-03-14' }, 'meyve'),
      ).message,
    ).toMatch(/^istanbul-ibb-csv: header/);
    // a character Latin-1 cannot hold leaves the text unrepaired: the header no longer matches
    const broken = encode(
      'Urun AdÄ±,Birim,En DÃ¼Å\u009fÃ¼k Fiyat,En YÃ¼ksek Fiyat\r\nArmutş,Kilogram,"1,00 TL","2,00 TL"\r\n',
    );
    expect(() => parseIbbCsv(broken, { url: 'x', requestedDay: '2024-03-14' }, 'meyve')).toThrow(/header/);
    expect(() => parseIbbCsv(encode(''), { url: 'x', requestedDay: '2024-03-14' }, 'meyve')).toThrow(/header null/);
  });

  it('throws on a record with another number of cells or a price that is not one', () => {
    const head = 'Urun Adı,Birim,En Düşük Fiyat,En Yüksek Fiyat\r\n';
    expect(
      expectLayoutError(PARSER, () =>
        parseIbbCsv(encode(`${head}Armut,Kilogram,"1,00 TL"\r\n`), { url: 'x', requestedDay: '2024-03-14' }, 'meyve'),
      ).message,
    ).toBe('istanbul-ibb-csv: line 2: 3 cells ["Armut","Kilogram","1,00 TL"]');
    expect(() =>
      parseIbbCsv(encode(`${head}Armut,Kilogram,bir,"2,00 TL"\r\n`), { url: 'x', requestedDay: '2024-03-14' }, 'meyve'),
    ).toThrow('line 2: not a price: "bir"');
  });

  it('needs the requested day: the dump prints none', () => {
    expect(() => parseIbbCsv(bytesOf('2024-04-16.csv'), { url: 'csv/2024-04-16.csv' }, 'meyve')).toThrow(
      'has no requestedDay',
    );
  });
});
