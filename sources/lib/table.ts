/**
 * Reading an HTML price table by its header, the part the table parsers share: find the header
 * row, map the folded header texts to fields, walk the rows under it, and read a price cell as a
 * number or a LayoutError naming the parser. What a source prints beyond that (where its day
 * comes from, grades, category rows, two products per row …) stays in its own parser.
 *
 * Two ways of finding a header are in use, and they do not match the same tables:
 * - by label (`columnsByLabel`, `findTableByLabels`, `namedRows`): a header cell names a field
 *   when its folded text is the label or starts with it and a space (`En Düşük Fiyat`); extra
 *   columns are allowed, and a row must reach every mapped column and have a name
 *   (`parseDatelessTable` reads the plainest such table whole);
 * - by exact header (`columnsByHeader`, `tablesWithHeader`, `fullWidthRows`): the table's first
 *   row is exactly its header, every cell's folded text is a known name, and every row has as
 *   many cells as the header.
 */
import { fold } from '../../core/turkish.ts';
import { LayoutError, type ParsedDocument, type Parser, type PrintedRow, type SourceDocument } from '../types.ts';
import { loadHtml, tableRows, type Html } from './html.ts';
import { parseTurkishNumber, PriceFormatError } from './numbers.ts';

/** Field → its column in the table's rows. */
export type Columns<F extends string> = Record<F, number>;

/** A table of the page: its index among all the page's tables (the `table[i]` of locations), every row as cell texts, and the index of its header row. */
export type PageTable = { index: number; rows: string[][]; headerAt: number };

/** A table whose header row maps every field to a column. */
export type HeaderedTable<F extends string> = PageTable & { columns: Columns<F> };

/** A row under the header, with its location `table[i] tr[r]` (r counts every row of the table). */
export type TableRow = { cells: string[]; where: string };

// ---------------------------------------------------------------- prices

/**
 * How the LayoutError words a price that is not one, after `where: `:
 * - 'reader' (the default): the shared reader's message, `not a price: "18 ₺/kg"`;
 * - 'compact': `not a price "18 ₺/kg"`, the wording the exact-header parsers were written with,
 *   kept so that their errors read as before.
 */
export type PriceErrorWording = 'reader' | 'compact';

/**
 * The price reader of one parser: a cell's text → number, null for a placeholder (`-`, `Fiyat
 * Bekleniyor` …); any other text is a LayoutError naming `parser` and the cell (`where`).
 */
export function priceReader(
  parser: string,
  wording: PriceErrorWording = 'reader',
): (text: string, where: string) => number | null {
  return (text, where) => {
    try {
      return parseTurkishNumber(text);
    } catch (error) {
      if (error instanceof PriceFormatError) {
        throw new LayoutError(
          parser,
          `${where}: ${wording === 'reader' ? error.message : `not a price ${JSON.stringify(text)}`}`,
        );
      }
      throw error;
    }
  };
}

// ---------------------------------------------------------------- header by label

/** Field → its folded header label, or several labels any of which names the column. */
export type ColumnLabels<F extends string> = Record<F, string | readonly string[]>;

/** Field → column when every field has a cell whose folded text is one of its labels or starts with one and a space; else null. */
export function columnsByLabel<F extends string>(header: string[], labels: ColumnLabels<F>): Columns<F> | null {
  const folded = header.map(fold);
  const columns: Partial<Columns<F>> = {};
  for (const [field, label] of Object.entries(labels) as [F, string | readonly string[]][]) {
    const names = typeof label === 'string' ? [label] : label;
    const i = folded.findIndex((cell) => names.some((name) => cell === name || cell.startsWith(`${name} `)));
    if (i < 0) return null;
    columns[field] = i;
  }
  return columns as Columns<F>;
}

/** The first row of `rows` that names every field (see `columnsByLabel`), with its columns; else null. */
export function findLabelledHeader<F extends string>(
  rows: string[][],
  labels: ColumnLabels<F>,
): { headerAt: number; columns: Columns<F> } | null {
  for (const [headerAt, row] of rows.entries()) {
    const columns = columnsByLabel(row, labels);
    if (columns) return { headerAt, columns };
  }
  return null;
}

/**
 * The first innermost table of the page with a header row naming every field, or null. Tables
 * holding other tables are passed over: a layout table around the list would repeat its rows.
 */
