/**
 * /prices/export CSV: byte order mark, comma separator and dot decimals by default; with
 * locale=tr decimal commas and a semicolon separator, because Turkish spreadsheets use `;` as
 * the list separator and would read a comma file (with decimal commas) into one column.
 */
export const BOM = '\ufeff';

export type CsvLocale = { separator: ',' | ';'; decimal: '.' | ',' };
export const CSV_DEFAULT: CsvLocale = { separator: ',', decimal: '.' };
export const CSV_TR: CsvLocale = { separator: ';', decimal: ',' };

export function csvField(value: string, locale: CsvLocale): string {
  return /["\r\n]/.test(value) || value.includes(locale.separator) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvNumber(value: number | null, locale: CsvLocale): string {
  if (value === null) return '';
  const text = String(value);
  return locale.decimal === ',' ? text.replace('.', ',') : text;
}

export function csvLine(values: string[], locale: CsvLocale): string {
  return values.map((v) => csvField(v, locale)).join(locale.separator) + '\r\n';
}
