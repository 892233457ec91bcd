/**
 * Golden tests of the İzmir 2025 "Günlük Bülten Ücretleri" report (Windows-1254 Excel export,
 * two products per line) on the real file.
 *
 * Expected numbers were counted independently of the parser: `iconv -f WINDOWS-1254 -t UTF-8`,
 * then a Python loop over the physical lines that counts a half (S.No in cell 0 or 11, name in
 * cell 1 or 12) when its S.No is digits and its name is not empty, per `Bülten Tarihi` day and
 * `Mal Tipi` group. Line numbers below are physical lines of the file (`sed -n Np`).
 */
import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { LayoutError, type PrintedRow } from '../types.ts';
import { decodeWindows1254, parseIzmirReport2025, PARSER } from './report-2025.ts';
import { expectLayoutError } from '../../tests/support/layout-error.ts';

const BYTES = new Uint8Array(
  readFileSync(new URL('../../data/sources/izmir/izbb-sebzemeyve-hal-fiyatlari_2025.csv', import.meta.url)),
);
const DOC = parseIzmirReport2025(BYTES);
const rowsOn = (day: string, group?: string) =>
  DOC.rows.filter((r) => r.dataDay === day && (group === undefined || r.group === group));
const find = (day: string, name: string) => {
  const hits = DOC.rows.filter((r) => r.dataDay === day && r.name === name);
  expect(hits, `${day} ${name}`).toHaveLength(1);
  return hits[0]!;
};
const encode = (text: string) => new Uint8Array(iconv.encode(text, 'win1254'));

describe('İzmir 2025 report: counts', () => {
  it('has 28568 rows on 309 bulletin days, 1.01.2025 … 31.12.2025', () => {
    expect(DOC.rows).toHaveLength(28568);
    expect(DOC.bulletinDays).toHaveLength(309);
    expect(new Set(DOC.bulletinDays).size).toBe(309);
    expect(DOC.bulletinDays[0]).toBe('2025-01-01');
    expect(DOC.bulletinDays.at(-1)).toBe('2025-12-31');
  });

  it('has 18270 SEBZE, 8156 MEYVE and 2142 İTHAL rows', () => {
    const groups = new Map<string | null, number>();
    for (const r of DOC.rows) groups.set(r.group, (groups.get(r.group) ?? 0) + 1);
    expect(Object.fromEntries(groups)).toEqual({ SEBZE: 18270, MEYVE: 8156, İTHAL: 2142 });
  });

  it('has the counted rows on the first, a mid-year and the last day', () => {
    expect(rowsOn('2025-01-01')).toHaveLength(102);
    expect(rowsOn('2025-01-01', 'SEBZE')).toHaveLength(65);
    expect(rowsOn('2025-01-01', 'MEYVE')).toHaveLength(29);
    expect(rowsOn('2025-01-01', 'İTHAL')).toHaveLength(8);
    expect(rowsOn('2025-07-03')).toHaveLength(94);
    expect(rowsOn('2025-12-31')).toHaveLength(84);
    expect(rowsOn('2025-12-31', 'İTHAL')).toHaveLength(6);
  });
});