export function findTableByLabels<F extends string>($: Html, labels: ColumnLabels<F>): HeaderedTable<F> | null {
  for (const [index, table] of $('table').toArray().entries()) {
    if ($(table).find('table').length > 0) continue;
    const rows = tableRows($, table);
    const header = findLabelledHeader(rows, labels);
    if (header) return { index, rows, ...header };
  }
  return null;
}

/** Empty rows and one-cell rows (notes such as "Güncel fiyat bulunmamaktadır") are not price rows. */
export function isBlankOrNote(cells: string[]): boolean {
  return cells.length <= 1 || cells.every((c) => c === '');
}

/**
 * The price rows under a header found by label, one at a time (the parser's own checks of a row
 * run before the next row is looked at). Rows for which `skip` holds are passed over; any other
 * row that is shorter than the mapped columns reach, or has no `name`, is a LayoutError.
 */
export function* namedRows<F extends string>(
  parser: string,
  table: HeaderedTable<F>,
  name: F,
  skip: (cells: string[]) => boolean = isBlankOrNote,
): Generator<TableRow> {
  const width = Math.max(...Object.values<number>(table.columns)) + 1;
  for (let r = table.headerAt + 1; r < table.rows.length; r++) {
    const cells = table.rows[r]!;
    if (skip(cells)) continue;
    const where = `table[${table.index}] tr[${r}]`;
    if (cells.length < width || !cells[table.columns[name]])
      throw new LayoutError(parser, `${where}: not a price row: ${cells.join(' | ')}`);
    yield { cells, where };
  }
}

/** How a row's price cells are named in errors: `min`, `max`, `avg` unless the page prints grades. */
export type PriceLabels = { min: string; max: string; avg: string };
const PRICE_LABELS: PriceLabels = { min: 'min', max: 'max', avg: 'avg' };

/**
 * The prices and the evidence of one table row: min · max, avg where the table has the column
 * (else null), the printed text and the location. Tables found by label name the price column in
 * an error (`table[0] tr[3] min`) and keep `printed` without the empty cells that end a short row;
 * exact-header tables print the row whole and name the row only.
 */
export function priceCells(
  price: (text: string, where: string) => number | null,
  cells: string[],
  where: string,
  columns: { min: number; max: number; avg?: number },
  style: 'labelled' | 'exact',
  labels: PriceLabels = PRICE_LABELS,
): Pick<PrintedRow, 'min' | 'max' | 'avg' | 'printed' | 'location'> {
  const at = (label: string) => (style === 'labelled' ? `${where} ${label}` : where);
  return {
    min: price(cells[columns.min]!, at(labels.min)),
    max: price(cells[columns.max]!, at(labels.max)),
    avg: columns.avg === undefined ? null : price(cells[columns.avg]!, at(labels.avg)),
    printed: style === 'labelled' ? cells.join(' | ').trimEnd() : cells.join(' | '),
    location: where,
  };
}

/** The columns of a dateless table: name · unit · min · max, and a group where the page prints one. */
type DatelessLabels = ColumnLabels<'name' | 'unit' | 'min' | 'max'> & Partial<ColumnLabels<'group'>>;

/** A dateless table's parser, market, labels and the header its LayoutError names. */
type DatelessSpec = { parser: string; market: string; labels: DatelessLabels; header: string };

/**
 * The dateless layout several sources print as it is: one table found by label, a row per
 * product with name · unit · min · max (and a group column where there is one; other columns
 * stay in `printed` only), and no date on the page, so every row is of the document's requested
 * day. A page with rows but no requested day is a LayoutError; one without rows is no list.
 */
export function parseDatelessTable(document: SourceDocument, spec: DatelessSpec): ParsedDocument {
  const { parser, market } = spec;
  const table = findTableByLabels(
    loadHtml(document.bytes),
    spec.labels as ColumnLabels<'name' | 'unit' | 'min' | 'max' | 'group'>,
  );
  if (!table) throw new LayoutError(parser, `no table with the columns ${spec.header}`);
  const { columns } = table;
  const price = priceReader(parser);
  const rows: PrintedRow[] = [];
  for (const { cells, where } of namedRows(parser, table, 'name')) {
    const day = document.requestedDay;
    if (!day) throw new LayoutError(parser, 'the page prints no date and the document carries no requestedDay');
    rows.push({
      dataDay: day,
      market,
      name: cells[columns.name]!,
      unit: cells[columns.unit]!,
      group: columns.group === undefined ? null : cells[columns.group] || null,
      ...priceCells(price, cells, where, columns, 'labelled'),
    });
  }
  return parsedRows(rows);
}

