/**
 * TÜİK table 45_30, production under cover (greenhouses and tunnels), transposed: products in
 * rows, years in columns, printed as three blocks side by side, each with its own name column.
 * The names are printed indented under their totals; they are kept trimmed.
 */
import { expectHeader, kaynakLine, openSheet, quantity } from './sheet.ts';
import { column } from './sheet.ts';
import type { ParsedProduction, ProductionRow } from './types.ts';

export const GREENHOUSE = {
  table: '45_30',
  file: 'örtü_altı_üretimi/Örtü Altı Sebze ve Meyve Üretimi.xls',
  title: 'Örtü altı sebze ve meyve üretimi, 1997-2024',
  headerRow: 4,
  /** the name column of each block and the years its next columns hold */
  blocks: [
    { names: 'A', years: [1997, 2006] },
    { names: 'M', years: [2007, 2016] },
    { names: 'Y', years: [2017, 2024] },
  ] as { names: string; years: [number, number] }[],
  rows: [5, 55] as [number, number],
};

export function readGreenhouseTable(bytes: Uint8Array, file: string): ParsedProduction {
  const spec = GREENHOUSE;
  const sheet = openSheet(bytes, file, spec.table);
  if (sheet.text('A1') !== spec.title) sheet.fail('A1', JSON.stringify(spec.title));
  for (const block of spec.blocks) {
    expectHeader(sheet, `${block.names}${spec.headerRow}`, 'Ürünler');
    for (let year = block.years[0]; year <= block.years[1]; year++) {
      const address = `${column(block.names, 1 + year - block.years[0])}${spec.headerRow}`;
      if (sheet.at(address)?.v !== year) sheet.fail(address, `the year ${year}`);
    }
  }
  const rows: ProductionRow[] = [];
  for (let row = spec.rows[0]; row <= spec.rows[1]; row++) {
    const name = sheet.text(`A${row}`);
    if (!name) sheet.fail(`A${row}`, 'a product name');
    for (const block of spec.blocks) {
      if (sheet.text(`${block.names}${row}`) !== name) sheet.fail(`${block.names}${row}`, JSON.stringify(name));
      for (let year = block.years[0]; year <= block.years[1]; year++)
        rows.push({
          region: 'tr',
          year,
          productName: name,
          quantityTons: quantity(sheet, `${column(block.names, 1 + year - block.years[0])}${row}`),
          areaHectares: null,
        });
    }
  }
  const sourceLine = kaynakLine(sheet, spec.rows[1] + 1);
  if (!String(sheet.at(`A${spec.rows[1] + 1}`)?.v ?? '').startsWith('Kaynak'))
    sheet.fail(`A${spec.rows[1] + 1}`, 'Kaynak');
  return { table: spec.table, title: spec.title, sourceLine, source: sourceLine, rows, leftOut: {} };
}
