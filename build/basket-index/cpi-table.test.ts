/**
 * TÜİK's monthly CPI table read from the real file (data/cpi/tufe_tablo2_oncesinden.xlsx).
 *
 * The expected index levels are those data/cpi/MANIFEST.md lists (read there with SheetJS 0.18.5),
 * and every level is checked against the two rate blocks of the same sheet, which TÜİK prints
 * beside the levels and this test reads cell by cell: the monthly change (block 2) and the change
 * on the same month a year before (block 4), both rounded to two decimals as printed.
 */
import { readFileSync } from 'node:fs';
import { read, utils, write } from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { readCpiTable } from './cpi-table.ts';

const FILE = 'data/cpi/tufe_tablo2_oncesinden.xlsx';
const BYTES = new Uint8Array(readFileSync(new URL(`../../${FILE}`, import.meta.url)));
const VALUES = readCpiTable(BYTES, FILE);
const level = (month: string) => VALUES.find((v) => v.month === month)?.value;

/** The sheet as rows of cells (null where empty), rows and columns from 0. */
const SHEET: (string | number | null)[][] = utils.sheet_to_json(read(BYTES).Sheets['17_t1']!, {
  header: 1,
  raw: true,
  defval: null,
  blankrows: true,
});
/** A rate printed in a block whose 2005 row is `firstRow` (0-based), for month `m` of `year`. */
const printedRate = (firstRow: number, year: number, m: number) => SHEET[firstRow + year - 2005]![m] as number | null;
const percent = (ratio: number) => Math.round((ratio - 1) * 10_000) / 100;

describe('the real table, block 1 (index levels, 2003=100)', () => {
  it('has 250 months, 2005-01 … 2025-10, each once and in order', () => {
    expect(VALUES).toHaveLength(250);
    expect(VALUES[0]).toEqual({ month: '2005-01', value: 114.49 });
    expect(VALUES.at(-1)).toEqual({ month: '2025-10', value: 3453.09 });
    const expected = [];
    for (let year = 2005; year <= 2025; year++)
      for (let m = 1; m <= (year === 2025 ? 10 : 12); m++) expected.push(`${year}-${String(m).padStart(2, '0')}`);
    expect(VALUES.map((v) => v.month)).toEqual(expected);
  });

  it('has the December levels the manifest lists', () => {
    const decembers = Object.fromEntries(
      VALUES.filter((v) => v.month.endsWith('-12') && v.month >= '2014').map((v) => [v.month.slice(0, 4), v.value]),
    );
    expect(decembers).toEqual({
      2014: 247.72,
      2015: 269.54,
      2016: 292.54,
      2017: 327.41,
      2018: 393.88,
      2019: 440.5,
      2020: 504.81,
      2021: 686.95,
      2022: 1128.45,
      2023: 1859.38,
      2024: 2684.55,
    });
  });

  it('gives every monthly change TÜİK prints in block 2 (249 months)', () => {
    let checked = 0;
    for (const [i, v] of VALUES.entries()) {
      if (i === 0) continue;
      const [year, m] = v.month.split('-').map(Number) as [number, number];
      expect(percent(v.value / VALUES[i - 1]!.value), v.month).toBe(printedRate(30, year, m));
      checked++;
    }
    expect(checked).toBe(249);
  });

  it('gives every annual change TÜİK prints in block 4 (238 months)', () => {
    let checked = 0;
    for (const v of VALUES.filter((v) => v.month >= '2006')) {
      const [year, m] = v.month.split('-').map(Number) as [number, number];
      const yearBefore = level(`${year - 1}-${String(m).padStart(2, '0')}`)!;
      expect(percent(v.value / yearBefore), v.month).toBe(printedRate(82, year, m));
      checked++;
    }
    expect(checked).toBe(238);
  });
});

