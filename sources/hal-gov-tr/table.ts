/**
 * The HKS price table as HTML, shared by the page's GridView (`…_gvFiyatlar`) and the Excel
 * export (the same grid rendered to an HTML table): a header row Ürün Adı · Ürün Cinsi · Ürün
 * Türü · Ortalama Fiyat · İşlem Hacmi · Birim Adı (columns mapped by header text, not by
 * position), data rows of six cells, and the GridView pager row (`<tr class="pager">`, a cell
 * holding a nested table of page links whose text is `12345678910...`), which is rejected and
 * counted. Only the table's own rows are read, never the rows of the nested pager table.
 */
import type { AnyNode, Element } from 'domhandler';
import { cellText, type Html } from '../lib/html.ts';
import { parseTurkishNumber, PriceFormatError } from '../lib/numbers.ts';
import { LayoutError } from '../types.ts';
import { isPagerText, type HksLine } from './aggregate.ts';

const COLUMNS = {
  ad: 'ürün adı',
  cinsi: 'ürün cinsi',
  turu: 'ürün türü',
  fiyat: 'ortalama fiyat',
  hacim: 'işlem hacmi',
  birim: 'birim adı',
} as const;
type Column = keyof typeof COLUMNS;

const headerKey = (text: string) =>
  text.replace(/İ/g, 'i').replace(/I/g, 'ı').toLocaleLowerCase('tr-TR').replace(/\s+/g, ' ').trim();

/** The rows that belong to `table` itself (through tbody/thead), not to a table nested in it. */
export function ownRows($: Html, table: AnyNode): Element[] {
  return $(table)
    .find('tr')
    .toArray()
    .filter((tr) => $(tr).parent().closest('table')[0] === table);
}

/** Column index of each field when `cells` is the header row, else null. */
function headerMap(cells: string[]): Record<Column, number> | null {
  const keys = cells.map(headerKey);
  if (!keys.includes(COLUMNS.ad)) return null;
  const map = {} as Record<Column, number>;
  for (const [field, title] of Object.entries(COLUMNS) as [Column, string][]) {
    const i = keys.indexOf(title);
    if (i < 0) return null;
    map[field] = i;
  }
  return map;
}

function isPagerRow($: Html, tr: Element, cells: string[]): boolean {
  return $(tr).hasClass('pager') || $(tr).find('table').length > 0 || (cells.length > 0 && isPagerText(cells[0]!));
}

/**
 * İşlem Hacmi. Volumes are whole quantities (all 444 lines of the 2026-04-21 bulletin), so a
 * dot between groups of three digits is a thousands separator: `12.852` is 12852, not 12.852
 * as a bare price would read. `5434`, `5.434,00` and `5434,5` read as usual.
 */
export function parseVolume(text: string): number | null {
  const t = text.replace(/[\s\u00a0]/g, '');
  if (/^\d{1,3}(\.\d{3})+$/.test(t)) return Number(t.replace(/\./g, ''));
  return parseTurkishNumber(t);
}

export type TableRead = { lines: HksLine[]; pagerRows: number; headers: number };

/**
 * Reads one HKS table. `where(i)` names row i (1-based among the table's own rows) for
 * `location`. Rows before the first header (the export's title row) are titles; a repeated
 * header is skipped. A table without a header row but with data-sized rows is not the layout
 * we know.
 */
export function readTable($: Html, table: AnyNode, parser: string, where: (row: number) => string): TableRead {
  const read: TableRead = { lines: [], pagerRows: 0, headers: 0 };
  let map: Record<Column, number> | null = null;
  let width = 0;
  ownRows($, table).forEach((tr, i) => {
    const cells = $(tr)
      .children('th,td')
      .toArray()
      .map((c) => cellText($, c));
    const header = headerMap(cells);
    if (header) {
      map = header;
      width = cells.length;
      read.headers++;
      return;
    }
    if (isPagerRow($, tr, cells)) {
      read.pagerRows++;
      return;
    }
    if (!map) {
      if (cells.length >= 6)
        throw new LayoutError(parser, `${where(i + 1)}: a data row before any header (${JSON.stringify(cells)})`);
      return; // a title row
    }
    if (cells.length !== width)
      throw new LayoutError(parser, `${where(i + 1)}: ${cells.length} cells, the header has ${width}`);
    read.lines.push(line(cells, map, parser, where(i + 1)));
  });
  return read;
}

function line(cells: string[], map: Record<Column, number>, parser: string, location: string): HksLine {
  const cell = (c: Column) => cells[map[c]]!;
  let price: number | null;
  let volume: number | null;
  try {
    price = parseTurkishNumber(cell('fiyat'));
    volume = parseVolume(cell('hacim'));
  } catch (error) {
    if (error instanceof PriceFormatError) throw new LayoutError(parser, `${location}: ${error.message}`);
    throw error;
  }
  if (volume !== null && volume < 0) throw new LayoutError(parser, `${location}: negative volume ${cell('hacim')}`);
  if (cell('ad') === '') throw new LayoutError(parser, `${location}: no product name`);
  return {
    ad: cell('ad'),
    cinsi: cell('cinsi'),
    turu: cell('turu'),
    birim: cell('birim'),
    price,
    volume,
    printed: cells,
    location,
  };
}
