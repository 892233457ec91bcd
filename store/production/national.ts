/** TÜİK's national tables with one row per year (every table of tables.ts): rows for region `tr`. */
import { LayoutError } from '../../sources/types.ts';
import { expectHeader, kaynakLine, openSheet, PARSER, quantity } from './sheet.ts';
import type { YearTable } from './tables.ts';
import { hectares, type ParsedProduction, type ProductionRow } from './types.ts';

export function readYearTable(spec: YearTable, bytes: Uint8Array, file: string): ParsedProduction {
  const sheet = openSheet(bytes, file, spec.table);
  if (sheet.text('A1') !== spec.title) sheet.fail('A1', JSON.stringify(spec.title));
  for (const series of spec.series)
    for (const [address, words] of Object.entries(series.headers)) expectHeader(sheet, address, words);
  const rows: ProductionRow[] = [];
  const [first, last] = spec.years;
  for (let year = first; year <= last; year++) {
    const row = spec.firstRow + year - first;
    for (const c of spec.yearColumns) {
      const printed = sheet.at(`${c}${row}`);
      if (printed?.t !== 'n' || printed.v !== year) sheet.fail(`${c}${row}`, `the year ${year}`);
    }
    for (const series of spec.series)
      rows.push({
        region: 'tr',
        year,
        productName: series.name,
        quantityTons: quantity(sheet, `${series.tonnes}${row}`),
        areaHectares: series.area ? hectares(quantity(sheet, `${series.area}${row}`)) : null,
      });
  }
  const after = spec.firstRow + last - first + 1;
  // The row after the last year must not be another year: a table grown by a year is a new layout.
  const next = sheet.at(`A${after}`);
  if (next?.t === 'n') throw new LayoutError(PARSER, `${file}: ${spec.table}!A${after}: a year after ${last}`);
  const sourceLine = kaynakLine(sheet, after);
  return { table: spec.table, title: spec.title, sourceLine, source: sourceLine, rows, leftOut: {} };
}
