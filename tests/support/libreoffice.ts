/**
 * LibreOffice Calc, headless, as a spreadsheet user's import of a CSV file: Debian's
 * `libreoffice-calc` (scripts/ensure-libreoffice.sh installs it before `npm test`). Each
 * conversion runs its own soffice with a fresh profile, so several run side by side, and writes
 * flat ODS, read back as XML: every cell's type and exact value, as the spreadsheet holds it.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, mkdirSync, readFileSync } from 'node:fs';
import { basename, delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import * as cheerio from 'cheerio';
import type { AnyNode, Element, Text } from 'domhandler';

/** The soffice program on PATH, or null. */
export function findSoffice(): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const path = join(dir, 'soffice');
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not in this directory
    }
  }
  return null;
}

/** LibreOffice's language ids of the CSV filter. */
export const LANGUAGE = { turkish: 1055, englishUs: 1033 } as const;
const UTF8 = 76;
const DOUBLE_QUOTE = 34;
/** Column format 9: "do not import" (a format per column; the others stay "standard"). */
const SKIP = 9;

/** `only`: import these columns (0-based) of a file of `columns` columns, and skip the others. */
export type CsvImport = { separator: ',' | ';'; language: number; only?: { columns: number; keep: number[] } };

/**
 * The CSV filter's options string: separator, text delimiter, character set, first line, column
 * formats, language. Column formats are `column/format` pairs (1-based); every column is
 * "standard" unless `only` skips it.
 */
export function csvFilterOptions(o: CsvImport): string {
  const skipped = o.only
    ? Array.from({ length: o.only.columns }, (_, i) => i).filter((c) => !o.only!.keep.includes(c))
    : [];
  return [
    o.separator.charCodeAt(0),
    DOUBLE_QUOTE,
    UTF8,
    1,
    skipped.map((c) => `${c + 1}/${SKIP}`).join('/'),
    o.language,
  ].join(',');
}

/** Imports the files with one soffice run and returns the flat ODS files it wrote, in order. */
export async function convertToFods(
  soffice: string,
  files: string[],
  options: CsvImport,
  workDir: string,
): Promise<string[]> {
  const outDir = join(workDir, 'out');
  mkdirSync(outDir, { recursive: true });
  const run = (profile: string) =>
    promisify(execFile)(
      soffice,
      [
        '--headless',
        '--norestore',
        `-env:UserInstallation=file://${join(workDir, profile)}`,
        `--infilter=Text - txt - csv (StarCalc):${csvFilterOptions(options)}`,
        '--convert-to',
        'fods',
        '--outdir',
        outDir,
        ...files,
      ],
      { timeout: 240_000, maxBuffer: 1 << 20 },
    );
  try {
    await run('profile');
  } catch (error) {
    // soffice sometimes aborts while it creates a fresh profile on a loaded machine (signal 6,
    // "Fatal exception"): that is LibreOffice's start, not the file, so it gets one more start.
    if (!/Fatal exception/.test((error as Error).message)) throw error;
    await run('profile-again');
  }
  return files.map((f) => join(outDir, basename(f).replace(/\.csv$/, '.fods')));
}

/**
 * A cell as the spreadsheet holds it: `float` with its number, `date` with its day (or time),
 * `string` with its text; a formula says so. Empty cells are null.
 */
export type SheetCell = { type: string; value: number | string; formula?: string } | null;

/** The first sheet's rows, repeated cells and rows expanded (the DOM is walked directly: a sheet has some 400,000 cells). */
export function readFods(path: string): SheetCell[][] {
  const $ = cheerio.load(readFileSync(path, 'utf8'), { xml: true });
  const table = $('office\\:spreadsheet > table\\:table').get(0);
  const rows: SheetCell[][] = [];
  for (const row of table ? tags(table, 'table:table-row') : []) {
    const cells: SheetCell[] = [];
    for (const el of tags(row, 'table:table-cell', 'table:covered-table-cell')) {
      const cell = sheetCell(el);
      for (let n = Number(el.attribs['table:number-columns-repeated'] ?? 1); n > 0; n--) cells.push(cell);
    }
    while (cells.length && cells.at(-1) === null) cells.pop();
    for (let n = Number(row.attribs['table:number-rows-repeated'] ?? 1); n > 0; n--) rows.push(cells);
  }
  while (rows.length && rows.at(-1)!.length === 0) rows.pop();
  return rows;
}

function tags(parent: Element, ...names: string[]): Element[] {
  return parent.children.filter((c): c is Element => c.type === 'tag' && names.includes((c as Element).name));
}

function sheetCell(el: Element): SheetCell {
  const type = el.attribs['office:value-type'];
  if (!type) return null;
  const formula = el.attribs['table:formula'];
  if (formula) return { type, value: el.attribs['office:value'] ?? '', formula };
  if (type === 'float') return { type, value: Number(el.attribs['office:value']) };
  if (type === 'date') return { type, value: el.attribs['office:date-value']! };
  return { type, value: tags(el, 'text:p').map(paragraphText).join('\n') };
}

/** ODF writes a run of spaces as <text:s text:c="n"/>; spans and links hold text of their own. */
function paragraphText(node: AnyNode): string {
  if (node.type === 'text') return (node as Text).data;
  if (node.type !== 'tag') return '';
  const el = node as Element;
  if (el.name === 'text:s') return ' '.repeat(Number(el.attribs['text:c'] ?? 1));
  return el.children.map(paragraphText).join('');
}
