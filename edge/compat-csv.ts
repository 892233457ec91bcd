/**
 * The compatibility prefix's CSV (csv-stringify): comma separator, CRLF line ends, quotes only
 * where a cell needs them (RFC 4180), no byte order mark. A text cell that a spreadsheet would
 * run as a formula (it starts with =, +, -, @, tab or carriage return: OWASP CSV injection) gets a
 * leading ', as in the main export; prices are written as decimal strings and never start so.
 */
import { stringify } from 'csv-stringify/sync';

const FORMULA_START = /^[=+\-@\t\r]/;

export function compatCsv(header: readonly string[], records: readonly string[][]): string {
  return stringify([[...header], ...records], {
    record_delimiter: 'windows',
    cast: { string: (value) => (FORMULA_START.test(value) ? `'${value}` : value) },
  });
}
