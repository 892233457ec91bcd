/**
 * İzmir open-data yearly CSV (2014–2023): `TARIH;MAL_TURU;MAL_ADI;BIRIM;ASGARI_UCRET;AZAMI_UCRET;ORTALAMA_UCRET`,
 * UTF-8 (with a BOM until 2022), decimal point (`4.0` from 2023), units KG/ADET/BAĞ (lower case
 * from 2022), MAL_TURU SEBZE/MEYVE/`İTHAL..` (the two dots are the portal's).
 */
import { isDay } from '../../core/dates.ts';
import { parseCsv } from '../lib/csv.ts';
import { parseTurkishNumber } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../types.ts';

export const PARSER = 'izmir-year-csv';
export const PARSER_VERSION = 1;
const HEADER = ['TARIH', 'MAL_TURU', 'MAL_ADI', 'BIRIM', 'ASGARI_UCRET', 'AZAMI_UCRET', 'ORTALAMA_UCRET'];

export function parseIzmirYearCsv(text: string, market = 'izmir-sebze-meyve'): ParsedDocument {
  const lines = parseCsv(text, ';');
  const header = lines[0]?.map((h) => h.trim());
  if (!header || HEADER.some((name, i) => header[i] !== name)) {
    throw new LayoutError(PARSER, `unexpected header ${JSON.stringify(lines[0])}`);
  }
  const rows: PrintedRow[] = [];
  const days = new Set<string>();
  lines.slice(1).forEach((cells, i) => {
    if (cells.length === 1 && cells[0] === '') return; // trailing newline
    const [day, group, name, unit, min, max, avg] = cells;
    if (cells.length !== HEADER.length || !day || !isDay(day) || !name) {
      throw new LayoutError(PARSER, `line ${i + 2}: ${JSON.stringify(cells)}`);
    }
    days.add(day);
    rows.push({
      dataDay: day,
      market,
      name,
      unit: unit!,
      group: group!.replace(/\.+$/, ''),
      min: parseTurkishNumber(min!),
      max: parseTurkishNumber(max!),
      avg: parseTurkishNumber(avg!),
      printed: cells.join(';'),
      location: `line ${i + 2}`,
    });
  });
  return { rows, bulletinDays: [...days].sort() };
}
