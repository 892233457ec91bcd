/**
 * /prices/export CSV: byte order mark, comma separator and dot decimals by default; with
 * locale=tr decimal commas and a semicolon separator, because Turkish spreadsheets use `;` as
 * the list separator and would read a comma file (with decimal commas) into one column.
 */
import { stringify } from 'csv-stringify/sync';

export const BOM = '\ufeff';

export type CsvLocale = { separator: ',' | ';'; decimal: '.' | ',' };
export const CSV_DEFAULT: CsvLocale = { separator: ',', decimal: '.' };
export const CSV_TR: CsvLocale = { separator: ';', decimal: ',' };

/** A text cell, or a number the spreadsheet must read as a number (null: an empty cell). */
export type CsvCell = string | number | null;

/**
 * Characters that make a spreadsheet read a text cell as a formula (OWASP CSV injection). Such a
 * cell gets a leading apostrophe, which spreadsheets show and never evaluate. Numbers are written
 * by csvNumber and never pass here, so no price is altered.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function csvText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function csvNumber(value: number, locale: CsvLocale): string {
  const text = String(value);
  return locale.decimal === ',' ? text.replace('.', ',') : text;
}

/**
 * One record (csv-stringify): CRLF, quotes only where a cell holds the separator, a quote or a
 * line break; a null is an empty cell.
 */
export function csvLine(cells: readonly CsvCell[], locale: CsvLocale): string {
  return stringify([cells], {
    delimiter: locale.separator,
    record_delimiter: 'windows',
    // csv-stringify quotes only the whole record delimiter (CRLF); a lone CR or LF must be quoted too.
    quoted_match: /[\r\n]/,
    cast: { string: csvText, number: (value) => csvNumber(value, locale) },
  });
}
