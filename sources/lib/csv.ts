/**
 * The sources' CSV dumps read with csv-parse (RFC 4180: quotes, doubled quotes, CRLF, LF or CR
 * line ends), tolerant where the dumps are: rows of unequal length, a quote inside an unquoted
 * cell, an empty line kept as a row of one empty cell (a report's blank line is a layout fact).
 */
import { parse } from 'csv-parse/sync';

export function parseCsv(text: string, separator = ','): string[][] {
  return parseCsvRecords(text, separator).map((r) => r.cells);
}

/** Records with the file line each starts on (quoted cells can span lines). */
export type CsvRecord = { cells: string[]; line: number };

export function parseCsvRecords(text: string, separator = ','): CsvRecord[] {
  const records = parse(text, {
    delimiter: separator,
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    raw: true,
    info: true,
  }) as unknown as { record: string[]; raw: string; info: { lines: number } }[];
  return records.map(({ record, raw, info }) => ({
    cells: record,
    line: info.lines - (raw.match(/\r\n|\r|\n/g)?.length ?? 0) + (/[\r\n]$/.test(raw) ? 1 : 0),
  }));
}