/** The parser of a source that prints the dateless layout (see `parseDatelessTable`). */
export function datelessTableParser(spec: DatelessSpec): Parser {
  return { id: spec.parser, version: 1, parse: (document) => parseDatelessTable(document, spec) };
}

// ---------------------------------------------------------------- exact header

/**
 * Field → column when `header` is exactly `width` cells (by default one per field) and the
 * folded texts name every field, in any order; `names` may give a field several names
 * (`bastarih`, `bas tarih`). Else null.
 */
export function columnsByHeader<F extends string>(
  header: string[] | undefined,
  names: Record<string, F>,
  width = new Set(Object.values(names)).size,
): Columns<F> | null {
  if (!header || header.length !== width) return null;
  const columns: Partial<Columns<F>> = {};
  header.forEach((text, i) => {
    const field = names[fold(text)];
    if (field) columns[field] = i;
  });
  return Object.keys(columns).length === new Set(Object.values(names)).size ? (columns as Columns<F>) : null;
}

/** The tables (rows of cell texts, in page order) whose first row is a header of `names`, with their columns. */
export function tablesWithHeader<F extends string>(
  tables: string[][][],
  names: Record<string, F>,
  width?: number,
): HeaderedTable<F>[] {
  return tables.flatMap((rows, index) => {
    const columns = columnsByHeader(rows[0], names, width);
    return columns ? [{ index, rows, headerAt: 0, columns }] : [];
  });
}

/**
 * The rows under a table's header, one at a time: empty rows and rows for which `skip` holds are
 * passed over; any other row with another number of cells than the header is a LayoutError.
 */
export function* fullWidthRows(
  parser: string,
  table: PageTable,
  skip: (cells: string[]) => boolean = () => false,
): Generator<TableRow> {
  const expected = table.rows[table.headerAt]!.length;
  for (let r = table.headerAt + 1; r < table.rows.length; r++) {
    const cells = table.rows[r]!;
    if (cells.every((c) => c === '') || skip(cells)) continue;
    const where = `table[${table.index}] tr[${r}]`;
    if (cells.length !== expected)
      throw new LayoutError(parser, `${where}: ${cells.length} cells, expected ${expected}`);
    yield { cells, where };
  }
}

/** What a row of a table says beyond its prices. */
export type RowFacts = Pick<PrintedRow, 'dataDay' | 'market' | 'name' | 'unit' | 'group'>;

/**
 * The plainest exact-header layout, read whole: the first table whose header is `spec.names`
 * (`spec.width` cells), a row per product with what `facts` reads from it and its min · max
 * (· avg) prices. No such table is a LayoutError naming `spec.header`; an empty one is no list.
 */
export function parseExactTable<F extends string>(
  tables: string[][][],
  spec: { parser: string; names: Record<string, F | 'min' | 'max'>; header: string; width?: number },
  facts: (cells: string[], columns: Columns<F | 'min' | 'max'>, where: string) => RowFacts,
): ParsedDocument {
  const [table] = tablesWithHeader(tables, spec.names, spec.width);
  if (!table) throw new LayoutError(spec.parser, `no table with the header ${spec.header}`);
  const price = priceReader(spec.parser, 'compact');
  const rows: PrintedRow[] = [];
  for (const { cells, where } of fullWidthRows(spec.parser, table)) {
    rows.push({ ...facts(cells, table.columns, where), ...priceCells(price, cells, where, table.columns, 'exact') });
  }
  return parsedRows(rows);
}

/**
 * `DOMATES` + `SALKIM` → `DOMATES SALKIM`: a variety (Cinsi, as in the HKS tables) joined to the
 * name; an empty, `-` or repeated variety adds nothing.
 */
export function nameWithVariety(name: string, variety: string): string {
  return variety === '' || variety === '-' || fold(variety) === fold(name) ? name : `${name} ${variety}`;
}

// ---------------------------------------------------------------- result

/** The parsed document of `rows`: its bulletin days are the days the rows hold, sorted (none for no row). */
export function parsedRows(rows: PrintedRow[]): ParsedDocument {
  return { rows, bulletinDays: [...new Set(rows.map((r) => r.dataDay))].sort() };
}
