/**
 * `index.json` of a crawler of the former site: it walked back day by day and appended each
 * day's converted table (`[[{…}]]`, see json.ts) to one file without a date or a separator, so
 * the file is several JSON arrays in a row, `[[]][[]][[{…}]]…`, not JSON as a whole. Empty
 * tables (`[[]]`) are days without a list. The prices include pre-2005 old lira
 * (`1900000,00 TL`) and `0,00 TL` rows.
 *
 * Which day each table belongs to is not recorded anywhere, so nothing in this file may become a
 * price: the parser checks the layout and returns no row and no bulletin day. The undated rows
 * stay readable through `crawlIndexRows`, for tests and as evidence.
 */
import { LayoutError, type ParsedDocument, type PrintedRow } from '../types.ts';
import { readJsonTable } from './json.ts';
import { price } from './table.ts';

export const PARSER = 'istanbul-ibb-crawl-index';
export const PARSER_VERSION = 1;

/** A row of a table whose day is unknown: everything a printed row has but the day and market. */
export type UndatedRow = Omit<PrintedRow, 'dataDay' | 'market' | 'group' | 'avg'>;

/** The top-level JSON texts of a concatenation (`[…][…]`), split by bracket depth outside strings. */
export function splitTopLevelArrays(text: string): string[] {
  const values: string[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') {
      if (depth === 0) throw new LayoutError(PARSER, `text outside an array at offset ${i}`);
      inString = true;
    } else if (ch === '[' || ch === '{') {
      if (depth === 0) start = i;
      depth++;
    } else if (ch === ']' || ch === '}') {
      depth--;
      if (depth < 0) throw new LayoutError(PARSER, `unbalanced ${ch} at offset ${i}`);
      if (depth === 0) values.push(text.slice(start, i + 1));
    } else if (depth === 0 && !/\s/.test(ch)) {
      throw new LayoutError(PARSER, `text outside an array at offset ${i}`);
    }
  }
  if (depth !== 0 || inString) throw new LayoutError(PARSER, 'the last array is not closed');
  return values;
}

/** Every row of every appended table, in file order; `array 3 [0][5]` = 6th row of the 3rd array. */
export function crawlIndexRows(text: string): UndatedRow[] {
  const arrays = splitTopLevelArrays(text);
  if (arrays.length === 0) throw new LayoutError(PARSER, 'no array');
  return arrays.flatMap((json, k) => {
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      throw new LayoutError(PARSER, `array ${k + 1} is not JSON`);
    }
    return readJsonTable(PARSER, value, `array ${k + 1} `).map((row) => ({
      name: row.name,
      unit: row.unit,
      min: price(PARSER, row.min, row.location),
      max: price(PARSER, row.max, row.location),
      printed: row.printed,
      location: row.location,
    }));
  });
}

/** Layout checked, nothing dated: no observation, no bulletin day. */
export function parseCrawlIndex(text: string): ParsedDocument {
  crawlIndexRows(text);
  return { rows: [], bulletinDays: [] };
}
