/**
 * İzmir open-data portal's CKAN datastore dump (the 2024 year): comma-separated, header
 * `_id,TARIH,MAL_TURU,MAL_ADI,BIRIM,ASGARI_UCRET,AZAMI_UCRET,ORTALAMA_UCRET`, `_id` numbering the
 * rows 1, 2, 3 … in file order, TARIH an ISO datetime at midnight (`2024-01-02T00:00:00`), prices
 * with a decimal point (`10.0`, `1.25`, `67.5`), units kg/adet/bağ, MAL_TURU SEBZE/MEYVE/İTHAL.
 * Anything else is a layout this parser does not know: a gap in `_id` is a dump cut or merged,
 * a time other than midnight a datetime that may not be the bulletin's day.
 */
import { isDay } from '../../core/dates.ts';
import { parseCsvRecords } from '../lib/csv.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../types.ts';

export const PARSER = 'izmir-ckan-csv';
export const PARSER_VERSION = 1;
const HEADER = ['_id', 'TARIH', 'MAL_TURU', 'MAL_ADI', 'BIRIM', 'ASGARI_UCRET', 'AZAMI_UCRET', 'ORTALAMA_UCRET'];
const MIDNIGHT = /^(\d{4}-\d{2}-\d{2})T00:00:00$/;
const PRICE = /^\d+(?:\.\d+)?$/;

/** A datastore null is an empty cell: no quote. */
function price(cell: string, line: number): number | null {
  if (cell === '') return null;
  if (!PRICE.test(cell)) throw new LayoutError(PARSER, `line ${line}: not a price ${JSON.stringify(cell)}`);
  return Number(cell);
}

export function parseIzmirCkanCsv(text: string, market = 'izmir-sebze-meyve'): ParsedDocument {
  const [header, ...records] = parseCsvRecords(text, ',');
  if (!header || header.cells.length !== HEADER.length || HEADER.some((name, i) => header.cells[i] !== name)) {
    throw new LayoutError(PARSER, `line 1: unexpected header ${JSON.stringify(header?.cells ?? [])}`);
  }
  const rows: PrintedRow[] = [];
  const days = new Set<string>();
  records.forEach(({ cells, line }, i) => {
    const [id, datetime, group, name, unit, min, max, avg] = cells;
    const day = MIDNIGHT.exec(datetime ?? '')?.[1];
    if (cells.length !== HEADER.length || !day || !isDay(day) || !name || !unit) {
      throw new LayoutError(PARSER, `line ${line}: ${JSON.stringify(cells)}`);
    }
    if (id !== String(i + 1)) throw new LayoutError(PARSER, `line ${line}: _id ${id}, expected ${i + 1}`);
    days.add(day);
    rows.push({
      dataDay: day,
      market,
      name,
      unit,
      group: group!,
      min: price(min!, line),
      max: price(max!, line),
      avg: price(avg!, line),
      printed: cells.join(','),
      location: `line ${line}`,
    });
  });
  return { rows, bulletinDays: [...days].sort() };
}
