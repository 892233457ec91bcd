/**
 * Konya Büyükşehir Belediyesi, two layouts:
 * - the page GET https://www.konya.bel.tr/hal-fiyatlari?tarih=YYYY-MM-DD: two tables Ürün ·
 *   Birim · En Düşük · En Yüksek, the first vegetables and the second fruit; no date printed
 *   (as described), so the data day is the requested day;
 * - the open-data CSV `hal_fiyatlari.csv`: tarih, urun_ad, birim, tur (0 sebze, 1 meyve),
 *   en_dusuk_fiyat, en_yuksek_fiyat; one file holds many days (archive back to 2004; values
 *   before 2005 are old lira and kept as printed).
 * Prices are often unchanged for weeks: that is how Konya publishes, not a frozen source.
 */
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { isDay, parseDottedDay, type Day } from '../../core/dates.ts';
import { fold } from '../../core/turkish.ts';
import { parseCsvRecords } from '../lib/csv.ts';
import { allTableRows, loadHtmlDocument } from '../lib/html.ts';
import { fullWidthRows, parsedRows, priceReader } from '../lib/table.ts';

export const HTML_PARSER = 'konya-html';
export const CSV_PARSER = 'konya-csv';
const MARKET = 'konya-sebze-meyve';
/** The page's tables in order, and the CSV's `tur` codes. */
const TABLE_GROUPS = ['SEBZE', 'MEYVE'] as const;
const TUR: Record<string, string> = { '0': 'SEBZE', '1': 'MEYVE' };

export function konyaUrl(day: Day): string {
  return `https://www.konya.bel.tr/hal-fiyatlari?tarih=${day}`;
}

const htmlPrice = priceReader(HTML_PARSER, 'compact');
const csvPrice = priceReader(CSV_PARSER, 'compact');

/** The page's header, in this order only (the columns are read by position). */
const HTML_HEADER = ['urun', 'birim', 'en dusuk', 'en yuksek'];
const isPriceTable = (header: string[] | undefined) => header?.map(fold).join('|') === HTML_HEADER.join('|');

export function parseKonyaHtml(document: SourceDocument): ParsedDocument {
  const day = document.requestedDay;
  if (!day) throw new LayoutError(HTML_PARSER, 'the page prints no date and no requested day was given');
  const tables = allTableRows(loadHtmlDocument(document))
    .map((rows, index) => ({ index, rows, headerAt: 0 }))
    .filter((t) => isPriceTable(t.rows[0]));
  if (tables.length === 0)
    throw new LayoutError(HTML_PARSER, 'no table with the header Ürün · Birim · En Düşük · En Yüksek');
  if (tables.length > TABLE_GROUPS.length)
    throw new LayoutError(HTML_PARSER, `${tables.length} price tables, expected 2 (vegetables, fruit)`);
  const rows: PrintedRow[] = [];
  tables.forEach((table, t) => {
    for (const { cells, where } of fullWidthRows(HTML_PARSER, table)) {
      const [name, unit, min, max] = cells as [string, string, string, string];
      rows.push({
        dataDay: day,
        market: MARKET,
        name,
        unit,
        // Quirk: the first table is vegetables, the second fruit; they say so nowhere else.
        group: TABLE_GROUPS[t]!,
        min: htmlPrice(min, where),
        max: htmlPrice(max, where),
        avg: null,
        printed: cells.join(' | '),
        location: where,
      });
    }
  });
  return parsedRows(rows);
}

const CSV_HEADER = ['tarih', 'urun_ad', 'birim', 'tur', 'en_dusuk_fiyat', 'en_yuksek_fiyat'] as const;
type CsvField = (typeof CSV_HEADER)[number];

/** `2026-09-14`, `2026-09-14T00:00:00`, `14.09.2026` or `14.09.2026 00:00:00`. */
function csvDay(text: string, where: string): Day {
  const head = text.trim().split(/[ T]/)[0] ?? '';
  const day = isDay(head) ? head : parseDottedDay(head);
  if (!day) throw new LayoutError(CSV_PARSER, `${where}: not a date ${JSON.stringify(text)}`);
  return day;
}

export function parseKonyaCsv(text: string): ParsedDocument {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const records = parseCsvRecords(text, firstLine.includes(';') ? ';' : ',');
  const [header, ...body] = records;
  const names = header?.cells.map((c) => c.trim().toLowerCase()) ?? [];
  if (names.length !== CSV_HEADER.length || !CSV_HEADER.every((name) => names.includes(name))) {
    throw new LayoutError(
      CSV_PARSER,
      `header ${JSON.stringify(header?.cells ?? [])}, expected ${CSV_HEADER.join(', ')}`,
    );
  }
  const at = (cells: string[], field: CsvField) => cells[names.indexOf(field)]!.trim();
  const rows: PrintedRow[] = [];
  for (const { cells, line } of body) {
    if (cells.every((c) => c.trim() === '')) continue;
    const where = `line ${line}`;
    if (cells.length !== names.length)
      throw new LayoutError(CSV_PARSER, `${where}: ${cells.length} cells, expected ${names.length}`);
    const group = TUR[at(cells, 'tur')];
    if (!group) throw new LayoutError(CSV_PARSER, `${where}: tur ${JSON.stringify(at(cells, 'tur'))}, expected 0 or 1`);
    rows.push({
      dataDay: csvDay(at(cells, 'tarih'), where),
      market: MARKET,
      name: at(cells, 'urun_ad'),
      unit: at(cells, 'birim'),
      group,
      min: csvPrice(at(cells, 'en_dusuk_fiyat'), where),
      max: csvPrice(at(cells, 'en_yuksek_fiyat'), where),
      avg: null,
      printed: cells.join(','),
      location: where,
    });
  }
  return parsedRows(rows);
}

export const konyaHtml: Parser = { id: HTML_PARSER, version: 1, parse: parseKonyaHtml };
export const konyaCsv: Parser = {
  id: CSV_PARSER,
  version: 1,
  parse: (d) => parseKonyaCsv(new TextDecoder().decode(d.bytes)),
};
