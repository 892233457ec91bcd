/**
 * Reading TÜİK's bilingual tables cell by cell with SheetJS, strictly: a header, year or value
 * that is not where the table's description says is a LayoutError naming the file and the cell,
 * since a shifted column would silently publish another product's tonnes.
 */
import { read, utils, type CellObject, type WorkSheet } from '@e965/xlsx';
import { LayoutError } from '../../sources/types.ts';

export const PARSER = 'tuik-production-xls';

export type Sheet = {
  file: string;
  /** the cell at an A1 address, or undefined when it is empty or blank text */
  at(address: string): CellObject | undefined;
  fail(address: string, expected: string): never;
  /** the cell's text with runs of white space made one space, trimmed */
  text(address: string): string;
  lastRow: number;
};

export function openSheet(bytes: Uint8Array, file: string, name: string): Sheet {
  let sheet: WorkSheet | undefined;
  try {
    const book = read(bytes);
    if (book.SheetNames.length !== 1 || book.SheetNames[0] !== name)
      throw new LayoutError(
        PARSER,
        `${file}: expected the one sheet ${name}, found ${JSON.stringify(book.SheetNames)}`,
      );
    sheet = book.Sheets[name];
  } catch (error) {
    if (error instanceof LayoutError) throw error;
    throw new LayoutError(PARSER, `${file}: not a spreadsheet (${(error as Error).message})`);
  }
  const cells = sheet!;
  const at = (address: string) => {
    const found = cells[address] as CellObject | undefined;
    if (found === undefined || found.t === 'z') return undefined;
    if (found.t === 's' && String(found.v).trim() === '') return undefined;
    return found;
  };
  const fail = (address: string, expected: string): never => {
    const found = at(address);
    throw new LayoutError(
      PARSER,
      `${file}: ${name}!${address}: expected ${expected}, found ${found === undefined ? 'an empty cell' : JSON.stringify(found.v)}`,
    );
  };
  const text = (address: string) => {
    const found = at(address);
    return found === undefined ? '' : String(found.v).replace(/\s+/g, ' ').trim();
  };
  return { file, at, fail, text, lastRow: utils.decode_range(cells['!ref'] ?? 'A1').e.r + 1 };
}

/** The header cell must begin with the given words (TÜİK pads and footnotes its headers). */
export function expectHeader(sheet: Sheet, address: string, words: string): void {
  if (!sheet.text(address).startsWith(words)) sheet.fail(address, JSON.stringify(words));
}

/**
 * A tonnes or decares cell: a whole number ≥ 0, or missing (NULL): the table's `-` ("Bilgi
 * yoktur", padded with spaces in places) or an empty cell. Anything else is a layout error.
 */
export function quantity(sheet: Sheet, address: string): number | null {
  const found = sheet.at(address);
  if (found === undefined) return null;
  if (found.t === 's' && String(found.v).trim() === '-') return null;
  if (found.t === 'n' && Number.isInteger(found.v) && (found.v as number) >= 0) return found.v as number;
  return sheet.fail(address, 'a whole number or -');
}

/** The table's own source line: the first cell of column A below the data that begins `Kaynak`. */
export function kaynakLine(sheet: Sheet, fromRow: number): string {
  for (let row = fromRow; row <= sheet.lastRow; row++) {
    const line = String(sheet.at(`A${row}`)?.v ?? '').trim();
    if (line.startsWith('Kaynak')) return line;
  }
  return sheet.fail(`A${fromRow}`, 'a "Kaynak:" line below the data');
}

export function column(letters: string, offset: number): string {
  return utils.encode_col(utils.decode_col(letters) + offset);
}
