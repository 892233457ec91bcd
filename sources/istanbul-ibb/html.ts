/**
 * The İBB price table as HTML: the fragment `gunluk_fiyatlar.asp` answers today, and the whole
 * page of the former site gida.ibb.istanbul, which held the same `<table class="tableClass">`.
 * Price cells are `50,00<span …> TL</span>`. The endpoint sends no charset, the bytes are UTF-8.
 * A table with its header and no row is a day without a list (the endpoint answers so for
 * today, weekends and holidays); a page without the table is a changed layout.
 *
 * The category comes from the document: `kategori=` in the endpoint URL, or the selected
 * `KategoriId00` option of the former page's form. The data day is the requested day; the former
 * page echoes it in its date field (`2020-1-30`), which must then agree.
 */
import { isDay, type Day } from '../../core/dates.ts';
import { LayoutError, type ParsedDocument, type SourceDocument } from '../types.ts';
import { loadHtml, tableRows, type Html } from '../lib/html.ts';
import { checkHeader, GROUP_OF_KATEGORI, requestedDayOf, toPrintedRow, type IbbGroup } from './table.ts';

export const PARSER = 'istanbul-ibb-html';
export const PARSER_VERSION = 1;

export function parseIbbHtml(document: Pick<SourceDocument, 'bytes' | 'url' | 'requestedDay'>): ParsedDocument {
  const $ = loadHtml(document.bytes, 'utf-8');
  const tables = $('table.tableClass').toArray();
  if (tables.length !== 1) throw new LayoutError(PARSER, `${tables.length} tables with class tableClass, expected 1`);
  const [header, ...body] = tableRows($, tables[0]!);
  checkHeader(PARSER, header);
  if (body.length === 0) return { rows: [], bulletinDays: [] };
  const day = dataDay($, document);
  const group = groupOf($, document.url);
  const rows = body.map((cells, i) => {
    // tr[1] is the header row
    const location = `table.tableClass tr[${i + 2}]`;
    if (cells.length !== 4)
      throw new LayoutError(PARSER, `${location}: ${cells.length} cells ${JSON.stringify(cells)}`);
    const [name, unit, min, max] = cells as [string, string, string, string];
    return toPrintedRow(PARSER, { name, unit, min, max, printed: cells.join(' | '), location }, day, group);
  });
  return { rows, bulletinDays: [day] };
}

/** The former page's date field, `YYYY-M-D` (the site's datepicker format); null when absent. */
function echoedDay($: Html): Day | null {
  const value = $('input[name="tarih"]').attr('value')?.trim();
  if (!value) return null;
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const day = m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : '';
  if (!isDay(day)) throw new LayoutError(PARSER, `date field ${JSON.stringify(value)}`);
  return day;
}

function dataDay($: Html, document: Pick<SourceDocument, 'url' | 'requestedDay'>): Day {
  const echoed = echoedDay($);
  if (!document.requestedDay && echoed) return echoed;
  const day = requestedDayOf(PARSER, document);
  if (echoed && echoed !== day)
    throw new LayoutError(PARSER, `the page shows the list of ${echoed}, ${day} was requested`);
  return day;
}

function kategoriOfUrl(url: string): string | null {
  try {
    return new URL(url).searchParams.get('kategori');
  } catch {
    return null;
  }
}

function groupOf($: Html, url: string): IbbGroup | null {
  const codes = [kategoriOfUrl(url), $('select[name="KategoriId00"] option[selected]').attr('value') ?? null].filter(
    (c): c is string => c !== null,
  );
  const groups = codes.map((code) => {
    const group = GROUP_OF_KATEGORI[code];
    if (!group) throw new LayoutError(PARSER, `unknown kategori ${JSON.stringify(code)}`);
    return group;
  });
  if (new Set(groups).size > 1)
    throw new LayoutError(PARSER, `the URL asks for kategori ${codes[0]}, the page shows ${codes[1]}`);
  return groups[0] ?? null;
}