describe('İzmir 2025 report: spot values as printed', () => {
  const spot = (row: PrintedRow) => ({ ...row, location: undefined });

  it('reads the left half of line 9 (1;BAKLA;;;;KG;30;;60;45)', () => {
    expect(spot(find('2025-01-01', 'BAKLA'))).toEqual({
      dataDay: '2025-01-01',
      market: 'izmir-sebze-meyve',
      name: 'BAKLA',
      unit: 'KG',
      group: 'SEBZE',
      min: 30,
      max: 60,
      avg: 45,
      printed: '1;BAKLA;KG;30;60;45',
      location: undefined,
    });
  });

  it('reads the right half of line 9 with a decimal comma (2;BİBER  DOLMA;;KG;25;60;42,5)', () => {
    expect(spot(find('2025-01-01', 'BİBER  DOLMA'))).toEqual({
      dataDay: '2025-01-01',
      market: 'izmir-sebze-meyve',
      name: 'BİBER  DOLMA',
      unit: 'KG',
      group: 'SEBZE',
      min: 25,
      max: 60,
      avg: 42.5,
      printed: '2;BİBER  DOLMA;KG;25;60;42,5',
      location: undefined,
    });
  });

  it('keeps the runs and trailing spaces of names (line 51: 16;KIVI  ;;KG;50;90;70)', () => {
    expect(find('2025-01-01', 'KIVI  ')).toMatchObject({
      unit: 'KG',
      group: 'MEYVE',
      min: 50,
      max: 90,
      avg: 70,
      printed: '16;KIVI  ;KG;50;90;70',
    });
    expect(find('2025-01-01', 'BİBER  SİVRİ')).toMatchObject({ min: 40, max: 100, avg: 70 });
  });

  it('reads a mid-year line with two decimal commas (line 8519: 25;KARPUZ;;;;KG;5;;12,5;8,75)', () => {
    expect(find('2025-07-03', 'KARPUZ')).toMatchObject({
      unit: 'KG',
      group: 'SEBZE',
      min: 5,
      max: 12.5,
      avg: 8.75,
      printed: '25;KARPUZ;KG;5;12,5;8,75',
    });
  });

  it('reads the last product of the file (line 16609: 6;ZENCEFİL;;KG;100;250;175)', () => {
    expect(DOC.rows.at(-1)).toMatchObject({
      dataDay: '2025-12-31',
      name: 'ZENCEFİL',
      unit: 'KG',
      group: 'İTHAL',
      min: 100,
      max: 250,
      avg: 175,
      printed: '6;ZENCEFİL;KG;100;250;175',
    });
    expect(find('2025-12-31', 'MUZ  ITHAL')).toMatchObject({ min: 70, max: 90, avg: 80 });
  });

  it('puts the bulletin line and S.No into the location', () => {
    expect(find('2025-01-01', 'BİBER  DOLMA').location).toMatch(/^line \d+, S\.No 2$/);
    expect(find('2025-01-01', 'Y.TERE').location).toMatch(/^line \d+, S\.No 65$/);
  });

  // The report's two title cells span five physical lines, so counting CSV records instead of
  // file lines put every location 3 lines short (BİBER  DOLMA on line 9 said `line 6`).
  it('points the location at the physical line of the file', () => {
    expect(find('2025-01-01', 'BAKLA').location).toBe('line 9, S.No 1');
    expect(find('2025-01-01', 'BİBER  DOLMA').location).toBe('line 9, S.No 2');
    expect(DOC.rows.at(-1)!.location).toBe('line 16609, S.No 6');
  });
});

describe('İzmir 2025 report: layout quirks', () => {
  it('decodes Windows-1254 (İ Ş Ğ ı as single bytes 0xDD 0xDE 0xD0 0xFD)', () => {
    const text = decodeWindows1254(BYTES);
    expect(text.startsWith(';;;"T.C.\nİZMİR BÜYÜKŞEHİR BELEDİYE BAŞKANLIĞI\n"')).toBe(true);
    expect(new TextDecoder().decode(BYTES.slice(0, 40))).toContain('\ufffd'); // not UTF-8
    expect(BYTES[9]).toBe(0xdd); // the İ of İZMİR
  });

  it('reads the day without zero padding (`Bülten Tarihi ;;:;;1.01.2025`)', () => {
    expect(decodeWindows1254(BYTES)).toContain('\nBülten Tarihi ;;:;;1.01.2025;');
    expect(DOC.bulletinDays.slice(0, 3)).toEqual(['2025-01-01', '2025-01-02', '2025-01-03']);
  });

  it('skips the empty right half of an odd-count block (line 41: 65;Y.TERE;;;;BAĞ;3;;7;5;;;;;;;;)', () => {
    expect(find('2025-01-01', 'Y.TERE')).toMatchObject({
      unit: 'BAĞ',
      group: 'SEBZE',
      min: 3,
      max: 7,
      avg: 5,
      printed: '65;Y.TERE;BAĞ;3;7;5',
    });
    expect(
      rowsOn('2025-01-01', 'SEBZE')
        .map((r) => r.location.replace(/^.*S\.No /, ''))
        .at(-1),
    ).toBe('65');
    expect(DOC.rows.some((r) => r.name === '')).toBe(false);
  });

  it('makes no rows of the signature lines and the Excel footer `1.Oca`', () => {
    const text = decodeWindows1254(BYTES);
    expect(text.endsWith(';;;;;;;;;;;;;SADIK CEYLAN;;;;\n;;;;;;;;;;;;;ŞEF;;;;\n;;;;;;;;;;1.Oca;;;;;;;\n')).toBe(true);
    // the last bulletin alone, with and without its footer: the same 84 rows
    const start = Buffer.from(BYTES).indexOf(Buffer.from('B\u00fclten Tarihi ;;:;;31.12.2025', 'latin1'));
    const footer = Buffer.from(BYTES).indexOf(Buffer.from(';;;;;;;;;;;;;SADIK CEYLAN', 'latin1'));
    expect(start).toBeGreaterThan(0);
    expect(footer).toBeGreaterThan(start);
    const withFooter = parseIzmirReport2025(BYTES.slice(start));
    const withoutFooter = parseIzmirReport2025(BYTES.slice(start, footer));
    expect(withFooter.rows).toHaveLength(84);
    expect(withFooter.bulletinDays).toEqual(['2025-12-31']);
    expect(withFooter.rows.map((r) => r.name)).toEqual(withoutFooter.rows.map((r) => r.name));
    expect(DOC.rows.filter((r) => ['SADIK CEYLAN', 'ŞEF', '1.Oca'].includes(r.name.trim()))).toEqual([]);
  });
});

