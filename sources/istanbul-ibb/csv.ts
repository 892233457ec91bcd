/**
 * CSV dumps of the current endpoint's table (a scraper's `Urun Adı,Birim,En Düşük Fiyat,En
 * Yüksek Fiyat` with cells `"10,00 TL"`), one file per requested day and category.
 *
 * Mojibake: the endpoint sends no charset, the scraper decoded its UTF-8 bytes as Latin-1 and
 * saved that text as UTF-8 (`Urun AdÄ±`, `SandÄ±k`, `Ãilek`). The whole text is repaired with
 * `repairMojibake` before reading, so `name`, `unit` and `printed` are the repaired text (the
 * list as the source printed it); the bytes on disk stay as they are. A dump that is already
 * clean passes unchanged; one that cannot be repaired fails the header check, loudly.
 *
 * A header-only file is a day without a list (the endpoint's empty table).
 */
import { LayoutError, type ParsedDocument, type SourceDocument } from '../types.ts';
import { parseCsvRecords } from '../lib/csv.ts';
import { repairMojibake } from '../lib/encoding.ts';
import { checkHeader, requestedDayOf, toPrintedRow, type IbbGroup } from './table.ts';

export const PARSER = 'istanbul-ibb-csv';
export const PARSER_VERSION = 1;

export function parseIbbCsv(
  bytes: Uint8Array,
  document: Pick<SourceDocument, 'url' | 'requestedDay'>,
  group: IbbGroup,
): ParsedDocument {
  const text = repairMojibake(new TextDecoder('utf-8').decode(bytes));
  const lines = text.split(/\r?\n/);
  const [header, ...records] = parseCsvRecords(text, ',').filter((r) => !(r.cells.length === 1 && r.cells[0] === ''));
  checkHeader(PARSER, header?.cells);
  if (records.length === 0) return { rows: [], bulletinDays: [] };
  const day = requestedDayOf(PARSER, document);
  const rows = records.map(({ cells, line }) => {
    const location = `line ${line}`;
    if (cells.length !== 4)
      throw new LayoutError(PARSER, `${location}: ${cells.length} cells ${JSON.stringify(cells)}`);
    const [name, unit, min, max] = cells as [string, string, string, string];
    return toPrintedRow(PARSER, { name, unit, min, max, printed: lines[line - 1]!, location }, day, group);
  });
  return { rows, bulletinDays: [day] };
}
