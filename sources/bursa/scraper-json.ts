/**
 * `onceki_fiyatlar.json` of gknsays/BURSA-HAL-FIYATLARI: that scraper's copy of one answer of the
 * Bursa open-data API, `{"<urun_ad>": {"min": 25.0, "max": 25.0, "birim": "Kg."}}` (Python
 * `json.dumps(indent=2)`). The scraper stripped the names, read `"12,50"` as floats, skipped items
 * whose prices did not read, and keyed by name: when the API lists a name twice (Limon per kg and
 * per Sandık) the file keeps one of them. The file prints no date: the day is `requestedDay`.
 */
import { LayoutError, type ParsedDocument, type PrintedRow, type SourceDocument } from '../types.ts';
import { MARKET, requestedDay, utf8 } from './common.ts';

export const PARSER = 'bursa-scraper-json';
export const PARSER_VERSION = 1;

type Entry = { min: unknown; max: unknown; birim: unknown };

function price(value: unknown, where: string): number | null {
  if (value === null) return null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new LayoutError(PARSER, `${where}: price ${JSON.stringify(value)}`);
}

/** Where each top-level key starts (`  "Limon": {` at two spaces) and its entry's text, as evidence. */
function entryTexts(text: string): Map<string, { line: number; printed: string }> {
  const lines = text.split(/\r?\n/);
  const found = new Map<string, { line: number; printed: string }>();
  lines.forEach((line, i) => {
    const m = /^ {2}("(?:[^"\\]|\\.)*"): \{$/.exec(line);
    if (!m) return;
    const end = lines.findIndex((l, j) => j > i && /^ {2}\},?$/.test(l));
    const printed = lines
      .slice(i, end < 0 ? i + 1 : end + 1)
      .map((l) => l.trim())
      .join(' ')
      .replace(/,$/, '');
    found.set(JSON.parse(m[1]!) as string, { line: i + 1, printed });
  });
  return found;
}

export function parseBursaScraperJson(document: SourceDocument): ParsedDocument {
  const text = utf8(document.bytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new LayoutError(PARSER, 'body is not JSON');
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new LayoutError(PARSER, 'not an object keyed by product name');
  const entries = Object.entries(json as Record<string, Entry>);
  if (entries.length === 0) return { rows: [], bulletinDays: [] };
  const day = requestedDay(PARSER, document);
  const texts = entryTexts(text);
  const rows: PrintedRow[] = entries.map(([name, entry], i) => {
    const at = texts.get(name);
    const where = at ? `line ${at.line}` : `entry ${i}`;
    if (typeof entry !== 'object' || entry === null || typeof entry.birim !== 'string')
      throw new LayoutError(PARSER, `${where}: no birim`);
    return {
      dataDay: day,
      market: MARKET,
      name,
      unit: entry.birim,
      group: null,
      min: price(entry.min, where),
      max: price(entry.max, where),
      avg: null,
      printed: at?.printed ?? JSON.stringify({ [name]: entry }),
      location: where,
    };
  });
  return { rows, bulletinDays: [day] };
}