describe('İzmir 2025 report: a changed layout is loud', () => {
  const HEADER =
    'S.No;Ürün Adı;;;;Birimi;Asgari Fiyatı;;Azami Fiyatı;Ort. Fiyat;;S.No;Ürün Adı;;Birimi;Asgari Fiyatı;Azami Fiyatı;Ort. Fiyat';
  const block = (header: string, day = '1.01.2025') =>
    encode(
      `Bülten Tarihi ;;:;;${day};;;;;;;;;;;;;\nMal Tipi          ;;:;;SEBZE;;;;;;;;;;;;;\n${header}\n1;BAKLA;;;;KG;30;;60;45;;2;BİBER  DOLMA;;KG;25;60;42,5\n`,
    );

  it('parses a well-formed block into two rows', () => {
    expect(parseIzmirReport2025(block(HEADER)).rows.map((r) => [r.name, r.min, r.max, r.avg])).toEqual([
      ['BAKLA', 30, 60, 45],
      ['BİBER  DOLMA', 25, 60, 42.5],
    ]);
  });

  it('throws on a column header with one half only', () => {
    const oneHalf = 'S.No;Ürün Adı;;;;Birimi;Asgari Fiyatı;;Azami Fiyatı;Ort. Fiyat';
    expect(expectLayoutError(PARSER, () => parseIzmirReport2025(block(oneHalf))).message).toMatch(
      /^izmir-report-2025: unexpected column header/,
    );
  });

  it('throws on a column header without the average column', () => {
    expect(() => parseIzmirReport2025(block(HEADER.replaceAll('Ort. Fiyat', 'Fiyat')))).toThrow(LayoutError);
  });

  // Each half's labels are searched only up to the next S.No: a left half without `Ort. Fiyat`
  // once borrowed the right half's column (BAKLA silently got BİBER  DOLMA's 42.5).
  it('throws on a left half without its average column instead of reading the right half’s', () => {
    const leftWithoutAverage =
      'S.No;Ürün Adı;;;;Birimi;Asgari Fiyatı;;Azami Fiyatı;;;S.No;Ürün Adı;;Birimi;Asgari Fiyatı;Azami Fiyatı;Ort. Fiyat';
    expect(() => parseIzmirReport2025(block(leftWithoutAverage))).toThrow(LayoutError);
  });

  it('throws on a bulletin date that is not a day', () => {
    expect(expectLayoutError(PARSER, () => parseIzmirReport2025(block(HEADER, '1.Oca'))).message).toContain(
      'bad bulletin date "1.Oca"',
    );
    expect(() => parseIzmirReport2025(block(HEADER, '30.02.2025'))).toThrow(LayoutError);
  });

  it('throws on a document without any `Bülten Tarihi` line', () => {
    const yearCsv = readFileSync(
      new URL('../../data/sources/izmir/izbb-sebzemeyve-hal-fiyatlari_2014.csv', import.meta.url),
    );
    expect(expectLayoutError(PARSER, () => parseIzmirReport2025(new Uint8Array(yearCsv))).message).toBe(
      'izmir-report-2025: no "Bülten Tarihi" line',
    );
  });

  it('throws on a product line before the column header', () => {
    const bytes = encode('Bülten Tarihi ;;:;;1.01.2025;;;;;;;;;;;;;\n1;BAKLA;;;;KG;30;;60;45;;;;;;;;\n');
    expect(expectLayoutError(PARSER, () => parseIzmirReport2025(bytes)).message).toContain('outside a bulletin block');
  });
});
