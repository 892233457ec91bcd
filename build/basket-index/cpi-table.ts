/**
 * TÜİK's monthly consumer price table (sheet `17_t1`, TÜFE 2003=100) as the institute publishes it:
 * five stacked blocks, each a Turkish and an English title line, a Turkish and an English month
 * header (`Ocak … Aralık`, `January … December`) and a row per year (year in column A, January …
 * December in B … M), a blank row between blocks. Only block 1, the index levels, is read, and
 * strictly: a changed title, header, year column or cell is an error naming the file and the cell,
 * since a misread deflator would silently rescale every real value. SheetJS reads the file by its
 * content (the institute's download is an Excel 97-2003 file under an `.xlsx` name).
 */
import { read, utils, type CellObject, type WorkBook, type WorkSheet } from '@e965/xlsx';

export type CpiMonth = { month: string; value: number };

const SHEET = '17_t1';
const TITLES = ['Tüketici fiyat endeks rakamları (2003=100)', 'Consumer price index numbers (2003=100)'];
const MONTHS = [
  'Ocak Şubat Mart Nisan Mayıs Haziran Temmuz Ağustos Eylül Ekim Kasım Aralık'.split(' '),
  'January February March April May June July August September October November December'.split(' '),
];
/** The block that follows the index levels: where block 1 is known to end. */
const NEXT_TITLE = 'Aylık değişim (%)';
/** Columns A … N: the year, twelve months, and one the table leaves empty. */
const LAST_COLUMN = 13;

export function readCpiTable(bytes: Uint8Array, file: string): CpiMonth[] {
  let book: WorkBook;
  try {
    book = read(bytes);
  } catch (error) {
    throw new Error(`${file}: not a spreadsheet (${(error as Error).message})`);
  }
  if (book.SheetNames.length !== 1 || book.SheetNames[0] !== SHEET)
    throw new Error(`${file}: expected the one sheet ${SHEET}, found ${JSON.stringify(book.SheetNames)}`);
  const sheet = book.Sheets[SHEET]!;
  const at = (row: number, column: number) => cell(sheet, row, column);
  const fail = (row: number, column: number, expected: string): never => {
    const found = at(row, column);
    throw new Error(
      `${file}: ${SHEET}!${utils.encode_cell({ r: row, c: column })}: expected ${expected}, ` +
        `found ${found === undefined ? 'an empty cell' : JSON.stringify(found.v)}`,
    );
  };
  const expectText = (row: number, column: number, text: string) => {
    if (at(row, column)?.v !== text) fail(row, column, JSON.stringify(text));
  };
  const expectEmpty = (row: number, from: number) => {
    for (let column = from; column <= LAST_COLUMN; column++)
      if (at(row, column) !== undefined) fail(row, column, 'empty');
  };

  TITLES.forEach((title, row) => {
    expectText(row, 0, title);
    expectEmpty(row, 1);
  });
  MONTHS.forEach((names, k) => {
    const row = TITLES.length + k;
    if (at(row, 0) !== undefined) fail(row, 0, 'empty');
    names.forEach((name, m) => expectText(row, 1 + m, name));
    expectEmpty(row, 13);
  });

  const values: CpiMonth[] = [];
  let row = TITLES.length + MONTHS.length;
  const first = at(row, 0);
  let year = first?.t === 'n' && Number.isInteger(first.v) ? (first.v as number) : fail(row, 0, 'a year');
  let complete = true;
  for (; at(row, 0) !== undefined; row++, year++) {
    if (at(row, 0)!.t !== 'n' || at(row, 0)!.v !== year) fail(row, 0, `the year ${year}`);
    // Only the newest year may stop before December.
    if (!complete) fail(row - 1, 12, 'a December before the next year');
    for (let m = 1; m <= 12; m++) {
      const level = at(row, m);
      if (level === undefined && m > 1) complete = false;
      else if (!complete) fail(row, m, 'empty after an empty month');
      else if (level?.t !== 'n' || !isIndexLevel(level.v as number)) fail(row, m, 'an index level');
      else values.push({ month: `${year}-${String(m).padStart(2, '0')}`, value: level.v as number });
    }
    expectEmpty(row, 13);
  }
  expectEmpty(row, 0);
  expectText(row + 1, 0, NEXT_TITLE);
  return values;
}

/** As the table prints them: positive, with at most two decimals. */
function isIndexLevel(value: number): boolean {
  return value > 0 && Math.round(value * 100) / 100 === value;
}

function cell(sheet: WorkSheet, row: number, column: number): CellObject | undefined {
  const found = sheet[utils.encode_cell({ r: row, c: column })] as CellObject | undefined;
  return found === undefined || found.t === 'z' || found.v === '' ? undefined : found;
}
