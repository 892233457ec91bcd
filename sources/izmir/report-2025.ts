/**
 * İzmir 2025 archive: the Windows-1254 Excel export of the printed "Günlük Bülten Ücretleri"
 * report. A header block, then per bulletin `Bülten Tarihi ;;:;;1.01.2025` (day not zero-padded),
 * per group `Mal Tipi ;;:;;SEBZE`, a column header line, and product lines that carry TWO
 * products each (left and right half, with different numbers of empty filler cells). Decimal
 * comma. The file ends with a signature block and an Excel date cell (`1.Oca`).
 * Column positions are read from each header line, not assumed.
 */
import { parseDottedDay, type Day } from '../../core/dates.ts';
import { parseCsvRecords } from '../lib/csv.ts';
import { parseTurkishNumber } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../types.ts';

export const PARSER = 'izmir-report-2025';
export const PARSER_VERSION = 1;

type Half = { no: number; name: number; unit: number; min: number; max: number; avg: number };

function halvesFromHeader(cells: string[]): Half[] {
  const halves: Half[] = [];
  const starts = cells.flatMap((cell, i) => (cell.trim() === 'S.No' ? [i] : []));
  starts.forEach((i, k) => {
    // Each half's labels stand between its own S.No and the next one: never borrow the other half's.
    const end = starts[k + 1] ?? cells.length;
    const find = (label: string) => cells.findIndex((c, j) => j > i && j < end && c.trim().startsWith(label));
    halves.push({
      no: i,
      name: find('Ürün Adı'),
      unit: find('Birimi'),
      min: find('Asgari'),
      max: find('Azami'),
      avg: find('Ort.'),
    });
  });
  if (halves.length !== 2 || halves.some((h) => Object.values(h).some((v) => v < 0))) {
    throw new LayoutError(PARSER, `unexpected column header ${JSON.stringify(cells)}`);
  }
  return halves;
}

export function decodeWindows1254(bytes: Uint8Array): string {
  return new TextDecoder('windows-1254').decode(bytes);
}

export function parseIzmirReport2025(bytes: Uint8Array, market = 'izmir-sebze-meyve'): ParsedDocument {
  const records = parseCsvRecords(decodeWindows1254(bytes), ';');
  const rows: PrintedRow[] = [];
  const bulletinDays: Day[] = [];
  let day: Day | null = null;
  let group: string | null = null;
  let halves: Half[] | null = null;
  for (const { cells, line } of records) {
    const first = (cells[0] ?? '').trim();
    if (first.startsWith('Bülten Tarihi')) {
      day = parseDottedDay(cells[4] ?? '');
      if (!day) throw new LayoutError(PARSER, `line ${line}: bad bulletin date ${JSON.stringify(cells[4])}`);
      bulletinDays.push(day);
      group = null;
      halves = null;
    } else if (first.startsWith('Mal Tipi')) {
      group = (cells[4] ?? '').trim();
    } else if (first === 'S.No') {
      halves = halvesFromHeader(cells);
    } else if (/^\d+$/.test(first)) {
      if (!day || !group || !halves)
        throw new LayoutError(PARSER, `line ${line}: product line outside a bulletin block`);
      for (const half of halves) {
        const name = cells[half.name] ?? '';
        if (!/^\d+$/.test((cells[half.no] ?? '').trim()) || name === '') continue; // odd count: empty right half
        const printed = [half.no, half.name, half.unit, half.min, half.max, half.avg]
          .map((c) => cells[c] ?? '')
          .join(';');
        rows.push({
          dataDay: day,
          market,
          name,
          unit: cells[half.unit] ?? '',
          group,
          min: parseTurkishNumber(cells[half.min] ?? ''),
          max: parseTurkishNumber(cells[half.max] ?? ''),
          avg: parseTurkishNumber(cells[half.avg] ?? ''),
          printed,
          location: `line ${line}, S.No ${cells[half.no]!.trim()}`,
        });
      }
    }
    // Everything else is the report's title block, signature and Excel date footer.
  }
  if (bulletinDays.length === 0) throw new LayoutError(PARSER, 'no "Bülten Tarihi" line');
  return { rows, bulletinDays };
}
