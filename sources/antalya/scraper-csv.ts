/**
 * DERIVED daily tables `hal_YYYY-MM-DD.csv` of the scraper repository Rizakarakaya7/Tarim_pulse_pro:
 * its record of the values the Antalya page showed for about 24 products, not the bulletin itself.
 * Header `tarih,hal_urun_adi,ihracat_kategorisi,birim,fiyat_min,fiyat_max` (UTF-8 with BOM, LF),
 * `tarih` the file's own day, `birim` always `Kg`, prices in TL per kg with a decimal point (`10`,
 * `9.5`, `30.00`). `ihracat_kategorisi` is the scraper's export category, not a column of the
 * bulletin: it stays in the printed row and is not read as the source's group.
 *
 * The scraper rewrote every price by deleting each `.` and turning `,` into `.`: a page that
 * printed `30.00` reached the file as `3000`. Such values are kept as printed; the store's
 * plausibility rules judge them. On days without a new bulletin it copied the previous day's table
 * under the new date: the store marks those lists as repeats of the previous one.
 */
import type { Day } from '../../core/dates.ts';
import { LayoutError, type ParsedDocument, type PrintedRow, type SourceDocument } from '../types.ts';
import { parseCsvRecords } from '../lib/csv.ts';

export const PARSER = 'antalya-scraper-csv';
export const PARSER_VERSION = 1;
const MARKET = 'antalya-sebze-meyve';
const HEADER = 'tarih,hal_urun_adi,ihracat_kategorisi,birim,fiyat_min,fiyat_max';
const UNIT = 'Kg';
const PRICE = /^\d+(\.\d{1,2})?$/;

function price(text: string, where: string): number {
  if (!PRICE.test(text)) throw new LayoutError(PARSER, `${where}: price ${JSON.stringify(text)}`);
  return Number(text);
}

/** The day the file is for: its name's date, which archive.json gives as `requestedDay`. */
function fileDay(document: SourceDocument): Day {
  if (!document.requestedDay) throw new LayoutError(PARSER, 'no requestedDay: the file name gives the day');
  return document.requestedDay;
}

export function parseAntalyaScraperCsv(document: SourceDocument): ParsedDocument {
  const day = fileDay(document);
  const text = new TextDecoder().decode(document.bytes);
  const lines = text.split('\n'); // the decoder drops the BOM
  const [header, ...records] = parseCsvRecords(text).filter((r) => r.cells.some((c) => c !== ''));
  if (!header || header.cells.join(',') !== HEADER)
    throw new LayoutError(PARSER, `header ${JSON.stringify(header?.cells.join(','))}`);
  const rows = records.map((record): PrintedRow => {
    const where = `line ${record.line}`;
    if (record.cells.length !== 6) throw new LayoutError(PARSER, `${where} has ${record.cells.length} cells`);
    const [tarih, name, , unit, min, max] = record.cells as [string, string, string, string, string, string];
    if (tarih !== day) throw new LayoutError(PARSER, `${where}: tarih ${JSON.stringify(tarih)} in the file of ${day}`);
    if (unit !== UNIT) throw new LayoutError(PARSER, `${where}: birim ${JSON.stringify(unit)}`);
    if (name.trim() === '') throw new LayoutError(PARSER, `${where}: no product name`);
    return {
      dataDay: day,
      market: MARKET,
      name,
      unit,
      group: null,
      min: price(min, where),
      max: price(max, where),
      avg: null,
      printed: lines[record.line - 1]!,
      location: where,
    };
  });
  // A table without rows is a day without a list, as a page without a table would be.
  return { rows, bulletinDays: rows.length ? [day] : [] };
}
