/**
 * İzmir 2026 archive: a CSV dump of the JSON API. Raw API fields (`OrtalamaUcret, MalId, tarih`
 * (always empty), `MalTipId, Gorsel`) stand next to renamed ones (`MAL_ADI, BIRIM, ASGARI_FIYAT,
 * AZAMI_FIYAT, HAL_TURU, MAL_TIPI`) and the dumper's `TARIH`, `ORTALAMA_FIYAT`. Columns are
 * read by name.
 */
import { isDay } from '../../core/dates.ts';
import { parseCsv } from '../lib/csv.ts';
import { parseTurkishNumber } from '../lib/numbers.ts';
import { LayoutError, type ParsedDocument, type PrintedRow } from '../types.ts';

export const PARSER = 'izmir-api-dump';
export const PARSER_VERSION = 1;
const REQUIRED = [
  'TARIH',
  'MAL_ADI',
  'BIRIM',
  'ASGARI_FIYAT',
  'AZAMI_FIYAT',
  'ORTALAMA_FIYAT',
  'MAL_TIPI',
  'HAL_TURU',
] as const;

export function parseIzmirApiDump(text: string, market = 'izmir-sebze-meyve'): ParsedDocument {
  const [header, ...lines] = parseCsv(text, ',');
  const col = Object.fromEntries(REQUIRED.map((name) => [name, header?.indexOf(name) ?? -1])) as Record<
    (typeof REQUIRED)[number],
    number
  >;
  const missing = REQUIRED.filter((name) => col[name] < 0);
  if (!header || missing.length) throw new LayoutError(PARSER, `missing columns ${missing.join(', ')}`);
  const rows: PrintedRow[] = [];
  const days = new Set<string>();
  lines.forEach((cells, i) => {
    if (cells.length === 1 && cells[0] === '') return;
    const day = cells[col.TARIH] ?? '';
    if (cells.length !== header.length || !isDay(day))
      throw new LayoutError(PARSER, `line ${i + 2}: ${JSON.stringify(cells)}`);
    // HAL_TURU 1 is the fruit and vegetable market; the dump holds nothing else.
    if (cells[col.HAL_TURU] !== '1') throw new LayoutError(PARSER, `line ${i + 2}: HAL_TURU ${cells[col.HAL_TURU]}`);
    days.add(day);
    rows.push({
      dataDay: day,
      market,
      name: cells[col.MAL_ADI]!,
      unit: cells[col.BIRIM]!,
      group: cells[col.MAL_TIPI]!,
      min: parseTurkishNumber(cells[col.ASGARI_FIYAT]!),
      max: parseTurkishNumber(cells[col.AZAMI_FIYAT]!),
      avg: parseTurkishNumber(cells[col.ORTALAMA_FIYAT]!),
      printed: cells.join(','),
      location: `line ${i + 2}`,
    });
  });
  return { rows, bulletinDays: [...days].sort() };
}
