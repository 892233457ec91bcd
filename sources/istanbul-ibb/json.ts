/**
 * The İBB table converted to JSON by a crawler of the former site (html-table-to-json): a list
 * of tables, here always the one `table.tableClass`, each a list of objects keyed by the printed
 * header, `[[{"Urun Adı","Birim","En Düşük Fiyat":"50,00 TL","En Yüksek Fiyat"}]]`. `[[]]` is the
 * empty table (no list that day); a file without the table (`[]`) or with other keys is a
 * changed layout. No category and no date inside: both come from the request (see archive.json).
 */
import { LayoutError, type ParsedDocument, type SourceDocument } from '../types.ts';
import { HEADER, requestedDayOf, toPrintedRow, type IbbGroup, type TableRow } from './table.ts';

export const PARSER = 'istanbul-ibb-json';
export const PARSER_VERSION = 1;

/** The one table of a converted page; `path` prefixes the locations (`[0][5]`). */
export function readJsonTable(parser: string, value: unknown, path = ''): TableRow[] {
  if (!Array.isArray(value) || value.length !== 1 || !Array.isArray(value[0])) {
    throw new LayoutError(parser, `${path.trim() || 'document'} is not a list holding one table`);
  }
  return (value[0] as unknown[]).map((item, i) => {
    const location = `${path}[0][${i}]`;
    const record = item as Record<string, unknown>;
    const keys = typeof item === 'object' && item !== null && !Array.isArray(item) ? Object.keys(item) : [];
    if (keys.length !== HEADER.length || HEADER.some((key) => typeof record[key] !== 'string')) {
      throw new LayoutError(
        parser,
        `${location}: ${JSON.stringify(item)} does not have the keys ${JSON.stringify(HEADER)}`,
      );
    }
    const [name, unit, min, max] = HEADER.map((key) => record[key] as string) as [string, string, string, string];
    return { name, unit, min, max, printed: JSON.stringify(item), location };
  });
}

export function parseIbbJson(
  text: string,
  document: Pick<SourceDocument, 'url' | 'requestedDay'>,
  group: IbbGroup,
): ParsedDocument {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new LayoutError(PARSER, 'body is not JSON');
  }
  const table = readJsonTable(PARSER, value);
  if (table.length === 0) return { rows: [], bulletinDays: [] };
  const day = requestedDayOf(PARSER, document);
  return { rows: table.map((row) => toPrintedRow(PARSER, row, day, group)), bulletinDays: [day] };
}
