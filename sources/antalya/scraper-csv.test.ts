/**
 * Golden tests of the DERIVED Antalya daily tables (the scraper's record, not the bulletin) on the
 * 1,096 real files of data/sources/antalya/derived/.
 *
 * Expected numbers computed independently with Python (open(f, encoding='utf-8-sig'), split on
 * '\n' and ','): 23,251 rows; per year 7,598 rows on 365 days (2023), 7,708 on 366 (2024), 7,945
 * on 365 (2025); 24 names with the counts in NAMES; from 2025-10-27 on (66 files, 1,532 rows) every
 * price has two decimals. Spot rows copied from `sed -n Np FILE`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectLayoutError } from '../../tests/support/layout-error.ts';
import type { PrintedRow, SourceDocument } from '../types.ts';
import { PARSER, parseAntalyaScraperCsv } from './scraper-csv.ts';
import ROWS from './scraper-csv.rows.json' with { type: 'json' };

const DIR = new URL('../../data/sources/antalya/derived/', import.meta.url);
const FILES = readdirSync(DIR)
  .filter((f) => /^hal_\d{4}-\d{2}-\d{2}\.csv$/.test(f))
  .sort();
const dayOf = (file: string) => file.slice(4, 14);
const doc = (bytes: Uint8Array, requestedDay: string | null): SourceDocument => ({
  url: 'x',
  fetchedAt: null,
  contentType: 'text/csv; charset=utf-8',
  bytes,
  requestedDay,
});
const parseFile = (file: string) => parseAntalyaScraperCsv(doc(readFileSync(new URL(file, DIR)), dayOf(file)));
const PARSED = new Map(FILES.map((f) => [f, parseFile(f)]));
const ALL: PrintedRow[] = [...PARSED.values()].flatMap((p) => p.rows);
const at = (file: string, line: number) => PARSED.get(file)!.rows.find((r) => r.location === `line ${line}`)!;

const NAMES = {
  'Biber (Dolma)': 1096,
  'Biber Çarli': 1096,
  'Biber Kapya': 1096,
  'Biber Sivri': 1096,
  'Biber Üçburun': 1096,
  Domates: 1096,
  'Domates (Pembe)': 1096,
  'Domates Kokteyl': 1096,
  'Elma (Golden)': 1096,
  'Elma (Grann Smith)': 1096,
  'Elma (Starking)': 1096,
  Hıyar: 1096,
  'Hıyar (Slor Paket)': 1096,
  'Kabak (Sakız)': 1096,
  Patlıcan: 1096,
  'Patlıcan (Topak)': 1096,
  'Portakal (Sıkmalık)': 1086,
  Limon: 1029,
  'Kabak (Bal)': 926,
  'Portakal (Valencia Pak)': 805,
  'Biber Cin': 774,
  'Lime Limon': 449,
  'Domates (Ceri)': 395,
  'Mandarin(Paket)': 251,
};

describe('Antalya scraper tables: files, days and rows', () => {
  it('reads 1,096 files, one a calendar day 2023-01-01 … 2025-12-31, each its own bulletin day', () => {
    expect(FILES).toHaveLength(1096);
    expect(dayOf(FILES[0]!)).toBe('2023-01-01');
    expect(dayOf(FILES.at(-1)!)).toBe('2025-12-31');
    for (const [file, parsed] of PARSED) expect(parsed.bulletinDays, file).toEqual([dayOf(file)]);
  });

  it('reads 23,251 rows: 7,598 on 365 days, 7,708 on 366 and 7,945 on 365', () => {
    const perYear: Record<string, { rows: number; days: Set<string> }> = {};
    for (const r of ALL) {
      const year = (perYear[r.dataDay.slice(0, 4)] ??= { rows: 0, days: new Set() });
      year.rows++;
      year.days.add(r.dataDay);
    }
    expect(ALL).toHaveLength(23251);
    expect(Object.fromEntries(Object.entries(perYear).map(([y, v]) => [y, [v.rows, v.days.size]]))).toEqual({
      '2023': [7598, 365],
      '2024': [7708, 366],
      '2025': [7945, 365],
    });
  });

  it('reads 18–24 rows a file, every one in Kg, no name left out', () => {
    expect(new Set([...PARSED.values()].map((p) => p.rows.length))).toEqual(new Set([18, 19, 20, 21, 22, 23, 24]));
    expect(new Set(ALL.map((r) => r.unit))).toEqual(new Set(['Kg']));
    const perName: Record<string, number> = {};
    for (const r of ALL) perName[r.name] = (perName[r.name] ?? 0) + 1;
    expect(perName).toEqual(NAMES);
  });
});

describe('Antalya scraper tables: spot values as printed', () => {
  it('reads the first row of 2023-01-01 whole, the export category kept in the printed row only', () => {
    expect(at('hal_2023-01-01.csv', 2)).toEqual(ROWS.BIBER_DOLMA_2023_01_01);
  });

  it('reads one and two decimals before the change (4 / 9.5, 75 / 93.37, 1.5 / 2)', () => {
    expect(at('hal_2023-01-01.csv', 23)).toMatchObject({ name: 'Portakal (Sıkmalık)', min: 4, max: 9.5 });
    expect(at('hal_2023-01-02.csv', 19)).toMatchObject({ name: 'Lime Limon', min: 75, max: 93.37 });
    expect(at('hal_2023-07-01.csv', 15)).toMatchObject({ name: 'Hıyar', min: 1.5, max: 2 });
  });

  it('reads the leap day 2024-02-29 (20 rows) and the last row of 2025-12-31', () => {
    expect(PARSED.get('hal_2024-02-29.csv')!.rows).toHaveLength(20);
    expect(at('hal_2024-02-29.csv', 21)).toMatchObject({
      dataDay: '2024-02-29',
      name: 'Portakal (Valencia Pak)',
      min: 15,
      max: 18,
    });
    expect(at('hal_2025-12-31.csv', 3)).toMatchObject({
      name: 'Biber Cin',
      min: 80,
      max: 130,
      printed: '2025-12-31,Biber Cin,BİBER,Kg,80.00,130.00',
    });
  });

  it('keeps the 2024-04-09 values 100 times too high as printed (3000 / 4800)', () => {
    expect(at('hal_2024-04-09.csv', 2)).toMatchObject({ name: 'Biber (Dolma)', min: 3000, max: 4800 });
    expect(at('hal_2024-04-09.csv', 17)).toMatchObject({ name: 'Limon', min: 500, max: 1500 });
  });

  it('prints every price with two decimals from 2025-10-27 on (1,532 rows), and reads them as numbers', () => {
    const priceTexts = (r: PrintedRow) => r.printed.split(',').slice(4);
    const after = ALL.filter((r) => r.dataDay >= '2025-10-27');
    expect(after).toHaveLength(1532);
    for (const r of after) expect(priceTexts(r), r.printed).toEqual([r.min!.toFixed(2), r.max!.toFixed(2)]);
    const dayBefore = PARSED.get('hal_2025-10-26.csv')!.rows;
    expect(dayBefore.flatMap(priceTexts).filter((t) => t.includes('.'))).toEqual([]);
    expect(at('hal_2025-10-26.csv', 2)).toMatchObject({ printed: '2025-10-26,Biber (Dolma),BİBER,Kg,35,50', min: 35 });
    expect(at('hal_2025-10-27.csv', 2)).toMatchObject({
      printed: '2025-10-27,Biber (Dolma),BİBER,Kg,35.00,45.00',
      min: 35,
      max: 45,
    });
  });
});

describe('Antalya scraper tables: a different file is loud', () => {
  const HEADER = '\uFEFFtarih,hal_urun_adi,ihracat_kategorisi,birim,fiyat_min,fiyat_max';
  const parse = (text: string, day: string | null = '2024-04-09') =>
    parseAntalyaScraperCsv(doc(new TextEncoder().encode(text), day));
  const ROW = '2024-04-09,Hıyar,HIYAR (SALATALIK),Kg,8,12';

  it('reads a constructed file like the real ones', () => {
    expect(parse(`${HEADER}\n${ROW}\n`).rows).toMatchObject([{ name: 'Hıyar', min: 8, max: 12, location: 'line 2' }]);
  });

  it('throws on another header, a date not the file’s, another unit, a comma price and a short line', () => {
    expect(
      expectLayoutError(PARSER, () => parse(`tarih,urun,kategori,birim,fiyat_min,fiyat_max\n${ROW}\n`)).message,
    ).toBe('antalya-scraper-csv: header "tarih,urun,kategori,birim,fiyat_min,fiyat_max"');
    expect(() => parse(`${HEADER}\n${ROW}\n`, '2024-04-10')).toThrow(
      'antalya-scraper-csv: line 2: tarih "2024-04-09" in the file of 2024-04-10',
    );
    expect(() => parse(`${HEADER}\n${ROW.replace(',Kg,', ',Adet,')}\n`)).toThrow('line 2: birim "Adet"');
    expect(() => parse(`${HEADER}\n${ROW}\n2024-04-09,Limon,LİMON,Kg,"9,5",12\n`)).toThrow('line 3: price "9,5"');
    expect(() => parse(`${HEADER}\n${ROW}\n2024-04-09,Limon,LİMON,Kg,9\n`)).toThrow('line 3 has 5 cells');
    expect(() => parse(`${HEADER}\n,Limon,LİMON,Kg,9,12\n`)).toThrow('line 2: tarih ""');
    expect(() => parse(`${HEADER}\n2024-04-09, ,LİMON,Kg,9,12\n`)).toThrow('line 2: no product name');
    expect(() => parse(`${HEADER}\n${ROW}\n`, null)).toThrow('no requestedDay');
  });

  it('reads a header-only file as no list', () => {
    expect(parse(`${HEADER}\n`)).toEqual({ rows: [], bulletinDays: [] });
  });
});
