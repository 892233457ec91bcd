/**
 * /prices/export CSV: byte order mark, comma separator and dot decimals by default; with
 * locale=tr decimal commas and a semicolon separator, because Turkish spreadsheets use `;` as
 * the list separator and would read a comma file (with decimal commas) into one column.
 */
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

export function csvField(value: string, locale: CsvLocale): string {
  return /["\r\n]/.test(value) || value.includes(locale.separator) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csvNumber(value: number | null, locale: CsvLocale): string {
  if (value === null) return '';
  const text = String(value);
  return locale.decimal === ',' ? text.replace('.', ',') : text;
}

export function csvLine(cells: CsvCell[], locale: CsvLocale): string {
  return (
    cells
      .map((c) => csvField(typeof c === 'string' ? csvText(c) : csvNumber(c, locale), locale))
      .join(locale.separator) + '\r\n'
  );
}