describe('a changed table is refused, naming the file and the cell', () => {
  /** The real sheet's rows, changed by `change`, written back as a workbook. */
  const changed = (change: (rows: (string | number | null)[][]) => void, sheets = ['17_t1']) => {
    const rows = SHEET.map((r) => [...r]);
    change(rows);
    const book = utils.book_new();
    for (const name of sheets) utils.book_append_sheet(book, utils.aoa_to_sheet(rows), name);
    return new Uint8Array(write(book, { type: 'array', bookType: 'biff8' }));
  };
  const refusal = (bytes: Uint8Array) => {
    try {
      readCpiTable(bytes, 'tufe.xls');
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('expected the table to be refused');
  };

  it('reads a faithful copy of the sheet as the file itself', () => {
    expect(
      readCpiTable(
        changed(() => {}),
        'tufe.xls',
      ),
    ).toEqual(VALUES);
  });

  it('refuses another title (a rebased index) or a header out of place', () => {
    expect(refusal(changed((rows) => (rows[0]![0] = 'Tüketici fiyat endeks rakamları (2025=100)')))).toBe(
      'tufe.xls: 17_t1!A1: expected "Tüketici fiyat endeks rakamları (2003=100)", ' +
        'found "Tüketici fiyat endeks rakamları (2025=100)"',
    );
    expect(refusal(changed((rows) => rows[2]!.splice(1, 0, null)))).toBe(
      'tufe.xls: 17_t1!B3: expected "Ocak", found an empty cell',
    );
    expect(refusal(changed((rows) => (rows[3]![12] = 'Dec')))).toBe(
      'tufe.xls: 17_t1!M4: expected "December", found "Dec"',
    );
    expect(refusal(changed((rows) => (rows[2]![13] = 'Toplam')))).toBe(
      'tufe.xls: 17_t1!N3: expected empty, found "Toplam"',
    );
  });

  it('refuses a missing year, a year as text and a cell beyond December', () => {
    expect(refusal(changed((rows) => rows.splice(9, 1)))).toBe(
      'tufe.xls: 17_t1!A10: expected the year 2010, found 2011',
    );
    expect(refusal(changed((rows) => (rows[4]![0] = '2005')))).toBe(
      'tufe.xls: 17_t1!A5: expected a year, found "2005"',
    );
    expect(refusal(changed((rows) => (rows[6]![13] = 'r')))).toBe('tufe.xls: 17_t1!N7: expected empty, found "r"');
  });

  it('refuses a level as text, with three decimals, or not positive', () => {
    expect(refusal(changed((rows) => (rows[4]![1] = '114,49')))).toBe(
      'tufe.xls: 17_t1!B5: expected an index level, found "114,49"',
    );
    expect(refusal(changed((rows) => (rows[4]![1] = 114.495)))).toBe(
      'tufe.xls: 17_t1!B5: expected an index level, found 114.495',
    );
    expect(refusal(changed((rows) => (rows[4]![1] = 0)))).toBe('tufe.xls: 17_t1!B5: expected an index level, found 0');
  });

  it('refuses a month left empty inside the table', () => {
    expect(refusal(changed((rows) => (rows[11]![6] = null)))).toBe(
      'tufe.xls: 17_t1!H12: expected empty after an empty month, found 204.29',
    );
    expect(refusal(changed((rows) => (rows[23]![12] = null)))).toBe(
      'tufe.xls: 17_t1!M24: expected a December before the next year, found an empty cell',
    );
    expect(refusal(changed((rows) => (rows[4]![1] = null)))).toBe(
      'tufe.xls: 17_t1!B5: expected an index level, found an empty cell',
    );
  });

  it('refuses a block 1 that does not end with a blank row before block 2', () => {
    expect(refusal(changed((rows) => rows.splice(25, 1)))).toBe(
      'tufe.xls: 17_t1!A26: expected the year 2026, found "Aylık değişim (%)"',
    );
    expect(refusal(changed((rows) => rows.splice(26)))).toBe(
      'tufe.xls: 17_t1!A27: expected "Aylık değişim (%)", found an empty cell',
    );
    expect(refusal(changed((rows) => (rows[25]![5] = 'not')))).toBe('tufe.xls: 17_t1!F26: expected empty, found "not"');
  });

  it('refuses another sheet, a second sheet, and a file that is not this table', () => {
    expect(refusal(changed(() => {}, ['Sheet1']))).toBe('tufe.xls: expected the one sheet 17_t1, found ["Sheet1"]');
    expect(refusal(changed(() => {}, ['17_t1', '17_t2']))).toBe(
      'tufe.xls: expected the one sheet 17_t1, found ["17_t1","17_t2"]',
    );
    const csv = new TextEncoder().encode('_id,TARIH\n1,2024-01-02T00:00:00\n');
    expect(refusal(csv)).toMatch(/^tufe\.xls: expected the one sheet 17_t1, found \["Sheet1"\]$/);
  });
});
